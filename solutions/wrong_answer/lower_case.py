"""Wrong answer: right rule, but prints the words in lower case ("john" / "brother")."""
games = int(input())
for _ in range(games):
    n = int(input())
    piles = list(map(int, input().split()))
    x = 0
    for a in piles:
        x ^= a
    rich = any(a > 1 for a in piles)
    print("john" if (x != 0 if rich else n % 2 == 0) else "brother")
