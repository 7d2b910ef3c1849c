"""Accepted: anti-Nim (SJ theorem). John wins iff (all piles are 1 and their count is even)
or (some pile has 2+ stones and the XOR is not zero)."""
import sys


def main() -> None:
    data = sys.stdin.buffer.read().split()
    t, pos, out = int(data[0]), 1, []
    for _ in range(t):
        n = int(data[pos])
        piles = list(map(int, data[pos + 1:pos + 1 + n]))
        pos += 1 + n
        xor = 0
        for p in piles:
            xor ^= p
        rich = max(piles) > 1
        out.append("John" if (xor != 0) == rich else "Brother")
    sys.stdout.write("\n".join(out) + "\n")


main()
