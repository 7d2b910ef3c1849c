import sys
from functools import reduce
from operator import xor

data = sys.stdin.buffer.read().split()
t, pos, out = int(data[0]), 1, []
for _ in range(t):
    n = int(data[pos])
    out.append("Yes" if reduce(xor, map(int, data[pos + 1:pos + 1 + n]), 0) else "No")
    pos += 1 + n
print("\n".join(out))
