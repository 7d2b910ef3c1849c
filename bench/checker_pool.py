"""A testlib checker's run in the thread's prepared cage (sandbox/pool.py) against the one-shot cage with a
capped feedback folder it had before (a detached tmpfs mount), and a Kattis-convention checker's run with its
feedback folder in the prepared cage (the mount moved in per run) and in a one-shot cage.

    .venv/bin/python bench/checker_pool.py [--runs N] [--groups G]

Tests sit as a judge keeps them (data/<group>/NN.in, .ans; the output in one folder per worker thread) and
each check follows a solution run, as in a judge, so the checker's cage competes with the solution's for
the thread's prepared cages. Prints the median wall time per check of: before (feedback folder, one-shot
cage), the feedback folder in a prepared cage, without the feedback folder but one-shot
(OJPACK_CAGE_POOL=0), and pooled, taking turns check by check; and their ratios.
Goal: pooled <= 0.7x before."""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from ojpack.judging.checker import ProgramChecker
from ojpack.sandbox import CappedFolder, RunLimits, isolation_problem, run
from ojpack.sandbox.compile import prepare

CHECKER = r"""#include <stdio.h>
int main(int argc, char **argv) {
    long long want, got;
    FILE *ans = fopen(argv[3], "r"), *out = fopen(argv[2], "r");
    if (!ans || !out || fscanf(ans, "%lld", &want) != 1) return 3;
    if (fscanf(out, "%lld", &got) != 1 || got != want) { fputs("wrong", stderr); return 1; }
    return 0;
}
"""
SOLUTION = r"""#include <stdio.h>
int main(void) { long long a, b; if (scanf("%lld %lld", &a, &b) == 2) printf("%lld\n", a + b); return 0; }
"""
LIMITS = RunLimits(cpu=2.0, wall=5.0, memory_mib=256, output_mib=16)


def _tests(base: Path, groups: int, per_group: int) -> list[tuple[Path, Path]]:
    out = []
    for g in range(groups):
        folder = base / "data" / f"group{g}"
        folder.mkdir(parents=True)
        for i in range(per_group):
            (folder / f"{i:02}.in").write_text(f"{g} {i}\n")
            (folder / f"{i:02}.ans").write_text(f"{g + i}\n")
            out.append((folder / f"{i:02}.in", folder / f"{i:02}.ans"))
    return out


def medians(modes: dict[str, tuple[Callable[[Path, Path, Path], bool], bool]], solution: tuple[str, ...],
            tests: list[tuple[Path, Path]], work: Path, runs: int) -> dict[str, float]:
    """Each mode's median check time; the modes take turns check by check, so that the machine's load
    (shared, and changing) weighs on each alike."""
    out = work / "out"
    times: dict[str, list[float]] = {name: [] for name in modes}
    for n in range(runs + len(tests)):   # the first pass over the tests warms up
        input, answer = tests[n % len(tests)]
        for name, (check, pooled) in modes.items():
            res = run(solution, input, out, LIMITS, stderr=work / "stderr")
            assert res.status == "ok", res
            os.environ["OJPACK_CAGE_POOL"] = "1" if pooled else "0"
            start = time.perf_counter()
            assert check(input, answer, out)
            if n >= len(tests):
                times[name].append(time.perf_counter() - start)
            os.environ.pop("OJPACK_CAGE_POOL")
    return {name: statistics.median(t) for name, t in times.items()}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=300)
    ap.add_argument("--groups", type=int, default=3)
    args = ap.parse_args()
    if problem := isolation_problem():
        raise SystemExit(f"needs the sandbox: {problem}")
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        base.chmod(0o755)
        (base / "chk.c").write_text(CHECKER)
        (base / "sol.c").write_text(SOLUTION)
        tests = _tests(base, args.groups, 10)
        work = base / "worker"
        work.mkdir()
        checker = ProgramChecker(prepare(base / "chk.c", base / "cache").argv, "testlib", True, "chk.c", ())
        solution = prepare(base / "sol.c", base / "cache").argv

        def before(input: Path, answer: Path, output: Path) -> bool:
            with tempfile.TemporaryDirectory() as t, CappedFolder(Path(t, "feedback")) as feedback:
                return checker.check_in(input, answer, output, feedback, Path(t)).ok

        def now(input: Path, answer: Path, output: Path) -> bool:
            return checker.check(input, answer, output).ok

        got = medians({"before": (before, False), "folder pooled": (before, True), "one-shot": (now, False),
                       "pooled": (now, True)}, solution, tests, work, args.runs)
    print(f"median per check over {args.runs} checks, {len(tests)} tests in {args.groups} group folders")
    old, one_shot, pooled = got["before"], got["one-shot"], got["pooled"]
    print(f"  before (feedback folder, one-shot cage): {old * 1000:7.2f} ms")
    folder = got["folder pooled"]
    print(f"  feedback folder, prepared cage:          {folder * 1000:7.2f} ms  ({folder / old:.2f}x before)")
    print(f"  no feedback folder, one-shot cage:       {one_shot * 1000:7.2f} ms  ({one_shot / old:.2f}x before)")
    print(f"  no feedback folder, prepared cage:       {pooled * 1000:7.2f} ms  ({pooled / old:.2f}x before)")


if __name__ == "__main__":
    main()
