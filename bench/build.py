"""Cold vs warm `ojpack build` on a private copy of the package; prints times and their ratio.

    .venv/bin/python bench/build.py [PROBLEM_DIR] [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from ojpack.testdata.builder import build
from ojpack.problem.load import copy_sources, load_problem

def timed(root: Path) -> float:
    start = time.perf_counter()
    build(load_problem(root))
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("problem", nargs="?", default=".", type=Path)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    cold, warm = [], []
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            copy_sources(args.problem.resolve(), root)
            cold.append(timed(root))      # nothing cached: compile, generate, validate, solve
            warm.append(timed(root))      # everything cached: hash, copy, swap
    c, w = statistics.median(cold), statistics.median(warm)
    print(f"cold build: median {c:.2f} s  (runs: {', '.join(f'{x:.2f}' for x in cold)})")
    print(f"warm build: median {w:.2f} s  (runs: {', '.join(f'{x:.2f}' for x in warm)})")
    print(f"cold / warm: {c / w:.1f}x")


if __name__ == "__main__":
    main()
