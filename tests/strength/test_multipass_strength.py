"""Stress and mutation analysis on a multi-pass problem (tests/strength/multipass: print the sum; the output
validator asks for a second pass on "1\\n<sum>\\n") run every pass, as judging does; checker strength, which
cannot, and an interactive problem, which has no output to compare, are refused in one line."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ojpack.problem import Problem, load_problem
from ojpack.strength import strength, stress
from ojpack.strength.stress import setup
from ojpack.testdata import ensure_built, validate_bytes

HERE = Path(__file__).parent
EXAMPLES = HERE.parents[1] / "examples"
# Right on every valid input (numbers up to 10), wrong on a second pass's sum above 10.
SECOND_PASS_WRONG = "n = int(input())\na = list(map(int, input().split()))\nprint(sum(a) if max(a) <= 10 else 0)\n"


@pytest.fixture(scope="module")
def twosums(tmp_path_factory: pytest.TempPathFactory) -> Problem:
    root = shutil.copytree(HERE / "multipass", tmp_path_factory.mktemp("multipass") / "twosums")
    problem = load_problem(root)
    ensure_built(problem)
    return problem


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args], capture_output=True, text=True,
                          env={**os.environ, "CI": "true", "COLUMNS": "300"})


def test_stress_finds_a_difference_only_a_second_pass_shows(twosums: Problem, tmp_path: Path) -> None:
    wrong = tmp_path / "second_pass_wrong.py"
    wrong.write_text(SECOND_PASS_WRONG)
    r = stress(twosums, wrong, seconds=60, seed=3, workers=2)
    assert r.counterexample is not None and r.message is not None and r.message.startswith("pass 2: 0 is not the sum")
    data = r.counterexample.read_bytes()
    assert validate_bytes(setup(twosums).validator, data, twosums.bounds_for("sample")).valid
    total = sum(map(int, data.split()[1:]))
    assert total == 11   # 1-minimal: one less anywhere and the sum fits a's bound, where both agree
    # the first pass's output, right there: the .out is what the solution printed for this input
    assert r.got is not None and int(r.got) == total == int(r.expected or "0")


def test_mutants_that_only_a_second_pass_runs_are_killed_by_the_data(twosums: Problem) -> None:
    # line 4 is the model's n = 1 branch: no test has n = 1, each one's second pass has
    report = strength(twosums, stress_seconds=0, workers=2, select=lambda m: m.line == 4)
    assert report.results and {r.status for r in report.results} == {"killed"}, [
        (r.mutant.id, r.status) for r in report.results]


def test_checker_strength_refuses_a_multi_pass_problem_in_one_line(twosums: Problem) -> None:
    r = cli("strength", "--checker", "-p", str(twosums.root))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "multi-pass problem's output validator judges each pass" in r.stderr, r.stderr


def test_stress_refuses_an_interactive_problem_in_one_line(tmp_path: Path) -> None:
    root = shutil.copytree(EXAMPLES / "anti-nim-play", tmp_path / "play",
                           ignore=shutil.ignore_patterns("data", ".ojpack", "build"))
    r = cli("stress", str(root / "solutions" / "accepted" / "player.py"), "-s", "1", "-p", str(root))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "an interactive problem's programs have none: they play its interactor" in " ".join(r.stderr.split())
