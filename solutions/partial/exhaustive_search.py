"""Partial (50 points: subtasks 1 and 2): the game tree itself, memoised win/lose over sorted tuples of
piles. Right on every game, and quick while the piles are few and small; the number of positions
explodes with the pile sizes, so it runs out of time on subtask 3."""
import sys
from functools import lru_cache

sys.setrecursionlimit(1 << 20)


@lru_cache(maxsize=None)
def wins(piles):
    if not piles:
        return True  # the opponent took the last stone and lost
    for i, a in enumerate(piles):
        if i and piles[i - 1] == a:
            continue
        rest = piles[:i] + piles[i + 1:]
        for b in range(a):
            after = tuple(sorted(rest + ((b,) if b else ())))
            if not wins(after):
                return True
    return False


def main():
    tokens = sys.stdin.read().split()
    games, pos = int(tokens[0]), 1
    for _ in range(games):
        n = int(tokens[pos])
        piles = tuple(sorted(map(int, tokens[pos + 1:pos + 1 + n])))
        pos += 1 + n
        print("John" if wins(piles) else "Brother", flush=True)


main()
