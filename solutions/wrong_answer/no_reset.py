"""Wrong answer: the XOR and the "rich pile seen" flag are set once, before the game loop, and never
reset, so later games are judged with earlier games' piles mixed in."""
games = int(input())
x, rich = 0, False
for _ in range(games):
    n = int(input())
    for a in map(int, input().split()):
        x ^= a
        rich = rich or a > 1
    print("John" if (x != 0 if rich else n % 2 == 0) else "Brother")
