"""How long `ojpack strength --validator` and `--checker` take, cold (no validator result remembered) and
warm, full and quick (as `ojpack check` runs them), on this package and the examples.

    .venv/bin/python bench/strength_vc.py [--problem DIR ...] [--jobs N]

Target on a 2-core machine: under a minute each, full and cold. Each package is copied to a temporary
folder and built there first (not timed), so the cold run really starts from an empty result cache."""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from ojpack.problem import load_problem
from ojpack.problem.load import copy_sources
from ojpack.sandbox import isolation_problem, set_isolation
from ojpack.strength import checker_strength, validator_strength
from ojpack.testdata import build

REPO = Path(__file__).resolve().parents[1]


def timed(fn, *args, **kwargs):   # type: ignore[no-untyped-def]
    t = time.perf_counter()
    result = fn(*args, **kwargs)
    return result, time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--problem", type=Path, action="append",
                    help="a package (repeatable); default: this one and examples/*")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()
    set_isolation(isolation_problem() is None)
    roots = args.problem or [REPO, REPO / "examples" / "nim", REPO / "examples" / "anti-nim-play"]
    print(f"{args.jobs} workers, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for src in roots:
        with tempfile.TemporaryDirectory(prefix="ojpack-bench-") as tmp:
            problem = load_problem(copy_sources(src.resolve(), Path(tmp) / "pkg"))
            build(problem)
            name = problem.spec.short_name
            v, cold = timed(validator_strength, problem, workers=args.jobs)
            _, warm = timed(validator_strength, problem, workers=args.jobs)
            vq, quick = timed(validator_strength, problem, quick=True, workers=args.jobs)
            print(f"{name} validator: {v.tried} invalid inputs from {v.tests} tests, {v.rejected} rejected, "
                  f"{v.accepted} accepted; full {cold:.1f} s cold, {warm:.1f} s warm; quick ({vq.tried} inputs) "
                  f"{quick:.1f} s warm")
            c, full = timed(checker_strength, problem, workers=args.jobs)
            cq, quick = timed(checker_strength, problem, quick=True, workers=args.jobs)
            if c.interactive:
                print(f"{name} checker: interactive, nothing to measure")
                continue
            print(f"{name} checker: {c.changed} changed answers, {c.changed_rejected} rejected; {c.variants} allowed "
                  f"variants, {c.variants_accepted} accepted; {c.declared} declared cases, {c.declared_ok} as "
                  f"declared; full {full:.1f} s, quick ({cq.changed} changed) {quick:.1f} s")


if __name__ == "__main__":
    main()
