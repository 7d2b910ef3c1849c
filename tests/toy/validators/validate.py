import json
import re
import sys

lo, hi = map(int, [a for a in sys.argv[1:] if a.startswith("x=")][0][2:].split(".."))
data = sys.stdin.buffer.read()
m = re.fullmatch(rb"([1-9][0-9]{0,8}) ([1-9][0-9]{0,8})\n", data)
if not m:
    print("line 1, column 1: expected two numbers, found something else", file=sys.stderr)
    sys.exit(43)
xs = [int(g) for g in m.groups()]
if not all(lo <= x <= hi for x in xs):
    print(f"line 1, column 1: expected x in [{lo}, {hi}], found {xs}", file=sys.stderr)
    sys.exit(43)
if "--features" in sys.argv:
    print(json.dumps({"values": {"max_x": max(xs)}, "features": ["x=max"] if hi in xs else []}))
sys.exit(42)
