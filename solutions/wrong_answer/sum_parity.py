"""Wrong answer: decides by the parity of the total number of stones."""
games = int(input())
for _ in range(games):
    n = int(input())
    piles = list(map(int, input().split()))
    x = 0
    for a in piles:
        x ^= a
    rich = any(a > 1 for a in piles)
    print("John" if sum(piles) % 2 == 0 else "Brother")
