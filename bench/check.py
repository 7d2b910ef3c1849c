"""`ojpack build` + `ojpack check` on a private copy of the package: cold (no caches at all), fresh
(binaries, data and proof batches cached, every run repeated: `check --fresh`) and warm (nothing changed).

    .venv/bin/python bench/check.py [PROBLEM_DIR]
    .venv/bin/python bench/check.py --sandbox [--rounds N] [PROBLEM_DIR]

Prints wall times and ratios measured in this one run. --sandbox instead times `check --fresh` (every
run repeated, proof included) in the cage against `--no-sandbox`, alternating the two N times on one
built copy so that other load on the machine hits both alike."""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ojpack.problem.load import copy_sources

OJPACK = str(Path(sys.executable).with_name("ojpack"))


def timed(*argv: str, may_fail: bool = False) -> float:
    start = time.perf_counter()
    proc = subprocess.run([OJPACK, *argv], capture_output=True, text=True)
    if proc.returncode != 0 and may_fail and "check failed" in proc.stdout:
        # On an overloaded machine a time-limit solution can reach its wall limit before 1.5x its CPU
        # limit: the check then fails on margins, but its time still counts.
        print(f"(ojpack {' '.join(argv[:3])} failed: {proc.stdout.strip().splitlines()[-1]})")
    elif proc.returncode != 0:
        sys.exit(f"ojpack {' '.join(argv)} failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("problem", nargs="?", default=".", type=Path)
    ap.add_argument("--sandbox", action="store_true", help="compare check in the cage with --no-sandbox")
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    if args.sandbox:
        return compare_sandbox(args.problem, args.rounds)
    with tempfile.TemporaryDirectory(prefix="ojpack-bench-") as tmp:
        root = copy_sources(args.problem, Path(tmp) / "pkg")
        p = ["-p", str(root)]
        cold_build = timed("build", *p)
        cold_check = timed("check", *p)
        fresh_check = timed("check", "--fresh", *p)
        warm_build = timed("build", *p)
        warm_check = timed("check", *p)
    cold, warm = cold_build + cold_check, warm_build + warm_check
    print(f"cold : build {cold_build:6.1f} s + check {cold_check:6.1f} s = {cold:6.1f} s")
    print(f"fresh: check --fresh (binaries, data, proof batches cached; all runs repeated) {fresh_check:6.1f} s")
    print(f"warm : build {warm_build:6.1f} s + check {warm_check:6.1f} s = {warm:6.1f} s")
    print(f"cold / warm = {cold / warm:.0f}x; cold check / fresh check = {cold_check / fresh_check:.1f}x")


def compare_sandbox(problem: Path, rounds: int) -> None:
    with tempfile.TemporaryDirectory(prefix="ojpack-bench-") as tmp:
        root = copy_sources(problem, Path(tmp) / "pkg")
        p = ["-p", str(root)]
        timed("build", *p)
        timed("check", *p, may_fail=True)   # compiles everything and makes the proof batches once
        times: dict[str, list[float]] = {"no-sandbox": [], "sandbox": []}
        for _ in range(rounds):
            times["no-sandbox"].append(timed("check", "--fresh", "--no-sandbox", *p, may_fail=True))
            times["sandbox"].append(timed("check", "--fresh", *p, may_fail=True))
    for name, got in times.items():
        print(f"check --fresh {name:>10}: " + "  ".join(f"{t:6.1f} s" for t in got) + f"   best {min(got):6.1f} s")
    print(f"sandbox / no-sandbox (best of {rounds}): {min(times['sandbox']) / min(times['no-sandbox']):.2f}x"
          f"  (goal <= 1.2x)")


if __name__ == "__main__":
    main()
