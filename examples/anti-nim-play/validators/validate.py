"""Strict validator for John plays anti-Nim: `validate.py [--features] T=LO..HI n=LO..HI a=LO..HI < input`.

Every line is numbers separated by single spaces, ending in one LF; every game must be a win for the
player who moves first (John), since the contestant has to actually win it. Exit 42 valid, 43 invalid
(message `line L, column C: …` on stderr), 2 usage error. `--features` prints the bounds hit and the
position classes: ones (every pile 1), one-rich (exactly one pile of 2+), rich (two or more piles of 2+).
"""

import json
import re
import sys

LINE = re.compile(rb"(0|[1-9][0-9]*)( (0|[1-9][0-9]*))*")


class Bad(Exception):
    pass


def first_player_wins(piles: list[int]) -> bool:
    """Anti-Nim (taking the last stone loses): the mover wins iff (a pile of 2+ and XOR != 0) or
    (no pile of 2+ and XOR == 0)."""
    x = 0
    for p in piles:
        x ^= p
    return x != 0 if any(p >= 2 for p in piles) else x == 0


def position_class(piles: list[int]) -> str:
    rich = sum(p >= 2 for p in piles)
    return "ones" if rich == 0 else ("one-rich" if rich == 1 else "rich")


def tokens(line: bytes, number: int) -> list[int]:
    if not line:
        raise Bad(f"line {number}, column 1: expected a number, found an empty line")
    m = LINE.match(line)
    end = m.end() if m else 0
    if end != len(line):
        if line[end:end + 1] == b" " and end + 1 < len(line):
            end += 1
        found = repr(chr(line[end])) if line[end] < 128 else f"byte 0x{line[end]:02X}"
        raise Bad(f"line {number}, column {end + 1}: expected a digit, a single space or end of line, found {found}")
    return [int(x) for x in line.split(b" ")]


def check(data: bytes, bounds: dict) -> dict:
    if not data.endswith(b"\n"):
        line, column = data.count(b"\n") + 1, len(data) - data.rfind(b"\n")
        raise Bad(f"line {line}, column {column}: expected end of line, found end of file")
    lines = data[:-1].split(b"\n")
    cursor = iter(enumerate(lines, start=1))

    def one(name: str, count: int | None = None) -> tuple[int, list[int]]:
        number, line = next(cursor, (len(lines) + 1, None))
        if line is None:
            raise Bad(f"line {number}, column 1: expected the line with {name}, found end of file")
        values = tokens(line, number)
        lo, hi = bounds[name]
        if len(values) != (count or 1):
            want = f"{count} values of {name}" if count else f"one value ({name})"
            raise Bad(f"line {number}, column 1: expected {want}, found {len(values)}")
        out = [v for v in values if not lo <= v <= hi]
        if out:
            raise Bad(f"line {number}, column 1: expected {name} in [{lo}, {hi}], found {out[0]}")
        return number, values

    _, (games,) = one("T")
    ns, stones, classes = [], [], {"ones": 0, "one-rich": 0, "rich": 0}
    for _ in range(games):
        _, (n,) = one("n")
        number, piles = one("a", n)
        if not first_player_wins(piles):
            raise Bad(f"line {number}, column 1: the first player loses this position, so John cannot win it")
        ns.append(n)
        stones += piles
        classes[position_class(piles)] += 1
    rest = next(cursor, None)
    if rest is not None:
        raise Bad(f"line {rest[0]}, column 1: expected end of file after {games} games, found more lines")
    hits = {"T=min": games == bounds["T"][0], "T=max": games == bounds["T"][1],
            "n=min": min(ns) == bounds["n"][0], "n=max": max(ns) == bounds["n"][1],
            "a=min": min(stones) == bounds["a"][0], "a=max": max(stones) == bounds["a"][1]}
    return {"values": {"T": games, "max_n": max(ns), "max_a": max(stones)},
            "features": [k for k, v in hits.items() if v], "classes": classes}


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
    try:
        stats = check(sys.stdin.buffer.read(), bounds)
    except Bad as e:
        print(e, file=sys.stderr)
        return 43
    if "--features" in sys.argv:
        print(json.dumps(stats))
    return 42


if __name__ == "__main__":
    sys.exit(main())
