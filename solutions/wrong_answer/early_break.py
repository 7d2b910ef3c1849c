"""Wrong answer: reads tokens one by one and stops reading a game at its first rich pile, so the XOR
misses the remaining piles and the rest of the game is read as the next games."""
import sys

tokens = iter(sys.stdin.read().split())
games = int(next(tokens))
out = []
for _ in range(games):
    n = int(next(tokens, "0"))
    x, rich = 0, False
    for _ in range(n):
        a = int(next(tokens, "0"))
        x ^= a
        if a > 1:
            rich = True
            break
    out.append("John" if (x != 0 if rich else n % 2 == 0) else "Brother")
print("\n".join(out))
