"""ojpack against the tool our users would otherwise pick, BAPCtools, on the same problem, side by side.

    .venv/bin/python bench/peer.py [PROBLEM_DIR] [--rounds N]

Makes a BAPCtools-native twin of the package: the icpc2025 export (statement, validators, test groups'
bounds, submissions) without its data, plus generators/generators.yaml running our generator lines with
the bounds expanded as ojpack expands them (the generator seeds itself from its command line, so the
twin's tests are byte for byte ours) and the model solution writing the answers. Then times, alternating
in one run, cold (fresh copies, no caches: ojpack's machine-wide compile store and BAPCtools' temporary
folder are new each time) and warm (run again): `bt generate` + `bt run` against `ojpack build` +
`ojpack check --no-proof`, on the same solutions (those the export carries) and the same tests, both on
all cores. Prints both ratios; goals: cold <= 1/3, warm <= 1/5.

The two tools do not do the same work by default: `bt run` stops each submission at its first failing
test, while `ojpack check` runs every wrong solution on every test (its killing sets need the whole row)
and stops a solution meant to time out at its first time-out, which is what `bt run --all` does. So two
more pairs, each side on fresh copies of its own, compare equal work: `check` against `bt run --all`, and
`check --quick` (every wrong solution stops at its first failure) against `bt run`. --matrix adds the
whole matrix on both sides: `check --full` against `bt run -aa`. BAPCtools lives in .tools/bapctools
(scripts/setup.sh test), else in a venv of its own made here."""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import yaml

from ojpack.problem import copy_sources, load_problem, make_plan
from ojpack.publish import prepare, write_exports
from ojpack.sandbox.languages import real_python

OJPACK = str(Path(sys.executable).with_name("ojpack"))
REPO = Path(__file__).resolve().parents[1]


def bapctools() -> Path:
    """bt from .tools/bapctools, installed from PyPI into a venv of its own when missing."""
    venv = REPO / ".tools" / "bapctools"
    if not (venv / "bin" / "bt").is_file():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "bapctools"], check=True)
    return venv / "bin" / "bt"


def languages_yaml() -> str:
    """BAPCtools' compilers set to ojpack's language table (no PyPy here, Java 17)."""
    py = real_python()
    return (f"c:\n    compile: 'gcc -O2 -std=gnu11 -o {{binary}} {{files}} -lm'\n"
            f"cpp:\n    compile: 'g++ -O2 -std=gnu++17 -o {{binary}} {{files}}'\n"
            f"java:\n    compile: 'javac -J-XX:TieredStopAtLevel=1 -J-XX:+UseSerialGC -encoding UTF-8 -sourcepath {{path}} -d {{path}} {{files}}'\n"
            f"python3:\n    name: 'Python 3'\n    compile: '{py} -m py_compile {{files}}'\n"
            f"    run: '{py} \"{{mainfile}}\"'\n")


def make_twin(source: Path, where: Path) -> tuple[Path, set[str]]:
    """The BAPCtools-native twin of the package at `source`; returns its folder and its submissions' names."""
    pkg_copy = copy_sources(source, where / "for-export")
    problem = load_problem(pkg_copy)
    pkg, _ = prepare(problem, ["icpc2025"], checked=False)
    for r in write_exports(pkg, ["icpc2025"], out_root=where / "export"):
        if r.error:
            sys.exit(f"icpc2025 export failed: {r.error}")
    twin = next(p for p in (where / "export" / "icpc2025").iterdir() if p.is_dir())
    shutil.rmtree(twin / "data")
    gens = twin / "generators"
    shutil.copytree(problem.path("generators"), gens, ignore=shutil.ignore_patterns("__pycache__"))
    # BAPCtools runs a multi-file Python program from its folder, starting at the file named main*
    prog = gens / "games"
    prog.mkdir()
    shutil.move(gens / "games.py", prog / "main.py")
    shutil.move(gens / "gamelib.py", prog / "gamelib.py")
    groups: dict[str, dict] = {}
    for t in make_plan(problem):
        group = groups.setdefault(t.group, {"data": []})
        if t.copy:
            entry = {"copy": str(Path(t.copy).relative_to("generators").with_suffix(""))}
        else:
            assert t.gen and t.gen[0] == "games.py", t.gen
            entry = " ".join(["games", *t.gen[1:]])
        group["data"].append({t.name: entry})
    bounds = {g: _validator_args(problem, g) for g in groups}
    secret = {g: {"test_group.yaml": {"input_validator_args": bounds[g]}, **body}
              for g, body in groups.items() if g != "sample"}
    spec = {
        "solution": f"/submissions/accepted/{Path(problem.spec.model_solution).name}",
        "version": "2025-12",
        "test_group.yaml": {"input_validator_args": _validator_args(problem, "sample"),
                            **({"output_validator_args": ["case_sensitive"]}
                               if problem.spec.checker.case_sensitive else {})},
        "data": {"sample": groups.get("sample", {"data": []}), "secret": {"data": secret}},
    }
    (gens / "generators.yaml").write_text(yaml.safe_dump(spec, sort_keys=False, allow_unicode=True))
    subs = twin / "submissions"
    # a program the export ships as a folder (Java's john/Main.java: the class must be Main) is ours john.java
    names = {p.name if p.parent.parent == subs else p.parent.name + p.suffix
             for p in subs.rglob("*") if p.is_file() and p.suffix != ".yaml"}
    return twin, names


