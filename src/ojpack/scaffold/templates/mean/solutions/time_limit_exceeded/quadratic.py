"""Too slow: recomputes the sum of the whole prefix for every element, O(n^2). Fine for n <= 1000, far over
the time limit for n = 200000: it shows the big tests really are big."""
import sys


def main() -> None:
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    a = list(map(int, data[1:1 + n]))
    total = 0
    for i in range(n):
        total = sum(a[:i + 1])   # the same prefix again and again
    print(total / n)


main()
