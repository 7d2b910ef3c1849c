"""Stress inputs from the package's own generators, for a package without a grammar (or on request).

A generator line is a command under generators/ whose `LO..HI` arguments are drawn afresh for every input
(`--gen "gen.py random --n 2..8 --m 1..12"`). Without `--gen`, the plan's generator lines are used with
their numbers scaled down: every integer argument above a small cap (which grows input by input: 2, 3,
4, 6, ...) is drawn at or below it, so the inputs stay small enough to shrink and to read. Generators seed
themselves from their command line (ojgen, testlib), so a fresh seed is a fresh `--salt` (or `--seed`, when
the line already has one); a generator that refuses an added `--salt` runs without it, varied only by its
drawn arguments. Inputs are not trusted to be valid: the package's validator judges each one."""

from __future__ import annotations

import random
import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass

from ..cache import cache_for
from ..errors import OjpackError
from ..problem import Problem, make_plan
from ..testdata import run_generator

RANGE = re.compile(r"^(-?\d+)\.\.(-?\d+)$")
NUMBER = re.compile(r"^\d+$")
SEED_OPTIONS = ("--salt", "--seed")
CAPS = (2, 3, 4, 6, 8, 12, 16, 24, 32)   # how far plan numbers are scaled down, input by input (cycling)


@dataclass(frozen=True)
class GenLine:
    argv: tuple[str, ...]     # the generator (a path under generators/) first
    scaled: bool              # a plan line: numbers scaled down; else a --gen line, ranges drawn as given
    planned: bool = False     # from the plan (its drawn ranges and fresh salts may be ones its generator refuses)

    @property
    def text(self) -> str:
        return shlex.join(self.argv)


def parse_gen(problem: Problem, text: str) -> GenLine:
    """A `--gen` line, checked: it splits, and its generator exists."""
    try:
        argv = tuple(shlex.split(text))
    except ValueError as e:
        raise OjpackError(f"--gen {text!r}: cannot split it: {e}") from None
    if not argv:
        raise OjpackError("--gen needs a command: a generator under generators/ and its arguments")
    if not problem.path(f"generators/{argv[0]}").is_file():
        raise OjpackError(f"--gen {text!r}: no generator generators/{argv[0]}")
    for a in argv[1:]:
        if (m := RANGE.match(a)) and int(m.group(1)) > int(m.group(2)):
            raise OjpackError(f"--gen {text!r}: the range {a} is empty")
    return GenLine(argv, scaled=False)


def plan_lines(problem: Problem, scaled: bool = True) -> list[GenLine]:
    """The plan's generator lines, each once (salt and seed values aside); `scaled`: numbers scaled down."""
    seen: dict[tuple[str, ...], GenLine] = {}
    for test in make_plan(problem):
        if test.gen:
            argv = _unseeded(test.gen)
            seen.setdefault(argv, GenLine(argv, scaled, planned=True))
    return list(seen.values())


def _unseeded(argv: Sequence[str]) -> tuple[str, ...]:
    out: list[str] = []
    skip = False
    for a in argv:
        if skip:
            skip = False
        elif a in SEED_OPTIONS:
            skip = True
        elif not a.startswith(tuple(f"{o}=" for o in SEED_OPTIONS)):
            out.append(a)
    return tuple(out)


def draw(line: GenLine, rng: random.Random, level: int, salt: str) -> tuple[tuple[str, ...], bool]:
    """One concrete command of `line` (ranges drawn, numbers scaled if it is a plan line, the seed set)
    and whether `--salt` was added to it (rather than replacing a seed it had)."""
    cap = CAPS[level % len(CAPS)]
    out = [line.argv[0]]
    seeded = False
    args = line.argv[1:]
    for i, a in enumerate(args):
        before = args[i - 1] if i else ""
        if before in SEED_OPTIONS:
            out.append(salt if before == "--salt" else str(_seed(salt)))
            seeded = True
        elif "=" in a and a.split("=", 1)[0] in SEED_OPTIONS:
            name = a.split("=", 1)[0]
            out.append(f"{name}={salt if name == '--salt' else _seed(salt)}")
            seeded = True
        elif m := RANGE.match(a):
            lo, hi = int(m.group(1)), int(m.group(2))
            if line.scaled:
                lo, hi = min(lo, cap), min(hi, cap)
            out.append(str(rng.randint(lo, hi)))
        elif line.scaled and NUMBER.match(a) and int(a) > cap:
            out.append(str(rng.randint(1, cap)))
        else:
            out.append(a)
    if not seeded:
        out += ["--salt", salt]
    return tuple(out), not seeded


def _seed(salt: str) -> int:
    return random.Random(salt).randrange(2**31)


class Generated:
    """Input k: a line chosen by k's own random stream, drawn, run in the sandbox as the build runs it."""

    def __init__(self, problem: Problem, lines: Sequence[GenLine], seed: int) -> None:
        if not lines:
            raise OjpackError("no generator to stress with: the plan has no `gen:` line and no --gen was given")
        self.problem, self.lines, self.seed = problem, list(lines), seed
        self.cache = cache_for(problem.root)
        self._no_salt: set[GenLine] = set()   # generators that refused an added --salt
        self._failures = 0

    def make(self, k: int, rng: random.Random) -> tuple[bytes, str] | None:
        """Input k's bytes and the command that made it; None when a scaled plan line's generator failed
        (its scaled numbers may be out of its own range)."""
        line = rng.choice(self.lines)
        argv, added = draw(line, rng, k, f"stress-{self.seed}-{k}")
        if added and line in self._no_salt:
            argv, added = argv[:-2], False
        try:
            return run_generator(self.problem, argv, self.cache), shlex.join(argv)
        except OjpackError as e:
            if added:
                try:
                    data = run_generator(self.problem, argv[:-2], self.cache)
                except OjpackError:
                    pass
                else:
                    self._no_salt.add(line)
                    return data, shlex.join(argv[:-2])
            if not line.planned:   # the user's own --gen line: its failure is theirs to see
                raise OjpackError(str(e)) from None
            self._failures += 1
            if self._failures >= 50 and self._failures > k // 2:
                raise OjpackError(f"the plan's generators fail on most scaled-down lines (use --gen): {e}") from None
            return None
