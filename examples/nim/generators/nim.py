"""Plain-Nim generator: `nim.py random|balanced|mixed --T N --n N --a LO..HI`, seeded by its argv."""

import argparse
import random
import sys


def span(text: str) -> tuple[int, int]:
    lo, _, hi = text.partition("..")
    return int(lo), int(hi or lo)


def game(rng: random.Random, n: int, lo: int, hi: int, balanced: bool) -> list[int]:
    piles = [rng.randint(lo, hi) for _ in range(n)]
    if balanced:
        # Fix the last pile so the XOR is 0, when that pile still fits the bounds.
        rest = 0
        for p in piles[:-1]:
            rest ^= p
        if lo <= rest <= hi:
            piles[-1] = rest
    return piles


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("family", choices=["random", "balanced", "mixed"])
    ap.add_argument("--T", type=int, required=True)
    ap.add_argument("--n", type=int, required=True)
    ap.add_argument("--a", type=span, required=True)
    ap.add_argument("--salt", default="")
    args = ap.parse_args()
    rng = random.Random(" ".join(sys.argv[1:]))
    lo, hi = args.a
    lines = [str(args.T)]
    for i in range(args.T):
        balanced = args.family == "balanced" or (args.family == "mixed" and i % 2 == 0)
        piles = game(rng, args.n, lo, hi, balanced)
        if args.family == "mixed" and i == 1:
            piles[0] = hi  # make sure the largest pile size appears
        lines += [str(len(piles)), " ".join(map(str, piles))]
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
