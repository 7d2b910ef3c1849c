"""Wrong answer: all piles of one stone: says the first player wins on an ODD count (reversed)."""
games = int(input())
for _ in range(games):
    n = int(input())
    piles = list(map(int, input().split()))
    x = 0
    for a in piles:
        x ^= a
    rich = any(a > 1 for a in piles)
    print("John" if (x != 0 if rich else n % 2 == 1) else "Brother")
