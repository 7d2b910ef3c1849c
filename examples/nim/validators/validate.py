"""Strict validator for the Nim template: `validate.py [--features] T=LO..HI n=LO..HI a=LO..HI < input`.

Reads line by line: every line must be numbers separated by single spaces, ending in one LF.
Exit 42 valid, 43 invalid (message `line L, column C: expected …, found …` on stderr), 2 usage error.
"""

import json
import re
import sys

LINE = re.compile(rb"(0|[1-9][0-9]*)( (0|[1-9][0-9]*))*")


class Bad(Exception):
    pass


def tokens(line: bytes, number: int) -> list[int]:
    if not line:
        raise Bad(f"line {number}, column 1: expected a number, found end of line")
    m = LINE.match(line)
    end = m.end() if m else 0
    if end != len(line):
        if line[end:end + 1] == b" " and end + 1 < len(line):
            end += 1  # the separator itself was fine: the fault is what follows it
        found = repr(chr(line[end])) if line[end] < 128 else f"byte 0x{line[end]:02X}"
        raise Bad(f"line {number}, column {end + 1}: expected a digit, a single space or end of line, found {found}")
    return [int(x) for x in line.split(b" ")]


def main() -> int:
    bounds = {}
    for arg in sys.argv[1:]:
        if arg == "--features":
            continue
        m = re.fullmatch(r"(\w+)=(-?\d+)\.\.(-?\d+)", arg)
        if not m:
            print(f"usage: validate.py [--features] T=LO..HI n=LO..HI a=LO..HI (bad argument {arg!r})", file=sys.stderr)
            return 2
        bounds[m.group(1)] = (int(m.group(2)), int(m.group(3)))
    if set(bounds) != {"T", "n", "a"}:
        print("usage: validate.py needs the bounds T, n and a", file=sys.stderr)
        return 2
    data = sys.stdin.buffer.read()
    try:
        stats = check(data, bounds)
    except Bad as e:
        print(e, file=sys.stderr)
        return 43
    if "--features" in sys.argv:
        print(json.dumps(stats))
    return 42


def check(data: bytes, bounds: dict) -> dict:
    if not data.endswith(b"\n"):
        line, column = data.count(b"\n") + 1, len(data) - data.rfind(b"\n")
        raise Bad(f"line {line}, column {column}: expected end of line, found end of file")
    lines = data[:-1].split(b"\n")
    cursor = iter(enumerate(lines, start=1))

    def one(name: str, count: int | None = None) -> list[int]:
        number, line = next(cursor, (len(lines) + 1, None))
        if line is None:
            raise Bad(f"line {number}, column 1: expected the line with {name}, found end of file")
        values = tokens(line, number)
        lo, hi = bounds[name]
        if count is not None and len(values) != count:
            raise Bad(f"line {number}, column 1: expected {count} values of {name}, found {len(values)}")
        if count is None and len(values) != 1:
            raise Bad(f"line {number}, column 1: expected one value ({name}), found {len(values)}")
        out = [v for v in values if not lo <= v <= hi]
        if out:
            raise Bad(f"line {number}, column 1: expected {name} in [{lo}, {hi}], found {out[0]}")
        return values

    (games,) = one("T")
    ns, piles = [], []
    for _ in range(games):
        (n,) = one("n")
        ns.append(n)
        piles += one("a", n)
    rest = next(cursor, None)
    if rest is not None:
        raise Bad(f"line {rest[0]}, column 1: expected end of file after {games} games, found more lines")
    hits = {"T=min": games == bounds["T"][0], "T=max": games == bounds["T"][1],
            "n=min": min(ns) == bounds["n"][0], "n=max": max(ns) == bounds["n"][1],
            "a=min": min(piles) == bounds["a"][0], "a=max": max(piles) == bounds["a"][1]}
    return {"values": {"T": games, "max_n": max(ns), "max_a": max(piles)},
            "features": [k for k, v in hits.items() if v], "classes": {}}


if __name__ == "__main__":
    sys.exit(main())
