"""`ojpack stress` and `ojpack strength` on the task kinds beyond batch: a communication task's programs run
with the manager (it judges, so a difference is the reference AC and the other not), a grader task's linked
with the grader, and an output-only task's solver is the program stressed (its outputs cannot be)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from ojpack.errors import OjpackError
from ojpack.problem import Problem, load_problem
from ojpack.scaffold import new_problem
from ojpack.strength import strength, stress
from ojpack.testdata import build

BIG = "gen.py random --n 2 --a 1000000000"   # every sum passes 10^9 + 7: no_mod is wrong on each, little to shrink


def _built(tmp: Path, kind: str) -> Problem:
    problem = load_problem(new_problem(tmp / kind, kind).root)   # type: ignore[arg-type]
    build(problem, update_lock=True)
    return problem


@pytest.fixture(scope="module")
def relay(tmp_path_factory: pytest.TempPathFactory) -> Problem:
    return _built(tmp_path_factory.mktemp("kinds"), "communication")


def test_stress_runs_a_communication_task_with_its_manager(relay: Problem) -> None:
    wrong = relay.root / "solutions" / "wrong_answer" / "no_mod.cpp"
    r = stress(relay, wrong, seconds=30, seed=1, workers=2, gens=[BIG])
    assert r.counterexample is not None and r.counterexample.name == "no_mod-vs-relay.in"
    assert r.message == "WA: wrong answer"
    # the manager's word on each: the reference's score and message, then the solution's
    assert r.counterexample.with_suffix(".ans").read_text() == "1\ncorrect\n"
    assert r.counterexample.with_suffix(".out").read_text() == "0\nwrong answer\n"


def test_strength_mutates_a_communication_tasks_functions(relay: Problem) -> None:
    """int for long long in encode's sum is equivalent (each step is reduced modulo 10^9 + 7), + for - is not."""
    model = relay.model_path().read_text().splitlines()
    line = next(i for i, s in enumerate(model, 1) if "s = (s + a[i])" in s)
    report = strength(relay, stress_seconds=2, workers=2,
                      select=lambda m: m.line in (line - 1, line)
                      and m.operator in ("type long long → int", "operator + → -"))
    got = {r.mutant.operator: (r.mutant.line, r.status) for r in report.results}
    assert got["operator + → -"] == (line, "killed")
    assert got["type long long → int"] == (line - 1, "equivalent")


def test_stress_names_a_grader_tasks_counterexample_after_the_model(tmp_path: Path) -> None:
    problem = _built(tmp_path, "grader")
    wrong = problem.root / "solutions" / "wrong_answer" / "no_mod.cpp"
    r = stress(problem, wrong, seconds=30, seed=1, workers=2, gens=[BIG])
    assert r.counterexample is not None and r.counterexample.name == "no_mod-vs-sum.in"   # not -vs-run
    assert "expected '0', found '1000000007'" in (r.message or "")


def test_an_output_only_submission_is_not_stressed(tmp_path: Path) -> None:
    problem = load_problem(new_problem(tmp_path / "oo", "output-only").root)
    outs = tmp_path / "outs.zip"
    with zipfile.ZipFile(outs, "w") as z:
        z.writestr("output_000.txt", "1\n")
    with pytest.raises(OjpackError, match="an output-only submission is outputs; stress the solver"):
        stress(problem, outs, seconds=1)
