"""Runner overhead: ojpack's runner against a bare spawn-and-wait of the same binary on the same input.

    .venv/bin/python bench/runner.py [--runs N] [--problem DIR]

Prints the median wall time per run of each, for the model solution compiled from the package and its
largest built test: a bare spawn, the unisolated runner (--no-sandbox: rlimits, and a cgroup where the
host has one) and the isolated one (the cage). Goals: unisolated <= 1.3x bare, cage <= 1.5x unisolated."""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ojpack.sandbox import cgroups, isolation_problem
from ojpack.testdata import ensure_built
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

    modes = {"rlimit": {"cgroup": False, "isolate": False}}
    if cgroups.available():
        modes["cgroup"] = {"cgroup": True, "isolate": False}
    if isolation_problem() is None:
        modes["cage"] = {"isolate": True}
    fns = {"bare": bare, **{m: (lambda kw=kw: run(program.argv, biggest.input, out, limits, **kw))
                            for m, kw in modes.items()}}
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
        print(f"ojpack runner ({m}): {timings[m] * 1000:.2f} ms/run  ratio {timings[m] / timings['bare']:.2f}x bare")
    unisolated = timings.get("cgroup", timings["rlimit"])
    if "cage" in timings:
        print(f"cage overhead: {(timings['cage'] - unisolated) * 1000:+.2f} ms/run, "
              f"{timings['cage'] / unisolated:.2f}x the unisolated runner (goal <= 1.5x)")


if __name__ == "__main__":
    sys.exit(main())
