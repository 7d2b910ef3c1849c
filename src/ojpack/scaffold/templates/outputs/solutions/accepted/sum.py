"""The same in Python: read everything at once (fast), sum with big integers, reduce once."""
import sys


def main() -> None:
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    print(sum(map(int, data[1:1 + n])) % (10**9 + 7))


main()
