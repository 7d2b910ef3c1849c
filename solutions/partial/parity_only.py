"""Partial (20 points: subtask 1): the all-ones rule alone. With every pile a single stone the moves are
forced, so the first player wins exactly when the number of piles is even; the pile sizes are ignored,
which is wrong as soon as a pile holds two or more stones."""
import sys


def main() -> None:
    tokens = sys.stdin.buffer.read().split()
    games, pos = int(tokens[0]), 1
    out = []
    for _ in range(games):
        n = int(tokens[pos])
        pos += 1 + n
        out.append("John" if n % 2 == 0 else "Brother")
    sys.stdout.write("\n".join(out) + "\n")


main()
