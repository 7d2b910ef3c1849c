"""The Python grader: it reads the input, imports the submission (task.py) and calls sum_mod once."""
import sys

import task


def main() -> None:
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    a = [int(x) for x in data[1:1 + n]]
    sys.stdout.write(f"{task.sum_mod(n, a)}\n")


main()
