"""Wrong answer: treats XOR == 1 as a loss even with rich piles ("XOR 1 is the misere zero")."""
games = int(input())
for _ in range(games):
    n = int(input())
    piles = list(map(int, input().split()))
    x = 0
    for a in piles:
        x ^= a
    rich = any(a > 1 for a in piles)
    print("John" if (x > 1 if rich else n % 2 == 0) else "Brother")
