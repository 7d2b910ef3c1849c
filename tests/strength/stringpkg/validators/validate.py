"""Strict: n on a line, then exactly n lowercase letters on a line."""
import re
import sys

bounds = {m[1]: (int(m[2]), int(m[3])) for a in sys.argv[1:] if (m := re.fullmatch(r"(\w+)=(-?\d+)\.\.(-?\d+)", a))}
m = re.fullmatch(rb"(0|[1-9][0-9]*)\n([a-z]+)\n", sys.stdin.buffer.read())
if not m:
    print("expected n, then a line of letters", file=sys.stderr)
    sys.exit(43)
n = int(m[1])
lo, hi = bounds["n"]
if not lo <= n <= hi or len(m[2]) != n:
    print(f"n = {n} out of [{lo}, {hi}] or not the string's length", file=sys.stderr)
    sys.exit(43)
sys.exit(42)
