"""Accepted, via the SJ theorem (anti-SG): a pile of k stones is a game with SG value k; the first
player wins iff (SG != 0 and some part has SG > 1) or (SG == 0 and no part has SG > 1)."""
import sys
from functools import reduce
from operator import xor


def first_player_wins(sg_values):
    total = reduce(xor, sg_values, 0)
    big_part = any(g > 1 for g in sg_values)
    return (total != 0 and big_part) or (total == 0 and not big_part)


def main():
    tokens = sys.stdin.buffer.read().split()
    games, pos, out = int(tokens[0]), 1, []
    for _ in range(games):
        n = int(tokens[pos])
        piles = list(map(int, tokens[pos + 1:pos + 1 + n]))
        pos += 1 + n
        out.append("John" if first_player_wins(piles) else "Brother")
    sys.stdout.write("\n".join(out) + "\n")


main()
