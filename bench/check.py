"""`ojpack build` + `ojpack check` (the proof included) on a private copy of the package: cold (no caches at
all: a fresh copy and an empty machine-wide compile store), fresh (binaries, data and proof batches
cached, every run repeated: `check --fresh`) and warm (nothing changed), with where the cold check's time
went.

    .venv/bin/python bench/check.py [PROBLEM_DIR]
    .venv/bin/python bench/check.py --sandbox [--rounds N] [PROBLEM_DIR]
    .venv/bin/python bench/check.py --warm-python [--rounds N] [PROBLEM_DIR]

Prints wall times and ratios measured in this one run. Goals: cold check <= 25 s on an idle machine (issue 37; 60 s before), warm check <= 1 s.
--sandbox instead times `check --fresh` (every run repeated, proof included) in the cage against
`--no-sandbox`, alternating the two N times on one built copy so that other load on the machine hits
both alike. --warm-python times the cold build + check (proof included) with caged Python runs cold
(OJPACK_WARM_PYTHON=0: an exec of the interpreter per run) and warm (a fork of the pooled cage's started
interpreter, sandbox/pywarm.py), alternating the two N times, each on a fresh copy with an empty store."""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ojpack.problem import copy_sources

OJPACK = str(Path(sys.executable).with_name("ojpack"))


def timed(*argv: str, env: dict[str, str] | None = None, may_fail: bool = True) -> tuple[float, str]:
    start = time.perf_counter()
    proc = subprocess.run([OJPACK, *argv], capture_output=True, text=True, env=env)
    if proc.returncode == 1 and may_fail and argv[0] == "check":
        # On an overloaded machine a time-limit solution can reach its wall limit before 1.5x its CPU
        # limit: the check then fails on margins, but its time still counts.
        print(f"(ojpack {' '.join(argv[:3])} reported problems)")
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
    ap.add_argument("--sandbox", action="store_true", help="compare check in the cage with --no-sandbox")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--warm-python", action="store_true", help="compare cold checks with Python runs warm and not")
    args = ap.parse_args()
    if args.sandbox:
        return compare_sandbox(args.problem, args.rounds)
    if args.warm_python:
        return compare_warm_python(args.problem, args.rounds)
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
    print(f"cold : build {cold_build:6.1f} s + check {cold_check:6.1f} s = {cold:6.1f} s  (goal: check <= 25 s idle)")
    print("\n".join(breakdown(json.loads(cold_json))))
    print(f"fresh: check --fresh (binaries, data, proof batches cached; all runs repeated) {fresh_check:6.1f} s")
    print(f"warm : build {warm_build:6.1f} s + check {warm_check:6.1f} s = {warm:6.1f} s  (goal: check <= 1 s)")
    print(f"cold / warm = {cold / warm:.0f}x; cold check / fresh check = {cold_check / fresh_check:.1f}x")


def compare_warm_python(problem: Path, rounds: int) -> None:
    times: dict[str, list[float]] = {"0": [], "1": []}
    cpus: dict[str, list[float]] = {"0": [], "1": []}
    reports: dict[str, dict] = {}
    for _ in range(rounds):
        for warm in ("0", "1"):
            with tempfile.TemporaryDirectory(prefix="ojpack-bench-") as tmp:
                env = {**os.environ, "OJPACK_CACHE_HOME": str(Path(tmp) / "cache-home"), "OJPACK_WARM_PYTHON": warm}
                p = ["-p", str(copy_sources(problem, Path(tmp) / "pkg"))]
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                build, _ = timed("build", *p, env=env)
                check, report = timed("check", "--json", *p, env=env)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime   # ojpack and all it ran
            times[warm].append(build + check)
            cpus[warm].append(cpu)
            print(f"cold build + check, Python {'warm' if warm == '1' else 'cold'}: {build:5.1f} + {check:5.1f} s "
                  f"(CPU of everything: {cpu:5.1f} s; load {os.getloadavg()[0]:.1f})")
            print("\n".join(breakdown(json.loads(report))))
            reports[warm] = json.loads(report)
        agree(reports["0"], reports["1"])
    cold, warm = min(times["0"]), min(times["1"])
    print(f"best of {rounds}: Python cold {cold:5.1f} s, warm {warm:5.1f} s, warm / cold = {warm / cold:.2f}; "
          f"CPU {min(cpus['0']):5.1f} s against {min(cpus['1']):5.1f} s")


def agree(cold: dict, warm: dict) -> None:
    """The two checks' verdicts, test by test, and the peak memory of the Python solutions' runs."""
    cells = {w: {(s["path"], c["test"]): c for s in r["solutions"] for c in s["cells"]}
             for w, r in (("cold", cold), ("warm", warm))}
    differ = [k for k, c in cells["cold"].items() if k in cells["warm"] and c["verdict"] != cells["warm"][k]["verdict"]]
    mem = [cells["warm"][k]["memory"] - c["memory"] for k, c in cells["cold"].items()
           if k[0].endswith(".py") and k in cells["warm"] and c["memory"] and cells["warm"][k]["memory"]]
    print(f"  verdicts: {len(cells['cold'])} cells, {len(differ)} differ" + (f": {differ[:5]}" if differ else "")
          + (f"; Python peaks warm - cold: min {min(mem):+.1f}, max {max(mem):+.1f} MiB" if mem else ""))


def compare_sandbox(problem: Path, rounds: int) -> None:
    with tempfile.TemporaryDirectory(prefix="ojpack-bench-") as tmp:
        root = copy_sources(problem, Path(tmp) / "pkg")
        p = ["-p", str(root)]
        timed("build", *p)
        timed("check", *p, may_fail=True)   # compiles everything and makes the proof batches once
        times: dict[str, list[float]] = {"no-sandbox": [], "sandbox": []}
        for _ in range(rounds):
            times["no-sandbox"].append(timed("check", "--fresh", "--no-sandbox", *p)[0])
            times["sandbox"].append(timed("check", "--fresh", *p)[0])
    for name, got in times.items():
        print(f"check --fresh {name:>10}: " + "  ".join(f"{t:6.1f} s" for t in got) + f"   best {min(got):6.1f} s")
    print(f"sandbox / no-sandbox (best of {rounds}): {min(times['sandbox']) / min(times['no-sandbox']):.2f}x"
          f"  (goal <= 1.2x)")


if __name__ == "__main__":
    main()
