# Wrong on purpose: decides by the parity of the total instead of the XOR.
import sys

data = sys.stdin.buffer.read().split()
t, pos, out = int(data[0]), 1, []
for _ in range(t):
    n = int(data[pos])
    out.append("Yes" if sum(map(int, data[pos + 1:pos + 1 + n])) % 2 else "No")
    pos += 1 + n
print("\n".join(out))
