"""Winning positions for John: `positions.py ones|one-rich|rich|mixed --T N --n LO..HI --a LO..HI`.

Seeded by its whole argv (same line, same bytes). Every game is a first-player win of anti-Nim:
- ones: every pile holds one stone, an even number of piles;
- one-rich: exactly one pile of 2+ stones among single stones;
- rich: random piles with at least two of 2+ stones and a nonzero XOR;
- mixed: the three kinds in turn, the first game holding n.max piles of a.max stones where that wins.
"""

import argparse
import random
import sys


def span(text: str) -> tuple[int, int]:
    lo, _, hi = text.partition("..")
    return int(lo), int(hi or lo)


def wins(piles: list[int]) -> bool:
    x = 0
    for p in piles:
        x ^= p
    return x != 0 if any(p >= 2 for p in piles) else x == 0


def ones(rng: random.Random, n: tuple[int, int], a: tuple[int, int]) -> list[int]:
    evens = [k for k in range(n[0], n[1] + 1) if k % 2 == 0]
    if not evens:
        sys.exit(f"ones: no even pile count in {n[0]}..{n[1]}")
    return [1] * rng.choice(evens)


def one_rich(rng: random.Random, n: tuple[int, int], a: tuple[int, int]) -> list[int]:
    k = rng.randint(n[0], n[1])
    piles = [1] * k
    piles[rng.randrange(k)] = rng.randint(max(2, a[0]), a[1])
    return piles


def rich(rng: random.Random, n: tuple[int, int], a: tuple[int, int]) -> list[int]:
    while True:
        piles = [rng.randint(a[0], a[1]) for _ in range(rng.randint(max(2, n[0]), n[1]))]
        if sum(p >= 2 for p in piles) >= 2 and wins(piles):
            return piles


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("family", choices=["ones", "one-rich", "rich", "mixed"])
    ap.add_argument("--T", type=int, required=True)
    ap.add_argument("--n", type=span, required=True)
    ap.add_argument("--a", type=span, required=True)
    ap.add_argument("--salt", default="")
    args = ap.parse_args()
    rng = random.Random(" ".join(sys.argv[1:]))
    kinds = {"ones": ones, "one-rich": one_rich, "rich": rich}
    games = []
    for i in range(args.T):
        kind = list(kinds)[i % 3] if args.family == "mixed" else args.family
        piles = kinds[kind](rng, args.n, args.a)
        if args.family == "mixed" and i == 0:
            big = [args.a[1]] * args.n[1]
            big[-1] = max(args.a[0], args.a[1] - 1)   # equal piles would XOR to 0: a loss
            piles = big if wins(big) else piles
        games.append(piles)
    lines = [str(args.T)]
    for piles in games:
        lines += [str(len(piles)), " ".join(map(str, piles))]
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
