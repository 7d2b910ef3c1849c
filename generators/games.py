"""Generator for John's game: one adversarial family per call, seeded by the whole command line.

Usage: games.py FAMILY --T N [--n LO..HI|N] [--a LO..HI|N] [--parity even|odd|both] [--salt S]
Families: minimal, uniform, ones, one-rich, xor-zero, xor-one, tiny, maximal, mixed.
Every number (game count, pile counts, pile sizes) comes from the arguments, which problem.yaml fills
in from its bounds, so the output always stays inside the bounds it was given.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Callable, NoReturn

from gamelib import MAKERS, Game, GenError, Range, all_ones, one_rich, parse_range, render, rich_with_xor, show

# Classes whose first player wins (problem.md): a file mixing both kinds defeats any constant answer.
JOHN = ("T0", "S1", "S2")
BROTHER = ("S0", "T2")


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise GenError(message)


def arg_parser() -> Parser:
    p = Parser(prog="games.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("family", choices=sorted(FAMILIES))
    p.add_argument("--T", type=int, required=True, help="number of games")
    p.add_argument("--n", type=parse_range, default=None, help="pile count range LO..HI (or N)")
    p.add_argument("--a", type=parse_range, default=None, help="pile size range LO..HI (or N)")
    p.add_argument("--parity", choices=("even", "odd", "both"), default="both",
                   help="ones / one-rich: parity of the number of lonely piles")
    p.add_argument("--salt", default="", help="only changes the seed")
    return p


def repeat(args: argparse.Namespace, make: Callable[[], Game]) -> list[Game]:
    return [make() for _ in range(args.T)]


def plant_extremes(rng: random.Random, games: list[Game], ar: Range) -> None:
    """Put the smallest and the largest allowed pile somewhere, so the bounds are surely hit."""
    for value in ar:
        g = rng.choice(games)
        g[rng.randrange(len(g))] = value


def minimal(rng: random.Random, args: argparse.Namespace) -> list[Game]:
    return repeat(args, lambda: [args.a[0]] * args.n[0])


def maximal(rng: random.Random, args: argparse.Namespace) -> list[Game]:
    return repeat(args, lambda: [args.a[1]] * args.n[1])


def uniform(rng: random.Random, args: argparse.Namespace) -> list[Game]:
    games = repeat(args, lambda: [rng.randint(*args.a) for _ in range(rng.randint(*args.n))])
    if len(games) >= 2:
        games[0] = [rng.randint(*args.a) for _ in range(args.n[0])]
        games[1] = [rng.randint(*args.a) for _ in range(args.n[1])]
    if games:
        plant_extremes(rng, games, args.a)
    rng.shuffle(games)
    return games


def tiny(rng: random.Random, args: argparse.Namespace) -> list[Game]:
    """Small piles: half the games also have few piles, where one stone flips the XOR."""
    lo, hi = args.n

    def game() -> Game:
        top = hi if rng.random() < 0.5 else min(hi, lo + 5)
        return [rng.randint(*args.a) for _ in range(rng.randint(lo, top))]
    return repeat(args, game)


def ones(rng: random.Random, args: argparse.Namespace) -> list[Game]:
    a = args.a or (1, 1)
    if args.parity != "both":
        return repeat(args, lambda: all_ones(rng, args.n, a, args.parity))
    return balanced(rng, args.T, [lambda: all_ones(rng, args.n, a, "odd"), lambda: all_ones(rng, args.n, a, "even")])


def one_rich_family(rng: random.Random, args: argparse.Namespace) -> list[Game]:
    if args.parity != "both":
        return repeat(args, lambda: one_rich(rng, args.n, args.a, args.parity))
    return balanced(rng, args.T, [lambda p=p: one_rich(rng, args.n, args.a, p) for p in ("odd", "even")])


def xor_zero(rng: random.Random, args: argparse.Namespace) -> list[Game]:
    """T2: two equal piles, rich piles with or without lonely ones, and with lonely ones for sure."""
    modes = [m for m in ("pair", "free", "ones") if feasible(lambda m=m: rich_with_xor(rng, args.n, args.a, 0, m))]
    if not modes:
        raise GenError(f"no XOR-zero game with two rich piles fits n {show(args.n)} and a {show(args.a)}")
    return balanced(rng, args.T, [lambda m=m: rich_with_xor(rng, args.n, args.a, 0, m) for m in modes])


def xor_one(rng: random.Random, args: argparse.Namespace) -> list[Game]:
    """S2 with XOR exactly 1: rich piles XOR-ing to 1, or to 0 beside an odd number of ones."""
    return repeat(args, lambda: rich_with_xor(rng, args.n, args.a, 1))


def mixed(rng: random.Random, args: argparse.Namespace) -> list[Game]:
    """Every feasible class, one John class and one Brother class first so both answers appear."""
    ok = [c for c in MAKERS if feasible(lambda c=c: MAKERS[c](rng, args.n, args.a))]
    if not ok:
        raise GenError(f"no game at all fits n {show(args.n)} and a {show(args.a)}")
    john, brother = [c for c in ok if c in JOHN], [c for c in ok if c in BROTHER]
    first = [rng.choice(john)] if john else []
    first += [rng.choice(brother)] if brother else []
    rng.shuffle(first)
    rest = [ok[i % len(ok)] for i in range(max(0, args.T - len(first)))]
    rng.shuffle(rest)
    classes = (first + rest)[:args.T]
    rng.shuffle(classes)
    return [MAKERS[c](rng, args.n, args.a) for c in classes]


def feasible(make: Callable[[], Game]) -> bool:
    try:
        make()
    except GenError:
        return False
    return True


def balanced(rng: random.Random, count: int, makers: list[Callable[[], Game]]) -> list[Game]:
    """count games cycling through makers (each used when count allows), in random order."""
    games = [makers[i % len(makers)]() for i in range(count)]
    rng.shuffle(games)
    return games


FAMILIES: dict[str, Callable[[random.Random, argparse.Namespace], list[Game]]] = {
    "minimal": minimal, "uniform": uniform, "ones": ones, "one-rich": one_rich_family,
    "xor-zero": xor_zero, "xor-one": xor_one, "tiny": tiny, "maximal": maximal, "mixed": mixed,
}
NEEDS_A = set(FAMILIES) - {"ones"}


def build(argv: list[str]) -> str:
    """The input file for this command line; the same argv always gives the same text."""
    args = arg_parser().parse_args(argv)
    if args.T < 0:
        raise GenError(f"--T must not be negative (got {args.T})")
    if args.n is None or (args.a is None and args.family in NEEDS_A):
        raise GenError(f"family {args.family} needs --n" + (" and --a" if args.family in NEEDS_A else ""))
    if args.n[0] < 1:
        raise GenError(f"--n must start at 1 or more (got {args.n[0]}): a game has at least one pile")
    if args.a is not None and args.a[0] < 1:
        raise GenError(f"--a must start at 1 or more (got {args.a[0]}): a pile holds at least one stone")
    # A str seed is hashed with SHA-512 by random, so it is stable across runs and PYTHONHASHSEED.
    rng = random.Random(" ".join(argv))
    return render(FAMILIES[args.family](rng, args))


def main() -> int:
    try:
        sys.stdout.write(build(sys.argv[1:]))
    except GenError as e:
        print(f"{arg_parser().format_usage()}games.py: error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
