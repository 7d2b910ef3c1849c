"""Wrong answer: tests "some pile is 1" where the rule needs "every pile is 1"."""
games = int(input())
for _ in range(games):
    n = int(input())
    piles = list(map(int, input().split()))
    x = 0
    for a in piles:
        x ^= a
    rich = any(a > 1 for a in piles)
    special = 1 in piles
    print("John" if (n % 2 == 0 if special else x != 0) else "Brother")
