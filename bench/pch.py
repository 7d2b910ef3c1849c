"""Compiling C++ sources whose first include is <bits/stdc++.h>: with the precompiled header (pch.py) against
without it (OJPACK_PCH=0), alternating in one run so that other load on the machine hits both alike.

    .venv/bin/python bench/pch.py [--sources N] [--rounds N]

Each side compiles N distinct sources into an empty package cache with a machine-wide cache of its own (the
side with the header has its .gch built once, up front, and timed apart: the cost a machine pays once per
compiler and flag set). Prints median wall seconds per side and the ratio."""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from ojpack.sandbox.compile import prepare

SOURCE = ("#include <bits/stdc++.h>\nusing namespace std;\nint main() {{ int n; cin >> n; vector<long long> v(n);\n"
          "  for (auto &x : v) cin >> x; sort(v.begin(), v.end()); map<long long, int> seen;\n"
          "  for (auto x : v) seen[x]++; cout << seen.size() + {k} << '\\n'; }}\n")


def compile_all(where: Path, home: Path, on: bool, count: int, tag: str) -> float:
    os.environ["OJPACK_CACHE_HOME"] = str(home)
    os.environ["OJPACK_PCH"] = "1" if on else "0"
    start = time.perf_counter()
    for k in range(count):
        src = where / f"{tag}-{k}.cpp"
        src.write_text(SOURCE.format(k=f"{k} + 0 * {len(tag)}"))
        prepare(src, where / f"cache-{tag}")
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sources", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    got: dict[bool, list[float]] = {True: [], False: []}
    with tempfile.TemporaryDirectory(prefix="ojpack-pch-") as tmp:
        root = Path(tmp)
        once = compile_all(root, root / "home-on", True, 1, "first")
        print(f"first compile with the header, .gch built too: {once:.2f} s (once per compiler and flag set)")
        for r in range(a.rounds):
            for on in ((True, False) if r % 2 == 0 else (False, True)):
                got[on].append(compile_all(root, root / f"home-{on}-{r}" if not on else root / "home-on",
                                           on, a.sources, f"r{r}-{on}"))
    with_pch, without = statistics.median(got[True]), statistics.median(got[False])
    print(f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {a.sources} sources a side, {a.rounds} rounds")
    print(f"with .gch {with_pch:.2f} s, without {without:.2f} s: ratio {with_pch / without:.2f}")


if __name__ == "__main__":
    main()
