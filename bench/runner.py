"""Runner overhead: ojpack's runner against a bare spawn-and-wait of the same binary on the same input.

    .venv/bin/python bench/runner.py [--runs N] [--problem DIR] [--user NAME]

Prints the median wall time per run of each, for the model solution compiled from the package and its
largest built test: a bare spawn, the unisolated runner (--no-sandbox: rlimits, and a cgroup where the
host has one) and the isolated one: the thread's prepared cage (sandbox/pool.py) and, to compare, a
one-shot cage per run (OJPACK_CAGE_POOL=0). Goals: unisolated <= 1.3x bare, cage <= 1.5x unisolated.
Run as root, it then measures the same as a plain user (rootless, with the limits a user gets here; see
plain_user.py) on a copy of the program and input, and prints root and user side by side: `--user`
names the account (default ojpack-cage-test, the isolation tests' own), `--user ''` skips it. The two
halves run one after the other, each against its own bare spawn: compare their ratios."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from plain_user import as_user

from ojpack.sandbox import cgroups, isolation_problem, sandbox_mode
from ojpack.testdata import ensure_built
from ojpack.cache import cache_for
from ojpack.sandbox.compile import prepare
from ojpack.problem.load import load_problem
from ojpack.sandbox.runner import RunLimits, run


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--problem", type=Path, default=Path("."))
    ap.add_argument("--user", default="ojpack-cage-test")
    ap.add_argument("--worker", help=argparse.SUPPRESS)   # the plain user's half: a JSON request
    args = ap.parse_args()
    if args.worker:
        return _worker(json.loads(args.worker))
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
    if "cage" in fns:
        fns["cage one-shot"] = _one_shot(fns["cage"])
    timings = _measure(fns, args.runs)
    print(f"{program.source.name} on {biggest.id} ({biggest.input.stat().st_size:,} bytes), {args.runs} runs each")
    print(f"bare spawn-and-wait: {timings['bare'] * 1000:.2f} ms/run")
    for m in [*modes, *(["cage one-shot"] if "cage" in modes else [])]:
        print(f"ojpack runner ({m}): {timings[m] * 1000:.2f} ms/run  ratio {timings[m] / timings['bare']:.2f}x bare")
    unisolated = timings.get("cgroup", timings["rlimit"])
    if "cage" in timings:
        print(f"cage overhead: {(timings['cage'] - unisolated) * 1000:+.2f} ms/run, "
              f"{timings['cage'] / unisolated:.2f}x the unisolated runner (goal <= 1.5x)")
    if "cage" in timings and args.user and os.geteuid() == 0:
        files = [a for a in program.argv if Path(a).is_absolute() and Path(a).exists()
                 and not a.startswith(("/usr/", "/bin/"))] + [str(biggest.input)]
        req = {"argv": list(program.argv), "input": str(biggest.input),
               "runs": args.runs, "limits": {"cpu": limits.cpu, "wall": limits.wall,
                                             "memory_mib": limits.memory_mib, "output_mib": limits.output_mib}}
        user = as_user(args.user, Path(__file__), req, files)
        if isinstance(user, str):
            print(f"user mode: not measured ({user})")
            return
        root = {**timings, "limits": sandbox_mode().limits}
        print(f"\n{'per run':<22}{'root: ' + root['limits']:>22}{'user: ' + user['limits']:>22}{'user / root':>13}")
        for name in ("bare", "cage one-shot", "cage"):
            print(f"{name:<22}{root[name] * 1000:>19.2f} ms{user[name] * 1000:>19.2f} ms{user[name] / root[name]:>12.2f}x")
        for name in ("cage one-shot", "cage"):
            print(f"{name + ' / bare':<22}{root[name] / root['bare']:>21.2f}x{user[name] / user['bare']:>21.2f}x")


def _one_shot(fn: Callable[[], object]) -> Callable[[], object]:
    """`fn` with the cage pool off (sandbox/pool.py): a one-shot cage per run, as before the pool."""
    def call() -> None:
        os.environ["OJPACK_CAGE_POOL"] = "0"
        try:
            fn()
        finally:
            del os.environ["OJPACK_CAGE_POOL"]
    return call


def _measure(fns: dict, runs: int) -> dict[str, float]:
    """Median seconds per call of each: warmed up first (page cache, the helper build, the cgroup probe),
    then interleaved, so that other load on the machine hits every one alike."""
    for fn in fns.values():
        fn()
    samples: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(runs):
        for name, fn in fns.items():
            start = time.perf_counter()
            fn()
            samples[name].append(time.perf_counter() - start)
    return {name: statistics.median(v) for name, v in samples.items()}


def _worker(req: dict) -> None:
    """As the plain user: time a bare spawn and both cages on the copy, print JSON."""
    argv, given = req["argv"], Path(req["input"])
    out = given.with_name("out")   # beside the copy, in the user's folder
    limits = RunLimits(**req["limits"])

    def bare() -> None:
        with open(given, "rb") as fin, open(out, "wb") as fout:
            subprocess.run(argv, stdin=fin, stdout=fout, check=True)

    def cage() -> None:
        run(argv, given, out, limits, isolate=True)

    timings = _measure({"bare": bare, "cage one-shot": _one_shot(cage), "cage": cage}, req["runs"])
    print(json.dumps({**timings, "limits": sandbox_mode().limits}))


if __name__ == "__main__":
    sys.exit(main())
