"""The same in Python: an exact integer sum, one division. Python prints the shortest repr of the double
(e.g. 2.3333333333333335): other digits than the model's, accepted because the checker compares numbers
within a tolerance, not text."""
import sys


def main() -> None:
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    print(sum(map(int, data[1:1 + n])) / n)


main()
