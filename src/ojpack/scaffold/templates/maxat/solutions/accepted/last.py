"""Another right answer: the last index of a maximum. Wherever the maximum is repeated it prints another
number than the model's answer; the checker, not a comparison with the answer, accepts it."""
import sys


def main() -> None:
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    a = list(map(int, data[1:1 + n]))
    best = max(a)
    print(max(i for i in range(n) if a[i] == best) + 1)


main()
