"""Strict: n, then n-1 lines `u v` forming a tree on 1..n (no loop, no edge twice, connected)."""
import re
import sys

bounds = {m[1]: (int(m[2]), int(m[3])) for a in sys.argv[1:] if (m := re.fullmatch(r"(\w+)=(-?\d+)\.\.(-?\d+)", a))}


def fail(why: str) -> None:
    print(why, file=sys.stderr)
    sys.exit(43)


NUM = rb"(0|[1-9][0-9]*)"
lines = sys.stdin.buffer.read().split(b"\n")
if lines[-1] != b"":
    fail("no final newline")
lines.pop()
if not lines or not re.fullmatch(NUM, lines[0]):
    fail("expected n")
n = int(lines[0])
if not bounds["n"][0] <= n <= bounds["n"][1]:
    fail("n out of bounds")
if len(lines) != n:
    fail("expected n - 1 edges")
parent = list(range(n + 1))


def find(x: int) -> int:
    while parent[x] != x:
        x = parent[x]
    return x


for line in lines[1:]:
    e = re.fullmatch(NUM + b" " + NUM, line)
    if not e:
        fail("expected u v")
    u, v = int(e[1]), int(e[2])
    if not (1 <= u <= n and 1 <= v <= n):
        fail("a vertex out of 1..n")
    a, b = find(u), find(v)
    if a == b:
        fail("a cycle (or a loop, or an edge twice)")
    parent[a] = b
sys.exit(42)
