import re
import sys

bounds = {a[0]: tuple(map(int, a[2:].split(".."))) for a in sys.argv[1:] if re.fullmatch(r"[na]=\d+\.\.\d+", a)}
m = re.fullmatch(rb"([1-9][0-9]*)\n([1-9][0-9]*(?: [1-9][0-9]*)*)\n", sys.stdin.buffer.read())
if not m:
    print("expected n, then a line of numbers", file=sys.stderr)
    sys.exit(43)
n, a = int(m[1]), [int(x) for x in m[2].split()]
if not (bounds["n"][0] <= n <= bounds["n"][1] and len(a) == n and all(bounds["a"][0] <= x <= bounds["a"][1] for x in a)):
    print(f"n = {n} or a number is out of bounds, or the count is wrong", file=sys.stderr)
    sys.exit(43)
sys.exit(42)