def _validator_args(problem, group: str) -> list[str]:
    return [f"{k}={lo}..{hi}" for k, (lo, hi) in problem.bounds_for(group).items()]


def run(argv: list[str], cwd: Path, env: dict[str, str]) -> float:
    """Wall seconds of one command. Exit 1 is a finished run that reported a problem (ojpack: on a loaded
    machine, typically a time-out margin; bt generate: two groups share a generator line), so it still
    counts; anything else stops the benchmark."""
    start = time.perf_counter()
    proc = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True)
    took = time.perf_counter() - start
    if proc.returncode == 1:
        said = (proc.stdout + proc.stderr).strip().splitlines()
        print(f"note: {Path(argv[0]).name} {argv[1]} exited 1:", (said or [""])[-1][:160])
    elif proc.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return took


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("problem", nargs="?", default=".", type=Path)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--matrix", action="store_true", help="also time check --full against bt run --all")
    a = ap.parse_args()
    bt = bapctools()
    jobs = str(os.cpu_count() or 1)
    # ojpack's modes (check's extra flags) and BAPCtools' (run's extra flags), each timed on fresh copies
    ours_modes = {"ojpack": [], "ojpack quick": ["--quick"]} | ({"ojpack full": ["--full"]} if a.matrix else {})
    their_modes = {"bt": [], "bt all": ["--all"]} | ({"bt all all": ["-aa"]} if a.matrix else {})
    got: dict[str, list[float]] = {f"{m} {k}": [] for m in [*ours_modes, *their_modes] for k in ("cold", "warm")}
    with tempfile.TemporaryDirectory(prefix="ojpack-peer-") as tmp_s:
        tmp = Path(tmp_s)
        twin, names = make_twin(a.problem.resolve(), tmp / "twin-src")
        config = tmp / "config" / "bapctools"
        config.mkdir(parents=True)
        (config / "languages.yaml").write_text(languages_yaml())
        for r in range(a.rounds):
            round_dir = tmp / f"round{r}"
            sides = [(m, ojpack_side(a.problem.resolve(), names, round_dir / m.replace(" ", "-"), flags))
                     for m, flags in ours_modes.items()]
            sides += [(m, bt_side(bt, twin, round_dir / m.replace(" ", "-"), tmp / "config", jobs, flags))
                      for m, flags in their_modes.items()]
            if r % 2:
                sides.reverse()
            for kind in ("cold", "warm"):
                for name, side in sides:
                    got[f"{name} {kind}"].append(side())
            for m in their_modes:   # BAPCtools' temporary folder is named after its working directory
                h = hashlib.sha256(bytes(round_dir / m.replace(" ", "-"))).hexdigest()[-6:]
                shutil.rmtree(Path(tempfile.gettempdir()) / f"bapctools_{h}", ignore_errors=True)
    med = {k: statistics.median(v) for k, v in got.items()}
    print(f"same {len(names)} submissions, {a.rounds} rounds alternating; median wall seconds")
    pairs = [("ojpack", "bt", "the issue's pair: check --no-proof (whole rows) vs bt run (first failure)"),
             ("ojpack", "bt all", "same work: check --no-proof vs bt run --all (whole rows, a time-out ends one)"),
             ("ojpack quick", "bt", "same work: check --no-proof --quick vs bt run (first failure ends one)")]
    pairs += [("ojpack full", "bt all all", "same work: check --no-proof --full vs bt run -aa (every cell)")
              ] if a.matrix else []
    for ours, theirs, what in pairs:
        print(what)
        for kind, goal in (("cold", "1/3"), ("warm", "1/5")):
            o, b = med[f"{ours} {kind}"], med[f"{theirs} {kind}"]
            print(f"  {kind}: ojpack build + check {o:6.2f} s; bt generate + run {b:6.2f} s; "
                  f"ratio {o / b:.2f} (goal <= {goal})")


def ojpack_side(source: Path, names: set[str], where: Path, flags: list[str]) -> Callable[[], float]:
    """A fresh copy with the twin's submissions and an empty compile store; the call builds and checks it."""
    ours = copy_sources(source, where / "pkg")
    for f in list((ours / "solutions").rglob("*")):
        if f.is_file() and f.suffix != ".md" and f.name not in names:
            f.unlink()
    env = {**os.environ, "OJPACK_CACHE_HOME": str(where / "cache-home")}
    return lambda: (run([OJPACK, "build", "-p", str(ours)], ours, env)
                    + run([OJPACK, "check", "--no-proof", *flags, "-p", str(ours)], ours, env))


def bt_side(bt: Path, twin: Path, where: Path, config: Path, jobs: str, flags: list[str]) -> Callable[[], float]:
    """A fresh copy of the twin; the call generates and runs it."""
    theirs = where / twin.name
    shutil.copytree(twin, theirs)
    env = {**os.environ, "XDG_CONFIG_HOME": str(config)}
    return lambda: (run([str(bt), "generate", "--problem", str(theirs), "--no-bar", "-j", jobs], where, env)
                    + run([str(bt), "run", "-G", *flags, "--problem", str(theirs), "--no-bar", "-j", jobs],
                          where, env))


if __name__ == "__main__":
    main()
