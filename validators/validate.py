"""Strict input validator for John's game (anti-Nim).

Usage: validate.py [--features] T=LO..HI n=LO..HI a=LO..HI  < input
Exit 42 if the input is valid, 43 if not (one line on stderr: `line L, column C: expected ..., found ...`),
2 on a usage error. With --features, a valid input also prints one JSON object on stdout.
Every bound comes from argv (the build passes the bounds of the test's group from problem.yaml).
"""

from __future__ import annotations

import json
import operator
import re
import sys
from dataclasses import dataclass, field
from functools import reduce

VALID, INVALID, USAGE = 42, 43, 2
NAMES = ("T", "n", "a")
CLASSES = ("S0", "T0", "S1", "S2", "T2")
# Games above this count overflow an 8-bit counter; a file past it catches such solutions.
BYTE_COUNTER = 255
DIGITS = re.compile(rb"[0-9]+")
BOUND_ARG = re.compile(r"^([A-Za-z_]\w*)=(-?[0-9]+)\.\.(-?[0-9]+)$")
Bounds = dict[str, tuple[int, int]]


class Invalid(Exception):
    """The input breaks the format; line and column are 1-based, the column counts bytes."""

    def __init__(self, line: int, column: int, expected: str, found: str) -> None:
        super().__init__(f"line {line}, column {column}: expected {expected}, found {found}")
        self.line, self.column = line, column


class UsageError(Exception):
    pass


@dataclass
class Summary:
    T: int = 0
    max_n: int = 0
    max_a: int = 0
    features: list[str] = field(default_factory=list)
    classes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CLASSES, 0))

    def as_json(self) -> dict[str, object]:
        return {"values": {"T": self.T, "max_n": self.max_n, "max_a": self.max_a},
                "features": self.features, "classes": self.classes}


def position_class(piles: list[int]) -> str:
    """problem.md's classes: lonely pile = 1 stone, rich pile = 2 or more; S = XOR != 0, T = XOR == 0."""
    rich = len(piles) - piles.count(0) - piles.count(1)
    xor = reduce(operator.xor, piles, 0)
    if rich == 0:
        return "S0" if xor else "T0"
    if rich == 1:
        return "S1"
    return "S2" if xor else "T2"


def plural(k: int, noun: str) -> str:
    return f"{k} {noun}" if k == 1 else f"{k} {noun}s"


def show(data: bytes, pos: int) -> str:
    """What the reader met at pos, in words a person can act on."""
    if pos >= len(data):
        return "end of file"
    if pos == 0 and data.startswith(b"\xef\xbb\xbf"):
        return "a UTF-8 byte-order mark"
    b = data[pos]
    if b == 0x0A:
        return "end of line"
    if 0x20 <= b < 0x7F or b in (0x09, 0x0D):
        return repr(chr(b))
    return f"byte 0x{b:02X}"


class Reader:
    """A cursor over the raw bytes that knows its line and column."""

    def __init__(self, data: bytes) -> None:
        self.data, self.pos, self.line, self.line_start = data, 0, 1, 0

    def fail(self, expected: str, found: str | None = None, pos: int | None = None) -> Invalid:
        pos = self.pos if pos is None else pos
        return Invalid(self.line, pos - self.line_start + 1, expected, found or show(self.data, pos))

    def number(self, name: str, what: str, lo: int, hi: int) -> int:
        m = DIGITS.match(self.data, self.pos)
        if m is None:
            raise self.fail(what)
        token = m.group()
        if len(token) > 1 and token[0] == 0x30:
            raise self.fail(f"{what} without leading zeros", repr(token.decode()))
        # Compare lengths first: int() of a giant token is slow (and refused past 4300 digits).
        too_long = len(token) > len(str(hi))
        value = hi + 1 if too_long else int(token)
        if not lo <= value <= hi:
            shown = token.decode() if len(token) <= 30 else f"a {len(token)}-digit number"
            raise self.fail(f"{name} in [{lo}, {hi}]", shown)
        self.pos = m.end()
        return value

    def space(self, what: str) -> None:
        if self.data[self.pos:self.pos + 1] != b" ":
            raise self.fail(what)
        self.pos += 1

    def newline(self, what: str) -> None:
        if self.data[self.pos:self.pos + 1] != b"\n":
            raise self.fail(what)
        self.pos += 1
        self.line += 1
        self.line_start = self.pos


