"""The exhaustive proof's cost per batch, per accepted solution, against its physical floor.

    .venv/bin/python bench/proof.py [PROBLEM_DIR] [--sample N] [--rounds R]

The floor of a batch is one bare start of the same runtime: a program in the solution's language that
reads its input and exits, compiled and run exactly like the solution (same runner, limits, checker and
parallelism: both cores busy). For each solution, N batches spread over the proof (all of them with
--sample 0) are run R times, alternating with the floor program on the same batches, in this one run.
Prints ms per batch (wall time of the whole set / batches) for both and the ratio; goal <= 1.15x."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from ojpack.cache import cache_for
from ojpack.judging.checker import load_checker
from ojpack.judging.execute import Job, execute, limits_for
from ojpack.judging.proof import proof_batches as batches, proof_box
from ojpack.judging.solutions import discover
from ojpack.problem import load_problem
from ojpack.sandbox import prepare

# "Read the input, exit" in each language of the toolkit's table (keyed by its language id).
FLOOR = {
    "c": ("floor.c", "#include <stdio.h>\nint main(void){char b[65536];while(fread(b,1,sizeof b,stdin)>0);return 0;}\n"),
    "cpp": ("floor.cpp", "#include <cstdio>\nint main(){char b[65536];while(fread(b,1,sizeof b,stdin)>0);}\n"),
    "python": ("floor.py", "import sys\nsys.stdin.buffer.read()\n"),
    "java": ("Floor.java", "class Floor { public static void main(String[] a) throws Exception {\n"
                           "  byte[] b = new byte[65536]; while (System.in.read(b) > 0) {} } }\n"),
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("problem", nargs="?", default=".", type=Path)
    ap.add_argument("--sample", type=int, default=120, help="batches per solution (0: all)")
    ap.add_argument("--rounds", type=int, default=2)
    a = ap.parse_args()
    problem = load_problem(a.problem)
    cache_dir = cache_for(problem.root).dir
    lim = problem.spec.limits
    limits = limits_for(lim.time, lim.memory, lim.output)
    checker = load_checker(problem, cache_dir)
    workers = os.cpu_count() or 1
    rows = []
    with tempfile.TemporaryDirectory(prefix="ojpack-floor-") as tmp:
        for sol in discover(problem):
            if not sol.must_pass:
                continue
            program = prepare(sol.path, cache_dir, memory_mib=lim.memory)
            tests, _, _, _ = batches(problem, cache_dir, program.language.id)
            step = max(1, len(tests) // a.sample) if a.sample else 1
            chosen = tests[::step]
            name, text = FLOOR[program.language.id]
            folder = Path(tmp, program.language.id)
            folder.mkdir(exist_ok=True)
            (folder / name).write_text(text)
            floor = prepare(folder / name, Path(tmp, "cache"), memory_mib=lim.memory)
            took: dict[str, list[float]] = {"floor": [], "solution": []}
            for r in range(a.rounds):
                for side in (("floor", "solution") if r % 2 == 0 else ("solution", "floor")):
                    prog = floor if side == "floor" else program
                    start = time.perf_counter()
                    execute([Job(side, prog, t) for t in chosen], limits, lim.time, checker, workers)
                    took[side].append((time.perf_counter() - start) / len(chosen))
            f, s = statistics.median(took["floor"]), statistics.median(took["solution"])
            box = proof_box(problem, program.language.id)
            rows.append((sol.name, len(chosen), len(tests), box, f * 1000, s * 1000, s / f))
    print(f"{'solution':28s} {'box':>24s} {'batches':>9s} {'floor ms':>9s} {'batch ms':>9s} {'ratio':>6s}")
    for name, n, total, box, f, s, ratio in rows:
        print(f"{name:28s} {box:>24s} {n:4d}/{total:<4d} {f:9.1f} {s:9.1f} {ratio:6.2f}x")
    worst = max(r[-1] for r in rows)
    print(f"worst ratio {worst:.2f}x (goal <= 1.15x), {workers} workers, wall ms per batch")


if __name__ == "__main__":
    sys.exit(main())
