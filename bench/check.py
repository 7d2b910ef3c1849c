"""`ojpack build` + `ojpack check` (the proof included) on a private copy of the package: cold (no caches at
all: a fresh copy and an empty machine-wide compile store), fresh (binaries, data and proof batches
cached, every run repeated: `check --fresh`) and warm (nothing changed), with where the cold check's time
went.

    .venv/bin/python bench/check.py [PROBLEM_DIR]

Prints wall times and ratios measured in this one run. Goals: cold check <= 60 s, warm check <= 1 s."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ojpack.problem import copy_sources

OJPACK = str(Path(sys.executable).with_name("ojpack"))


def timed(*argv: str, env: dict[str, str]) -> tuple[float, str]:
    start = time.perf_counter()
    proc = subprocess.run([OJPACK, *argv], capture_output=True, text=True, env=env)
    # exit 1 is a finished check that reported a problem (on a loaded machine, typically a time-out margin)
    if proc.returncode == 1 and argv[0] == "check":
        print(f"note: check {' '.join(argv[1:-2])} reported problems")
    elif proc.returncode != 0:
        sys.exit(f"ojpack {' '.join(argv)} failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return time.perf_counter() - start, proc.stdout


def breakdown(report: dict) -> list[str]:
    """Where a check's time went: its phases, and the CPU seconds of the runs by kind of solution."""
    phases = ", ".join(f"{k} {v:.1f} s" for k, v in report.get("phases", {}).items())
    kinds: dict[str, float] = {}
    for s in report["solutions"]:
        kind = s["path"].split("/")[1]
        lang = s["path"].rsplit(".", 1)[-1]
        k = f"{kind} .{lang}"
        kinds[k] = kinds.get(k, 0.0) + sum(c["time"] for c in s["cells"])
    runs = ", ".join(f"{k} {v:.1f}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1]))
    lines = [f"  phases (wall): {phases}", f"  solution runs, CPU s by kind: {runs}"]
    proof = report.get("proof")
    if proof:
        per = ", ".join(f"{n} {s:.1f}" for n, s in proof["solutions"].items() if s >= 0)
        boxes = sorted(set(proof.get("boxes", {}).values()))
        lines.append(f"  proof: {proof['files']} batches, generator {proof['search_seconds']:.1f} s; CPU s per "
                     f"solution: {per or 'cached'}; boxes: {' | '.join(boxes)}")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("problem", nargs="?", default=".", type=Path)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="ojpack-bench-") as tmp:
        # an empty machine-wide store: cold means nothing compiled before, anywhere
        env = {**os.environ, "OJPACK_CACHE_HOME": str(Path(tmp) / "cache-home")}
        root = copy_sources(args.problem, Path(tmp) / "pkg")
        p = ["-p", str(root)]
        cold_build, _ = timed("build", *p, env=env)
        cold_check, cold_json = timed("check", "--json", *p, env=env)
        fresh_check, _ = timed("check", "--fresh", *p, env=env)
        warm_build, _ = timed("build", *p, env=env)
        warm_check, _ = timed("check", *p, env=env)
    cold, warm = cold_build + cold_check, warm_build + warm_check
    print(f"cold : build {cold_build:6.1f} s + check {cold_check:6.1f} s = {cold:6.1f} s  (goal: check <= 60 s)")
    print("\n".join(breakdown(json.loads(cold_json))))
    print(f"fresh: check --fresh (binaries, data, proof batches cached; all runs repeated) {fresh_check:6.1f} s")
    print(f"warm : build {warm_build:6.1f} s + check {warm_check:6.1f} s = {warm:6.1f} s  (goal: check <= 1 s)")
    print(f"cold / warm = {cold / warm:.0f}x; cold check / fresh check = {cold_check / fresh_check:.1f}x")


if __name__ == "__main__":
    main()
