"""The exhaustive proof's search speed against a plain memoised Python search of the same positions.

    .venv/bin/python bench/proof_search.py [PROBLEM_DIR]

Both decide every position the package's proof covers (read from problem.yaml: here every multiset of at
most 8 piles of 1..15 stones); prints positions per second of each and the ratio, measured in this run."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from functools import lru_cache
from pathlib import Path

from ojpack.sandbox.compile import prepare
from ojpack.problem.load import load_problem
from ojpack.judging.proof import proof_batches as batches


def plain_search(max_piles: int, max_stones: int, min_stones: int) -> int:
    """The baseline: memoised win/lose over sorted tuples, the way one writes it first."""
    sys.setrecursionlimit(10000)

    @lru_cache(maxsize=None)
    def wins(piles: tuple[int, ...]) -> bool:
        if not piles:
            return True
        for i, a in enumerate(piles):
            rest = piles[:i] + piles[i + 1:]
            for b in range(a):
                if not wins(tuple(sorted(rest + ((b,) if b else ())))):
                    return True
        return False

    count = 0

    def every(prefix: tuple[int, ...], top: int) -> None:
        nonlocal count
        if prefix:
            wins(prefix)
            count += 1
        if len(prefix) < max_piles:
            for v in range(min_stones, top + 1):
                every(prefix + (v,), v)

    every((), max_stones)
    return count


def option(args: list[str], name: str, default: int) -> int:
    return int(args[args.index(name) + 1]) if name in args else default


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("problem", nargs="?", default=".", type=Path)
    a = ap.parse_args()
    problem = load_problem(a.problem)
    if problem.spec.proof is None:
        sys.exit("this problem declares no proof")
    with tempfile.TemporaryDirectory() as tmp:   # a private cache: the generator really runs
        prepare(problem.path(problem.spec.proof.generator), Path(tmp))   # compiling is not searching
        start = time.perf_counter()
        _, cases, _, _ = batches(problem, Path(tmp))
        ours = time.perf_counter() - start
    args = problem.spec.proof.args.split()
    start = time.perf_counter()
    n = plain_search(option(args, "--piles", 8), option(args, "--stones", 15), problem.spec.bounds["a"].min
                     if "a" in problem.spec.bounds else 1)
    plain = time.perf_counter() - start
    print(f"package proof generator ({problem.spec.proof.generator}, search + writing the batch files): "
          f"{cases:,} positions in {ours:.2f} s = {cases / ours:,.0f} positions/s")
    print(f"plain memoised Python search: {n:,} positions in {plain:.2f} s = {n / plain:,.0f} positions/s")
    print(f"speed-up: {(cases / ours) / (n / plain):.1f}x")


if __name__ == "__main__":
    main()
