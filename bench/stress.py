"""Stress throughput: games compared per minute between two C++ solutions that agree (so the run lasts).

    .venv/bin/python bench/stress.py [--seconds S] [--jobs N] [--problem DIR] [--user NAME]

Goal on a 2-core machine: >= 2,000,000 games a minute, and the cage at >= 90% of --no-sandbox. Each mode
(the cage with its prepared cages, sandbox/pool.py; a one-shot cage per run, OJPACK_CAGE_POOL=0; and
--no-sandbox; they take turns, 4 slices each) also prints what one input costs to make and to compare on
one thread, so a slow number can be told apart from a busy machine. Run as root, the same then runs as a plain user (the rootless cage,
on a copy of the package; see plain_user.py) and both are printed side by side: `--user` names the
account (default ojpack-cage-test), `--user ''` skips it. The halves run one after the other."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from plain_user import as_user

from ojpack.problem import load_problem
from ojpack.sandbox import isolation_problem, sandbox_mode, set_isolation
from ojpack.strength.duel import Duel
from ojpack.strength.stress import Sources, compile_program, hunt, setup

MODES = (("cage", True, "1"), ("cage one-shot", True, "0"), ("--no-sandbox", False, "1"))
ROUNDS = 4


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--problem", type=Path, default=Path("."))
    ap.add_argument("--a", default="solutions/accepted/classes.cpp")
    ap.add_argument("--b", default="solutions/accepted/john.cpp")
    ap.add_argument("--no-generators", action="store_true", help="grammar inputs only")
    ap.add_argument("--user", default="ojpack-cage-test")
    ap.add_argument("--worker", help=argparse.SUPPRESS)   # the plain user's half: a JSON request
    args = ap.parse_args()
    if args.worker:
        req = json.loads(args.worker)
        print(json.dumps(measure(Path(req["problem"]), req["a"], req["b"], req["seconds"], req["jobs"],
                                 req["generators"])))
        return
    print(f"{Path(args.a).name} vs {Path(args.b).name}, {args.jobs} workers, {args.seconds:g} s per mode, "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    root = measure(args.problem, args.a, args.b, args.seconds, args.jobs, not args.no_generators)
    sides = {f"{'root' if os.geteuid() == 0 else 'user'}: {root.pop('limits')}": root}
    if args.user and os.geteuid() == 0 and "cage" in root:
        req = {"problem": str(args.problem.resolve()), "a": args.a, "b": args.b, "seconds": args.seconds,
               "jobs": args.jobs, "generators": not args.no_generators}
        user = as_user(args.user, Path(__file__), req, [str(args.problem.resolve())])
        if isinstance(user, str):
            print(f"user mode: not measured ({user})")
        else:
            sides[f"user: {user.pop('limits')}"] = user
    table(sides)


def measure(root: Path, a_name: str, b_name: str, seconds: float, jobs: int, generators: bool) -> dict:
    """Each mode's games a minute (the modes take turns, ROUNDS slices each, so that a change in the
    machine's other load hits all alike) and one thread's cost to make and to compare an input."""
    problem = load_problem(root)
    s = setup(problem)
    a, b = compile_program(problem, problem.path(a_name)), compile_program(problem, problem.path(b_name))
    sources = Sources(problem, s.grammar, seed=12345, generators=generators)
    modes = [m for m in MODES if not m[1] or isolation_problem() is None]
    said: dict = {"limits": sandbox_mode().limits}
    units = dict.fromkeys((label for label, _, _ in modes), 0)
    try:
        for turn in range(ROUNDS + 1):   # turn 0: one thread's cost per input
            for label, caged, pooled in modes:
                set_isolation(caged)
                os.environ["OJPACK_CAGE_POOL"] = pooled
                with Duel(a, b, s.checker, s.limits, s.time_limit) as duel:
                    if turn == 0:
                        said[label] = one_thread(duel, sources)
                        continue
                    found = hunt(duel, sources, seconds / ROUNDS, jobs)
                if found.found is not None:
                    print(f"unexpected difference: {found.found.origin}", file=sys.stderr)
                units[label] += found.units
    finally:
        os.environ.pop("OJPACK_CAGE_POOL", None)
    for label in units:
        said[label]["games_per_min"] = units[label] / seconds * 60
    return said


def one_thread(duel: Duel, sources: Sources) -> dict:
    t0 = time.perf_counter()
    made = [sources.make(k) for k in range(40)]   # grammar inputs only (generators come later)
    t1 = time.perf_counter()
    for data, _, _ in made:
        duel.differs(data)
    t2 = time.perf_counter()
    return {"make_ms": 1000 * (t1 - t0) / 40, "compare_ms": 1000 * (t2 - t1) / 40}


def table(sides: dict[str, dict]) -> None:
    names = list(sides)
    print(f"\n{'':<28}" + "".join(f"{n:>30}" for n in names))
    for label, _, _ in MODES:
        if not all(label in side for side in sides.values()):
            continue
        row = [sides[n][label] for n in names]
        print(f"{label + ': games/minute':<28}" + "".join(f"{r['games_per_min']:>30,.0f}" for r in row))
        print(f"{'  compare, one thread':<28}" + "".join(f"{r['compare_ms']:>24.2f} ms/in" for r in row))
    for label in ("cage", "cage one-shot"):
        if all(label in side for side in sides.values()):
            print(f"{label + ' / --no-sandbox':<28}" + "".join(
                f"{sides[n][label]['games_per_min'] / sides[n]['--no-sandbox']['games_per_min']:>29.0%} "
                for n in names))
    if len(names) == 2 and all("cage" in side for side in sides.values()):
        root, user = (sides[n]["cage"]["games_per_min"] for n in names)
        print(f"{'user cage / root cage':<28}{user / root:>59.2f}x")


if __name__ == "__main__":
    main()
