"""Runner overhead: ojpack's runner against a bare spawn-and-wait of the same binary on the same input.

    .venv/bin/python bench/runner.py [--runs N] [--problem DIR]

Prints the median wall time per run of each and their ratio (goal: <= 1.3x), for the model solution
compiled from the package and its largest built test, in both sandbox modes the host allows."""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ojpack.sandbox import cgroups
from ojpack.testdata.build import ensure_built
from ojpack.cache import cache_for
from ojpack.sandbox.compile import prepare
from ojpack.problem.load import load_problem
from ojpack.sandbox.runner import RunLimits, run


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--problem", type=Path, default=Path("."))
    args = ap.parse_args()
    problem = load_problem(args.problem)
    tests = ensure_built(problem)
    biggest = max(tests, key=lambda t: t.input.stat().st_size)
    program = prepare(problem.path(problem.spec.model_solution), cache_for(problem.root).dir)
    lim = problem.spec.limits
    limits = RunLimits(cpu=lim.time, wall=3 * lim.time + 1, memory_mib=lim.memory, output_mib=lim.output)
    out = Path(tempfile.mkdtemp()) / "out"

    def bare() -> None:
        with open(biggest.input, "rb") as fin, open(out, "wb") as fout:
            subprocess.run(program.argv, stdin=fin, stdout=fout, check=True)

    modes = {"rlimit": False, **({"cgroup": True} if cgroups.available() else {})}
    fns = {"bare": bare, **{m: (lambda c=c: run(program.argv, biggest.input, out, limits, cgroup=c))
                            for m, c in modes.items()}}
    samples: dict[str, list[float]] = {name: [] for name in fns}
    for fn in fns.values():
        fn()  # warm up the page cache, the helper build and the cgroup probe
    # Interleaved, and compared by the median: other load on the machine hits every mode alike.
    for _ in range(args.runs):
        for name, fn in fns.items():
            start = time.perf_counter()
            fn()
            samples[name].append(time.perf_counter() - start)
    timings = {name: statistics.median(v) for name, v in samples.items()}
    print(f"{program.source.name} on {biggest.id} ({biggest.input.stat().st_size:,} bytes), {args.runs} runs each")
    print(f"bare spawn-and-wait: {timings['bare'] * 1000:.2f} ms/run")
    for m in modes:
        print(f"ojpack runner ({m}): {timings[m] * 1000:.2f} ms/run  ratio {timings[m] / timings['bare']:.2f}x"
              f"  (goal <= 1.3x)")


if __name__ == "__main__":
    sys.exit(main())
