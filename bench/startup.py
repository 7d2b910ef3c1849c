"""What every command pays before it does anything, and `ojpack judge`'s overhead over its own runs.

    .venv/bin/python bench/startup.py [PROBLEM_DIR] [--rounds N]

On a private, built copy of the package (so the compile cache is warm), alternating in each round:
`ojpack --version`, `ojpack --help`, `ojpack judge <model solution> --json`, and the same runs made
in this process (the judge's floor: the same program on the same tests through the same runner and
checker). Prints medians; goals: --version and --help <= 0.3 s, judge <= runs + 0.2 s."""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ojpack.cache import cache_for
from ojpack.judging.checker import load_checker
from ojpack.judging.execute import Job, execute, limits_for
from ojpack.problem import copy_sources, load_problem
from ojpack.sandbox import prepare
from ojpack.testdata import load_built

OJPACK = str(Path(sys.executable).with_name("ojpack"))


def timed(*argv: str, must_pass: bool = True) -> float:
    start = time.perf_counter()
    proc = subprocess.run([OJPACK, *argv], capture_output=True, text=True)
    if proc.returncode != 0 and must_pass:
        sys.exit(f"ojpack {' '.join(argv)} failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")
    return time.perf_counter() - start


def import_ms() -> float:
    """Cumulative import time of ojpack.cli, from python -X importtime (microseconds in its last line)."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-c", "import ojpack.cli"],
                          capture_output=True, text=True)
    last = [ln for ln in proc.stderr.splitlines() if ln.rstrip().endswith("ojpack.cli")][-1]
    return int(last.split("|")[1]) / 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("problem", nargs="?", default=".", type=Path)
    ap.add_argument("--rounds", type=int, default=7)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="ojpack-startup-") as tmp:
        root = copy_sources(a.problem, Path(tmp) / "pkg")
        timed("build", "-p", str(root))
        problem = load_problem(root)
        source = problem.path(problem.spec.model_solution)
        timed("judge", str(source), "-p", str(root), "--json")   # warms the compile cache
        tests = load_built(problem)
        cache_dir = cache_for(root).dir
        lim = problem.spec.limits
        program = prepare(source, cache_dir, memory_mib=lim.memory)
        checker = load_checker(problem, cache_dir)
        jobs = [Job("s", program, t) for t in tests]

        def runs() -> float:
            start = time.perf_counter()
            execute(jobs, limits_for(lim.time, lim.memory, lim.output), lim.time, checker)
            return time.perf_counter() - start

        got: dict[str, list[float]] = {"version": [], "help": [], "judge": [], "runs": []}
        for _ in range(a.rounds):
            got["version"].append(timed("--version", must_pass=False))
            got["help"].append(timed("--help"))
            got["judge"].append(timed("judge", str(source), "-p", str(root), "--json"))
            got["runs"].append(runs())
    med = {k: statistics.median(v) for k, v in got.items()}
    print(f"import ojpack.cli: {import_ms():.0f} ms (python -X importtime)")
    print(f"ojpack --version: {med['version']:.3f} s (goal <= 0.3 s)")
    print(f"ojpack --help   : {med['help']:.3f} s (goal <= 0.3 s)")
    print(f"ojpack judge {source.name} on {len(tests)} tests (warm): {med['judge']:.3f} s; the same runs in-process "
          f"{med['runs']:.3f} s; overhead {med['judge'] - med['runs']:+.3f} s (goal <= 0.2 s)")


if __name__ == "__main__":
    main()
