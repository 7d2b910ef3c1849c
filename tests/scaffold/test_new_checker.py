"""`ojpack new --checker`: a problem with many right answers (any index of the maximum), judged by a testlib
checker with the small testlib.h of ours beside it, that builds, checks, renders and exports to every
target as it is; and the README every new package carries says what a changed plan needs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import yaml

from ojpack.problem.load import load_problem
from ojpack.scaffold import new_problem


def ojpack(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "COLUMNS": "200", "CI": "true",
           "OJPACK_CACHE_HOME": os.environ.get("OJPACK_CACHE_HOME", ""), "PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=900)


def test_the_checker_package_loads_with_its_checker_and_cases(tmp_path: Path) -> None:
    made = new_problem(tmp_path / "where", "checker", ("en", "zh"))
    spec = load_problem(made.root).spec
    assert (spec.checker.type, spec.checker.source, spec.checker.convention) == ("program", "checkers/chk.cpp",
                                                                                "testlib")
    assert spec.checker.unique_answers is False
    assert "unique_answers" in (made.root / "problem.yaml").read_text().split("\nchecker:")[0]   # explained above it
    assert '#include "testlib.h"' in (made.root / "checkers" / "chk.cpp").read_text()
    assert "registerTestlibCmd" in (made.root / "checkers" / "testlib.h").read_text()
    cases = yaml.safe_load((made.root / "checkers" / "tests.yaml").read_text())
    assert {c["expect"] for c in cases} == {"valid_output", "invalid_output"}


def test_new_checker_builds_checks_renders_and_exports_to_every_target(tmp_path: Path) -> None:
    r = ojpack("new", "where", "--checker", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    root = tmp_path / "where"
    out = {}
    for step in (["build"], ["check"], ["render"], ["export", "--to", "all"]):
        r = ojpack(*step, cwd=root)
        assert r.returncode == 0, f"ojpack {step}: {r.stdout}{r.stderr}"
        out[step[0]] = r.stdout
    check = out["check"]
    assert "check passed" in check and "accepted/last.py" in check
    checker = next(line for line in check.splitlines() if line.startswith("checker: "))
    assert "declared cases only" in checker and "sound" not in checker   # unique_answers: false
    # pass-fail: no per-subtask table or lines (the data line and the killing set say it all)
    assert "per subtask" not in check and not any(line.startswith("secret:") for line in check.splitlines())
    assert "skipped" not in out["export"] and "failed" not in out["export"]
    for target in ("kattis", "icpc2025", "domjudge", "hydro", "uoj", "luogu", "qduoj", "cms"):
        assert (root / "build" / "export" / f"{target}.zip").is_file(), target
    assert (root / "build" / "export" / "uoj" / "chk.cpp").is_file()
    assert (root / "build" / "export" / "qduoj" / "spj.cpp").is_file()


def test_the_readme_says_a_changed_plan_needs_update_lock(tmp_path: Path) -> None:
    readme = (new_problem(tmp_path / "p").root / "README.md").read_text()
    assert "ojpack build --update-lock" in readme
