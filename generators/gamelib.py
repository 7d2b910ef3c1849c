"""Building blocks for John's-game inputs: one maker per position class, plus the file format.

Lonely pile = 1 stone, rich pile = 2 or more (problem.md). Every maker takes the pile-count range `nr`
and the pile-size range `ar` it must stay inside and raises GenError when they leave it no room.
"""

from __future__ import annotations

import random
from typing import Callable

Range = tuple[int, int]
Game = list[int]
LONELY = 1      # a pile of one stone: the only size that is not "rich"
RICH_MIN = 2
TRIES = 500     # random attempts before a maker gives up on a target XOR


class GenError(Exception):
    """The arguments leave no valid way to build what was asked for."""


def parse_range(text: str) -> Range:
    """'LO..HI' or a single 'N' (meaning N..N)."""
    lo, sep, hi = text.partition("..")
    try:
        r = (int(lo), int(hi)) if sep else (int(lo), int(lo))
    except ValueError:
        raise GenError(f"cannot read range {text!r}: expected LO..HI or N") from None
    if r[0] > r[1]:
        raise GenError(f"range {text!r} is empty ({r[0]} > {r[1]})")
    return r


def show(r: Range | None) -> str:
    return "none" if r is None else f"{r[0]}..{r[1]}"


def xor_all(piles: Game) -> int:
    x = 0
    for p in piles:
        x ^= p
    return x


def rich_range(ar: Range) -> Range:
    lo, hi = max(ar[0], RICH_MIN), ar[1]
    if lo > hi:
        raise GenError(f"pile sizes {ar[0]}..{ar[1]} leave no rich pile (>= {RICH_MIN})")
    return lo, hi


def has_lonely(ar: Range) -> bool:
    return ar[0] <= LONELY <= ar[1]


def pick_n(rng: random.Random, nr: Range, ok: Callable[[int], bool], what: str) -> int:
    """A pile count in nr passing ok; the extremes come up often because bound bugs live there."""
    candidates = [k for k in range(nr[0], nr[1] + 1) if ok(k)]
    if not candidates:
        raise GenError(f"no pile count in {nr[0]}..{nr[1]} allows {what}")
    roll = rng.random()
    if roll < 0.1:
        return candidates[0]
    if roll < 0.2:
        return candidates[-1]
    return rng.choice(candidates)


def rich_value(rng: random.Random, rr: Range) -> int:
    """Mostly uniform, sometimes tiny (delicate XORs) or the largest allowed."""
    roll = rng.random()
    if roll < 0.2:
        return rng.randint(rr[0], min(rr[1], rr[0] + 6))
    if roll < 0.3:
        return rr[1]
    return rng.randint(*rr)


def parity_ok(k: int, parity: str) -> bool:
    return parity == "both" or (k % 2 == 0) == (parity == "even")


def all_ones(rng: random.Random, nr: Range, ar: Range, parity: str) -> Game:
    """S0 (odd count) / T0 (even count): every pile lonely."""
    if not has_lonely(ar):
        raise GenError(f"pile sizes {ar[0]}..{ar[1]} exclude {LONELY}, so no all-ones game exists")
    return [LONELY] * pick_n(rng, nr, lambda k: parity_ok(k, parity), f"an all-ones game with {parity} count")


def one_rich(rng: random.Random, nr: Range, ar: Range, parity: str) -> Game:
    """S1: exactly one rich pile; `parity` is that of the number of lonely piles beside it."""
    rr = rich_range(ar)
    n = pick_n(rng, nr, lambda k: parity_ok(k - 1, parity) and (k == 1 or has_lonely(ar)),
               f"one rich pile with a {parity} number of ones")
    piles = [LONELY] * (n - 1) + [rich_value(rng, rr)]
    rng.shuffle(piles)
    return piles


def rich_with_xor(rng: random.Random, nr: Range, ar: Range, target: int, mode: str = "any") -> Game:
    """At least two rich piles with total XOR == target.

    mode: 'pair' = exactly two equal rich piles (target 0 only), 'free' = lonely piles optional
    (often none), 'ones' = at least one lonely pile, 'any' = 'free' or 'ones' at random.
    """
    rr = rich_range(ar)
    if mode == "pair":
        if target != 0 or not nr[0] <= 2 <= nr[1]:
            raise GenError("a pair game needs target XOR 0 and 2 piles allowed")
        v = rich_value(rng, rr)
        return [v, v]
    need_ones = mode == "ones" or (mode == "any" and has_lonely(ar) and rng.random() < 0.5)
    if need_ones and not has_lonely(ar):
        raise GenError(f"pile sizes {ar[0]}..{ar[1]} exclude lonely piles")
    lo_n = 3 if need_ones else 2
    for _ in range(TRIES):
        n = pick_n(rng, nr, lambda k: k >= lo_n, f"{lo_n} or more piles")
        if not has_lonely(ar):
            rich = n
        else:
            rich = 2 if rng.random() < 0.3 else rng.randint(2, n - 1 if need_ones else n)
        ones = n - rich
        piles = [rich_value(rng, rr) for _ in range(rich - 1)]
        last = target ^ (ones & 1) ^ xor_all(piles)
        if rr[0] <= last <= rr[1]:
            piles += [last] + [LONELY] * ones
            rng.shuffle(piles)
            return piles
    raise GenError(f"found no game with {lo_n}+ piles in {show(nr)} of sizes {show(rr)} and XOR {target}")


def rich_nonzero(rng: random.Random, nr: Range, ar: Range) -> Game:
    """S2: at least two rich piles, XOR not zero (sometimes exactly 1)."""
    rr = rich_range(ar)
    if rng.random() < 0.25:
        return rich_with_xor(rng, nr, ar, 1)
    for _ in range(TRIES):
        n = pick_n(rng, nr, lambda k: k >= 2, "two or more piles")
        rich = rng.randint(2, n) if has_lonely(ar) else n
        piles = [rich_value(rng, rr) for _ in range(rich)] + [LONELY] * (n - rich)
        if xor_all(piles):
            rng.shuffle(piles)
            return piles
    raise GenError(f"found no game with rich piles of sizes {show(rr)} and a non-zero XOR")


MAKERS: dict[str, Callable[[random.Random, Range, Range], Game]] = {
    "S0": lambda rng, nr, ar: all_ones(rng, nr, ar, "odd"),
    "T0": lambda rng, nr, ar: all_ones(rng, nr, ar, "even"),
    "S1": lambda rng, nr, ar: one_rich(rng, nr, ar, "both"),
    "S2": rich_nonzero,
    "T2": lambda rng, nr, ar: rich_with_xor(rng, nr, ar, 0),
}


def render(games: list[Game]) -> str:
    lines = [str(len(games))]
    for g in games:
        lines += [str(len(g)), " ".join(map(str, g))]
    return "\n".join(lines) + "\n"
