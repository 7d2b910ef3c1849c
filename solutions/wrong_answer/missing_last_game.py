"""Wrong answer: answers only part of the games -- it takes the first line as a game count but loops
over the games it reads pairwise up to T - 1."""
games = int(input())
for _ in range(games - 1):
    n = int(input())
    piles = list(map(int, input().split()))
    x = 0
    for a in piles:
        x ^= a
    rich = max(piles) > 1
    print("John" if (x != 0 if rich else n % 2 == 0) else "Brother")
