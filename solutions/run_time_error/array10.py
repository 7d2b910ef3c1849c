"""Run-time error: keeps a game's piles in a list of 10 slots, while a game may have up to 50 piles
(IndexError on the first larger game)."""
games = int(input())
pile = [0] * 10
for _ in range(games):
    n = int(input())
    for i, a in enumerate(map(int, input().split())):
        pile[i] = a
    x = 0
    for a in pile[:n]:
        x ^= a
    rich = any(a > 1 for a in pile[:n])
    print("John" if (x != 0 if rich else n % 2 == 0) else "Brother")
