"""Stress throughput: games compared per minute between two C++ solutions that agree (so the run lasts).

    .venv/bin/python bench/stress.py [--seconds S] [--jobs N] [--problem DIR]

Goal on a 2-core machine: >= 2,000,000 games a minute. Also prints what one input costs to make and to
compare on one thread, so a slow number can be told apart from a busy machine."""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from ojpack.problem import load_problem
from ojpack.sandbox import isolation_problem, set_isolation
from ojpack.strength.duel import Duel
from ojpack.strength.stress import Sources, compile_program, hunt, setup


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--problem", type=Path, default=Path("."))
    ap.add_argument("--a", default="solutions/accepted/classes.cpp")
    ap.add_argument("--b", default="solutions/accepted/john.cpp")
    ap.add_argument("--no-generators", action="store_true", help="grammar inputs only")
    args = ap.parse_args()
    problem = load_problem(args.problem)
    s = setup(problem)
    a, b = compile_program(problem, problem.path(args.a)), compile_program(problem, problem.path(args.b))
    sources = Sources(problem, s.grammar, seed=12345, generators=not args.no_generators)
    print(f"{Path(args.a).name} vs {Path(args.b).name}, {args.jobs} workers, {args.seconds:g} s per mode, "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    modes = [("sandboxed", True), ("--no-sandbox", False)] if isolation_problem() is None else [("--no-sandbox", False)]
    for label, caged in modes:
        set_isolation(caged)
        with Duel(a, b, s.checker, s.limits, s.time_limit) as duel:
            t0 = time.perf_counter()
            made = [sources.make(k) for k in range(40)]   # grammar inputs only (generators come later)
            t1 = time.perf_counter()
            for data, _, _ in made:
                duel.differs(data)
            t2 = time.perf_counter()
            found = hunt(duel, sources, args.seconds, args.jobs)
        if found.found is not None:
            print(f"unexpected difference: {found.found.origin}")
        per_min = found.units / args.seconds * 60
        print(f"{label}: one thread: make {1000 * (t1 - t0) / 40:.1f} ms/input, compare {1000 * (t2 - t1) / 40:.1f} "
              f"ms/input; {found.cases} inputs, {found.units} games: {per_min:,.0f} games/minute (goal >= 2,000,000)")


if __name__ == "__main__":
    main()
