"""ojval: a small library for strict input validators in Python, written for ojpack packages.

A validator reads one input file on stdin and accepts it only if it is *exactly* as the statement says:
every number in its range, single spaces between tokens, one "\n" at the end of every line, nothing after
the last line. ojpack runs it as

    validate.py [--features] NAME=LO..HI ...  < input

with the bounds of problem.yaml (a subtask's tighter bounds for its tests), and reads its exit code:
42 = valid, 43 = invalid (one line on stderr says where and why), anything else = the validator is broken.

--features: when ojpack passes it, a valid input also prints one JSON object on stdout, which ojpack keeps
in data/manifest.json and checks against `coverage:` in problem.yaml:

    {"values": {...}, "features": ["n=min", "a=max", ...], "classes": {"name": count, ...}}

- "features": which bounds the input reaches. `read_int("n")` records "n=min" / "n=max" by itself whenever a
  value equals the bound's end, so `coverage: {features: ["n=max"]}` needs nothing more from you;
- "classes": kinds of input you name yourself with `add_class("sorted")` (coverage.classes);
- "values": anything else worth seeing in `ojpack stats` (`note("max_sum", s)`).

Use it like this (see validate.py beside it):

    import ojval
    def check(r: ojval.Reader) -> None:
        n = r.read_int("n"); r.read_eol()
        ...
        r.read_eof()
    ojval.main(check)
"""

from __future__ import annotations

import json
import re
import sys
from typing import Callable

VALID, INVALID, USAGE = 42, 43, 2
_INT = re.compile(rb"-?([0-9]+)")


class Invalid(Exception):
    """The input breaks the format; the message says where and what was expected."""


class Reader:
    """Reads the input byte by byte, strictly; every read_* names what it expected when it fails."""

    def __init__(self, data: bytes, bounds: dict[str, tuple[int, int]]) -> None:
        self.data, self.bounds, self.pos = data, bounds, 0
        self.features: set[str] = set()
        self.classes: dict[str, int] = {}
        self.values: dict[str, object] = {}

    # --- where we are, for messages: "line 3, column 7" -------------------------------------------
    def where(self) -> str:
        line = self.data.count(b"\n", 0, self.pos) + 1
        column = self.pos - (self.data.rfind(b"\n", 0, self.pos) + 1) + 1
        return f"line {line}, column {column}"

    def found(self) -> str:
        if self.pos >= len(self.data):
            return "end of file"
        c = self.data[self.pos]
        if c == 0x0A:
            return "end of line"
        return repr(chr(c)) if c < 128 else f"byte 0x{c:02X}"

    def fail(self, expected: str) -> None:
        raise Invalid(f"{self.where()}: expected {expected}, found {self.found()}")

    def invalid(self, message: str) -> None:
        """Reject the input for a reason of your own (x > n, a graph with a loop), at the current place."""
        raise Invalid(f"{self.where()}: {message}")

    # --- the reads ----------------------------------------------------------------------------------
    def read_int(self, name: str, lo: int | None = None, hi: int | None = None) -> int:
        """An integer (optional '-', no leading zeros, no '+') in [lo, hi]; by default the bounds of `name`
        from the command line. Records `name=min` / `name=max` when the value is at a bound's end."""
        if lo is None or hi is None:
            if name not in self.bounds:
                raise Invalid(f"validator bug: no bound {name}=LO..HI on the command line")
            lo, hi = self.bounds[name]
        m = _INT.match(self.data, self.pos)
        if not m:
            self.fail(f"an integer {name}")
        if m.group(1).startswith(b"0") and (m.group() != b"0"):
            self.pos = m.start(1) + 1
            self.fail("no leading zero")
        value = int(m.group())
        if not lo <= value <= hi:
            raise Invalid(f"{self.where()}: expected {name} in [{lo}, {hi}], found {value}")
        self.pos = m.end()
        if name in self.bounds:
            blo, bhi = self.bounds[name]
            if value == blo:
                self.features.add(f"{name}=min")
            if value == bhi:
                self.features.add(f"{name}=max")
        return value

    def read_ints(self, name: str, count: int) -> list[int]:
        """`count` integers of bound `name` separated by single spaces (not the end of line)."""
        out = []
        for i in range(count):
            if i:
                self.read_space()
            out.append(self.read_int(name))
        return out

    def read_token(self, name: str, pattern: str = r"[!-~]+") -> str:
        """A word matching `pattern` (by default: printable ASCII without spaces)."""
        m = re.compile(pattern.encode()).match(self.data, self.pos)
        if not m or not m.group():
            self.fail(f"{name} matching {pattern}")
        self.pos = m.end()
        return m.group().decode()

    def _byte(self, byte: bytes, what: str) -> None:
        if self.data[self.pos:self.pos + 1] != byte:
            self.fail(what)
        self.pos += 1

    def read_space(self) -> None:
        self._byte(b" ", "a single space")

    def read_eol(self) -> None:
        self._byte(b"\n", "end of line")

    def read_eof(self) -> None:
        if self.pos != len(self.data):
            self.fail("end of file")

    # --- what --features reports ---------------------------------------------------------------------
    def add_class(self, name: str, count: int = 1) -> None:
        self.classes[name] = self.classes.get(name, 0) + count

    def note(self, key: str, value: object) -> None:
        self.values[key] = value

    def report(self) -> dict[str, object]:
        ordered = [f"{k}={end}" for k in self.bounds for end in ("min", "max") if f"{k}={end}" in self.features]
        return {"values": self.values, "features": ordered, "classes": self.classes}


def parse_args(argv: list[str]) -> tuple[dict[str, tuple[int, int]], bool]:
    bounds, features = {}, False
    for arg in argv:
        if arg == "--features":
            features = True
            continue
        m = re.fullmatch(r"(\w+)=(-?\d+)\.\.(-?\d+)", arg)
        if not m:
            raise ValueError(f"bad argument {arg!r}: expected NAME=LO..HI or --features")
        bounds[m.group(1)] = (int(m.group(2)), int(m.group(3)))
    return bounds, features


def main(check: Callable[[Reader], None]) -> None:
    """Run `check` on stdin with the command line's bounds; exit 42 (valid) or 43 (invalid), 2 on a usage error."""
    try:
        bounds, features = parse_args(sys.argv[1:])
    except ValueError as e:
        print(f"usage: {sys.argv[0]} [--features] NAME=LO..HI ... < input: {e}", file=sys.stderr)
        sys.exit(USAGE)
    reader = Reader(sys.stdin.buffer.read(), bounds)
    try:
        check(reader)
        reader.read_eof()
    except Invalid as e:
        print(e, file=sys.stderr)
        sys.exit(INVALID)
    if features:
        print(json.dumps(reader.report()))
    sys.exit(VALID)