def fast_piles(r: Reader, pile_line: re.Pattern[bytes], n: int, lo: int, hi: int) -> list[int] | None:
    """Accept a well-formed pile line in C-speed steps; None sends it to the byte-by-byte reader.

    It only accepts lines the slow reader accepts too, so it can never change a verdict.
    """
    end = r.data.find(b"\n", r.pos)
    if end < 0 or not pile_line.fullmatch(r.data, r.pos, end):
        return None
    piles = [int(x) for x in r.data[r.pos:end].split(b" ")]
    if len(piles) != n or min(piles) < lo or max(piles) > hi:
        return None
    r.pos = r.line_start = end + 1
    r.line += 1
    return piles


def check(data: bytes, bounds: Bounds) -> Summary:
    """Validate one input file; raise Invalid at the first flaw, else summarise it."""
    r = Reader(data)
    (t_lo, t_hi), (n_lo, n_hi), (a_lo, a_hi) = (bounds[k] for k in NAMES)
    s = Summary()
    s.T = r.number("T", "T (the number of games)", t_lo, t_hi)
    r.newline("end of line after T")
    min_n, min_a = n_hi + 1, a_hi + 1
    width = len(str(a_hi))
    pile_line = re.compile(rb"[1-9][0-9]{0,%d}(?: [1-9][0-9]{0,%d})*" % (width - 1, width - 1))
    for game in range(1, s.T + 1):
        n = r.number("n", f"n (the pile count of game {game} of {s.T})", n_lo, n_hi)
        r.newline(f"end of line after n of game {game}")
        piles = fast_piles(r, pile_line, n, a_lo, a_hi)
        if piles is None:  # the slow reader is the authority: it finds and names the flaw
            piles = []
            for i in range(1, n + 1):
                piles.append(r.number("a", f"a (pile {i} of {n} in game {game})", a_lo, a_hi))
                if i < n:
                    r.space(f"a space before pile {i + 1} of {n}")
            r.newline(f"end of line after {plural(n, 'pile')}")
        s.classes[position_class(piles)] += 1
        s.max_n, min_n = max(s.max_n, n), min(min_n, n)
        if piles:
            s.max_a, min_a = max(s.max_a, *piles), min(min_a, *piles)
    if r.pos != len(data):
        raise r.fail(f"end of file after {plural(s.T, 'game')}")
    hits = {"T=min": s.T == t_lo, "T=max": s.T == t_hi, f"T>{BYTE_COUNTER}": s.T > BYTE_COUNTER,
            "n=min": min_n == n_lo, "n=max": s.max_n == n_hi, "a=min": min_a == a_lo, "a=max": s.max_a == a_hi}
    s.features = [name for name, hit in hits.items() if hit]
    return s


def parse_args(argv: list[str]) -> tuple[Bounds, bool]:
    want_features = "--features" in argv
    bounds: Bounds = {}
    for arg in (a for a in argv if a != "--features"):
        m = BOUND_ARG.match(arg)
        if not m:
            raise UsageError(f"cannot read argument {arg!r}: expected NAME=LO..HI or --features")
        name, lo, hi = m.group(1), int(m.group(2)), int(m.group(3))
        if name not in NAMES:
            raise UsageError(f"unknown bound {name!r}: this validator takes {', '.join(NAMES)}")
        if name in bounds:
            raise UsageError(f"bound {name} given twice")
        if lo > hi:
            raise UsageError(f"bound {name}: {lo} is greater than {hi}")
        bounds[name] = (lo, hi)
    missing = [k for k in NAMES if k not in bounds]
    if missing:
        raise UsageError(f"missing bound(s) {', '.join(missing)}")
    return bounds, want_features


def main(argv: list[str]) -> int:
    try:
        bounds, want_features = parse_args(argv)
    except UsageError as e:
        print(f"usage: validate.py [--features] T=LO..HI n=LO..HI a=LO..HI < input\nerror: {e}", file=sys.stderr)
        return USAGE
    try:
        summary = check(sys.stdin.buffer.read(), bounds)
    except Invalid as e:
        print(e, file=sys.stderr)
        return INVALID
    if want_features:
        print(json.dumps(summary.as_json()))
    return VALID


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
