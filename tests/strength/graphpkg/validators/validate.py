"""Strict: `n m`, then m lines `u v w`, single spaces, \n line ends, u != v, every number within its bounds."""
import re
import sys

bounds = {m[1]: (int(m[2]), int(m[3])) for a in sys.argv[1:] if (m := re.fullmatch(r"(\w+)=(-?\d+)\.\.(-?\d+)", a))}
NUM = rb"(0|[1-9][0-9]*)"


def fail(why: str) -> None:
    print(why, file=sys.stderr)
    sys.exit(43)


def within(name: str, v: int, lo: int, hi: int) -> None:
    if not lo <= v <= hi:
        fail(f"{name} = {v} outside [{lo}, {hi}]")


lines = sys.stdin.buffer.read().split(b"\n")
if lines[-1] != b"":
    fail("no final newline")
lines.pop()
head = re.fullmatch(NUM + b" " + NUM, lines[0]) if lines else None
if not head:
    fail("expected n m")
n, m = int(head[1]), int(head[2])
within("n", n, *bounds["n"])
within("m", m, *bounds["m"])
if len(lines) != m + 1:
    fail(f"{len(lines) - 1} edge lines for m = {m}")
for line in lines[1:]:
    e = re.fullmatch(NUM + b" " + NUM + b" " + NUM, line)
    if not e:
        fail("expected u v w")
    u, v, w = int(e[1]), int(e[2]), int(e[3])
    within("u", u, 1, n)
    within("v", v, 1, n)
    within("w", w, bounds["W"][0], bounds["W"][1])
    if u == v:
        fail("u == v")
sys.exit(42)
