"""Answer validator for John's game (ICPC 2025-09 `answer_validators/`): is this .ans file well formed?

Usage: answer.py INPUT_FILE < answer. Exit 42 if the answer is one line per game of the input, each
exactly `John` or `Brother`; else 43 with one line on stderr. The words are the package's answers.
"""

from __future__ import annotations

import sys

VALID, INVALID = 42, 43
WORDS = (b"John", b"Brother")


def check(input_bytes: bytes, answer: bytes) -> str | None:
    """None if the answer fits the input, else what is wrong."""
    games = int(input_bytes.split(maxsplit=1)[0])
    if not answer.endswith(b"\n"):
        return "the answer does not end with a newline"
    lines = answer[:-1].split(b"\n")
    if len(lines) != games:
        return f"expected {games} lines (one per game), found {len(lines)}"
    for i, line in enumerate(lines, start=1):
        if line not in WORDS:
            return f"line {i}: expected John or Brother, found {line[:20]!r}"
    return None


def main(argv: list[str]) -> int:
    if len(argv) < 1:
        print("usage: answer.py INPUT_FILE < answer", file=sys.stderr)
        return 2
    with open(argv[0], "rb") as f:
        problem = check(f.read(), sys.stdin.buffer.read())
    if problem:
        print(problem, file=sys.stderr)
        return INVALID
    return VALID


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
