"""The figures of two runs of the import benches side by side, as a Markdown table: per package, its
submissions, how many got a verdict their folder (or Polygon tag) expects before and after, and the misses
after (or why the package as a whole failed).

    .venv/bin/python bench/import_table.py BEFORE.txt AFTER.txt [BEFORE2.txt AFTER2.txt ...]

Each file is what `bench/import_kattis.py` or `bench/import_polygon.py` printed; a package missing from one
run of a pair is shown with "-" there."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import NamedTuple

KATTIS = re.compile(r"^(ok |BAD) (\S+)\s+submissions\s+(\d+)/(\d+)\s*(.*)$")
POLYGON = re.compile(r"^(RIGHT|WRONG) (\S+): (\d+)/(\d+) submissions, \d+ s: (.*)$")


class Row(NamedTuple):
    right: int
    total: int
    misses: str


def rows(path: Path) -> dict[str, Row]:
    out: dict[str, Row] = {}
    for line in path.read_text(errors="replace").splitlines():
        if m := KATTIS.match(line):
            said = m[5]
            misses = said[len("wrong: "):].split("  ")[0] if said.startswith("wrong: ") else said.split("  ")[0]
            out[m[2]] = Row(int(m[3]), int(m[4]), "" if m[1] == "ok " else misses)
        elif m := POLYGON.match(line):
            said = re.sub(r"\s*\[data:.*\]$", "", m[5])
            out[m[2]] = Row(int(m[3]), int(m[4]), "" if m[1] == "RIGHT" else said)
    return out


def short(said: str) -> str:
    """An import's failure without the temporary folder it named and its notes."""
    said = re.sub(r"^(import failed: )?(error: )?the \S+ package was written to \S+, but ", r"\1", said)
    return re.sub(r" \(import notes: .*$", "", said)


def cell(row: Row | None) -> str:
    return "-" if row is None else f"{row.right}/{row.total}"


def main() -> None:
    files = [Path(a) for a in sys.argv[1:]]
    if not files or len(files) % 2:
        sys.exit(__doc__)
    print("| package | submissions | as expected before | as expected after | misses after |")
    print("|---|---:|---:|---:|---|")
    sums = [0, 0, 0, 0]   # submissions, right before, right after, packages wholly right after
    names = 0
    for before_file, after_file in zip(files[::2], files[1::2]):
        before, after = rows(before_file), rows(after_file)
        for name in sorted(before.keys() | after.keys()):
            b, a = before.get(name), after.get(name)
            total = (a or b).total   # type: ignore[union-attr]
            misses = (short(a.misses) if a else "not run").replace("|", "/")[:200] or "none"
            print(f"| {name} | {total} | {cell(b)} | {cell(a)} | {misses} |")
            sums = [sums[0] + total, sums[1] + (b.right if b else 0), sums[2] + (a.right if a else 0),
                    sums[3] + (a is not None and not a.misses)]
            names += 1
    print(f"| **{names} packages** ({sums[3]} wholly right after) | {sums[0]} | {sums[1]} | {sums[2]} | |")


if __name__ == "__main__":
    main()
