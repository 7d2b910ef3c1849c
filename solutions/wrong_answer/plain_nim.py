"""Wrong answer: forgets the all-ones case and plays plain Nim (first player wins iff XOR != 0)."""
games = int(input())
for _ in range(games):
    n = int(input())
    piles = list(map(int, input().split()))
    x = 0
    for a in piles:
        x ^= a
    rich = any(a > 1 for a in piles)
    print("John" if x != 0 else "Brother")
