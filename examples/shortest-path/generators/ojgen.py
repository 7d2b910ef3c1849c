"""ojgen: seeded test generation for ojpack packages: the same command line gives the same bytes on every
machine and every Python version.

Python's own `random` is not used: its algorithms (randrange, shuffle, sample) have changed between versions.
This module is xoshiro256** (Blackman and Vigna) seeded through splitmix64 from a 64-bit FNV-1a hash of the
generator's arguments, all in plain integer arithmetic. ojgen.h beside it is its C++ twin: the same seed gives the same draws.

ojpack runs a generator from the plan line in problem.yaml, e.g. `gen.py random --n {n.max} --a 0..{a.max}`
with the placeholders filled in, and the whole expanded line is the seed: add `--salt 2` to get another test
from the same family.

    import ojgen
    opts = ojgen.options()                  # {'family': 'random', 'n': '200000', 'a': '0..1000000000'}
    rng = ojgen.Random.from_argv()          # seeded by sys.argv[1:]
    lo, hi = ojgen.span(opts["a"])          # '0..1000000000' -> (0, 1000000000); '5' -> (5, 5)
    a = rng.array(int(opts["n"]), lo, hi)
    ojgen.write([len(a)], a)                # lines of space-separated values, each ending in "\\n"
"""

from __future__ import annotations

import sys
from typing import Iterable, Sequence, TypeVar

T = TypeVar("T")
MASK = (1 << 64) - 1


def fnv1a64(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & MASK
    return h


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK


class Random:
    """xoshiro256**; every draw is a pure function of the seed and the draws before it."""

    def __init__(self, seed: int) -> None:
        state, s = seed & MASK, []
        for _ in range(4):   # splitmix64 fills the state, so even seed 0 gives a good one
            state = (state + 0x9E3779B97F4A7C15) & MASK
            z = state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            s.append(z ^ (z >> 31))
        self.s = s

    @classmethod
    def from_argv(cls, argv: Sequence[str] | None = None) -> Random:
        """Seeded by the arguments (default sys.argv[1:]) joined by single spaces."""
        args = sys.argv[1:] if argv is None else argv
        return cls(fnv1a64(" ".join(args).encode()))

    def next64(self) -> int:
        s = self.s
        result = (_rotl((s[1] * 5) & MASK, 7) * 9) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def randint(self, lo: int, hi: int) -> int:
        """Uniform in [lo, hi], both included, without modulo bias (rejection sampling)."""
        if lo > hi:
            raise ValueError(f"randint: empty range [{lo}, {hi}]")
        span = hi - lo + 1
        if span > 1 << 64:
            raise ValueError("randint: a range wider than 2^64")
        limit = (1 << 64) - (1 << 64) % span
        while True:
            x = self.next64()
            if x < limit:
                return lo + x % span

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randint(0, len(items) - 1)]

    def shuffle(self, items: list[T]) -> list[T]:
        """Fisher-Yates in place; returns the list for convenience."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randint(0, i)
            items[i], items[j] = items[j], items[i]
        return items

    # --- shapes tests are made of ---------------------------------------------------------------------
    def array(self, n: int, lo: int, hi: int) -> list[int]:
        return [self.randint(lo, hi) for _ in range(n)]

    def distinct(self, n: int, lo: int, hi: int) -> list[int]:
        """n different values from [lo, hi], in random order."""
        if n > hi - lo + 1:
            raise ValueError(f"distinct: {n} values do not fit in [{lo}, {hi}]")
        seen: set[int] = set()
        out = []
        while len(out) < n:
            v = self.randint(lo, hi)
            if v not in seen:
                seen.add(v)
                out.append(v)
        return out

    def permutation(self, n: int, start: int = 1) -> list[int]:
        return self.shuffle(list(range(start, start + n)))

    def string(self, n: int, alphabet: str = "abcdefghijklmnopqrstuvwxyz") -> str:
        return "".join(self.choice(alphabet) for _ in range(n))

    def tree(self, n: int, shape: str = "random") -> list[tuple[int, int]]:
        """The n - 1 edges (u, v) of a tree on vertices 1..n, relabelled and listed in random order.
        shape: random (each vertex hangs off a random earlier one), path, star, or deep (off one of the
        last few: long chains that break naive recursion)."""
        parent = [0] * n
        for v in range(1, n):
            if shape == "random":
                parent[v] = self.randint(0, v - 1)
            elif shape == "path":
                parent[v] = v - 1
            elif shape == "star":
                parent[v] = 0
            elif shape == "deep":
                parent[v] = self.randint(max(0, v - 3), v - 1)
            else:
                raise ValueError(f"tree: unknown shape {shape!r} (random, path, star, deep)")
        label = self.permutation(n)
        edges = [(label[parent[v]], label[v]) for v in range(1, n)]
        edges = [(v, u) if self.randint(0, 1) else (u, v) for u, v in edges]
        return self.shuffle(edges)


def options(argv: Sequence[str] | None = None) -> dict[str, str]:
    """`family --key value --flag` -> {'family': 'family', 'key': 'value', 'flag': ''}; the first word that
    is not an option is the 'family'."""
    args = list(sys.argv[1:] if argv is None else argv)
    out: dict[str, str] = {}
    i = 0
    while i < len(args):
        a = args[i]
        if a.startswith("--"):
            has_value = i + 1 < len(args) and not args[i + 1].startswith("--")
            out[a[2:]] = args[i + 1] if has_value else ""
            i += 2 if has_value else 1
        else:
            out.setdefault("family", a)
            i += 1
    return out


def span(text: str) -> tuple[int, int]:
    """'LO..HI' -> (LO, HI); a single number N -> (N, N)."""
    lo, _, hi = text.partition("..")
    return int(lo), int(hi or lo)


def write(*lines: Iterable[object]) -> None:
    """Each argument is one line of space-separated values; every line ends in one '\\n'."""
    sys.stdout.write("".join(" ".join(map(str, line)) + "\n" for line in lines))
