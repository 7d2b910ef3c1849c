"""Wrong answer: applies the pile-count parity whenever XOR == 0, not only when every pile is 1."""
games = int(input())
for _ in range(games):
    n = int(input())
    piles = list(map(int, input().split()))
    x = 0
    for a in piles:
        x ^= a
    rich = any(a > 1 for a in piles)
    print("John" if (n % 2 == 0 if x == 0 else (rich or n % 2 == 0)) else "Brother")
