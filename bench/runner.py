"""Runner overhead: ojpack's runner against a bare spawn-and-wait of the same binary on the same input.

    .venv/bin/python bench/runner.py [--runs N] [--problem DIR] [--user NAME]

Prints the median wall time per run of each, for the model solution compiled from the package and its
largest built test: a bare spawn, the unisolated runner (--no-sandbox: rlimits, and a cgroup where the
host has one) and the isolated one (the cage). Goals: unisolated <= 1.3x bare, cage <= 1.5x unisolated.
Run as root, it then measures the cage of a plain user (rootless, with the limits a user gets here) on
a copy of the same program and input, and prints both cages side by side: `--user` names the account
(made with useradd when missing; default ojpack-cage-test, the isolation tests' own), `--user ''` skips it.
The two halves run one after the other, each against its own bare spawn: compare their ratios."""

from __future__ import annotations

import argparse
import json
import os
import pwd
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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
    timings = _measure(fns, args.runs)
    print(f"{program.source.name} on {biggest.id} ({biggest.input.stat().st_size:,} bytes), {args.runs} runs each")
    print(f"bare spawn-and-wait: {timings['bare'] * 1000:.2f} ms/run")
    for m in modes:
        print(f"ojpack runner ({m}): {timings[m] * 1000:.2f} ms/run  ratio {timings[m] / timings['bare']:.2f}x bare")
    unisolated = timings.get("cgroup", timings["rlimit"])
    if "cage" in timings:
        print(f"cage overhead: {(timings['cage'] - unisolated) * 1000:+.2f} ms/run, "
              f"{timings['cage'] / unisolated:.2f}x the unisolated runner (goal <= 1.5x)")
    if "cage" in timings and args.user and os.geteuid() == 0:
        user = _as_user(args.user, list(program.argv), biggest.input, limits, args.runs)
        if isinstance(user, str):
            print(f"user mode: not measured ({user})")
            return
        print(f"\n{'per run':<14}{'root: ' + sandbox_mode().limits:>24}{'user: ' + user['limits']:>24}")
        print(f"{'bare':<14}{timings['bare'] * 1000:>21.2f} ms{user['bare'] * 1000:>21.2f} ms")
        print(f"{'cage':<14}{timings['cage'] * 1000:>21.2f} ms{user['cage'] * 1000:>21.2f} ms")
        print(f"{'cage / bare':<14}{timings['cage'] / timings['bare']:>23.2f}x{user['cage'] / user['bare']:>23.2f}x")


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
    """As the plain user: time a bare spawn and the cage on the copy, print JSON."""
    argv, given, out = req["argv"], Path(req["input"]), Path(req["out"])
    limits = RunLimits(**req["limits"])

    def bare() -> None:
        with open(given, "rb") as fin, open(out, "wb") as fout:
            subprocess.run(argv, stdin=fin, stdout=fout, check=True)

    timings = _measure({"bare": bare, "cage": lambda: run(argv, given, out, limits, isolate=True)}, req["runs"])
    print(json.dumps({**timings, "limits": sandbox_mode().limits}))


def _as_user(name: str, argv: list[str], given: Path, limits: RunLimits, runs: int) -> dict | str:
    """Copy the program's files and the input where the user owns them, and time them as the user
    (a dict of medians), or say why not (a str)."""
    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        made = subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name],
                              capture_output=True, text=True)
        if made.returncode != 0:
            return f"useradd {name}: {made.stderr.strip()}"
        entry = pwd.getpwnam(name)
    home = Path(tempfile.mkdtemp(prefix="ojpack-bench-user-", dir="/tmp"))
    try:
        copied = []
        for arg in argv:   # the binary, a class folder, a source: each copied under home at its own path
            path = Path(arg)
            if not path.is_absolute() or not path.exists() or str(path).startswith(("/usr/", "/bin/")):
                copied.append(arg)
                continue
            target = home / "prog" / path.relative_to(path.anchor)
            target.parent.mkdir(parents=True, exist_ok=True)
            (shutil.copytree if path.is_dir() else shutil.copy2)(path, target)
            copied.append(str(target))
        shutil.copy2(given, home / "in")
        for p in [home, *home.rglob("*")]:
            os.chown(p, entry.pw_uid, entry.pw_gid)
        req = {"argv": copied, "input": str(home / "in"), "out": str(home / "out"), "runs": runs,
               "limits": {"cpu": limits.cpu, "wall": limits.wall, "memory_mib": limits.memory_mib,
                          "output_mib": limits.output_mib}}
        done = subprocess.run(["setpriv", f"--reuid={entry.pw_uid}", f"--regid={entry.pw_gid}", "--clear-groups",
                               "--", sys.executable, str(Path(__file__).resolve()), "--worker", json.dumps(req)],
                              capture_output=True, text=True, cwd=home,
                              env={"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8"})
        if done.returncode != 0:
            return (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]
        return json.loads(done.stdout.strip().splitlines()[-1])
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
