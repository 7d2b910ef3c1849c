"""`check` must not trust one unlucky measurement, and must blame the right file."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

import ojpack.judging.execute as execute
from ojpack.judging.crosscheck import check
from ojpack.problem.load import load_problem

SUM = "a, b = map(int, input().split())\nprint({})\n"


def add(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def _loaded_once(monkeypatch: pytest.MonkeyPatch, victim: str, cpu: float) -> list[str]:
    """Make the first run of `victim` on every test look as slow as a loaded machine makes it."""
    real, seen = execute.run_with_files, []

    def run(argv, test, *args, **kwargs):
        ran = real(argv, test, *args, **kwargs)
        if any(victim in a for a in argv) and str(test) not in seen:
            seen.append(str(test))
            return dataclasses.replace(ran, result=dataclasses.replace(ran.result, cpu=cpu))
        return ran

    monkeypatch.setattr(execute, "run_with_files", run)
    return seen


def test_a_run_slowed_by_load_is_measured_again_before_blaming_the_limit(toy: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    add(toy, "solutions/accepted/other.py", SUM.format("b + a"))
    seen = _loaded_once(monkeypatch, "other.py", cpu=0.7)   # 0.7 s of a 1 s limit: under 2x headroom
    report = check(load_problem(toy), proof=False)
    assert len(seen) == 5
    assert report.ok, report.problems
    assert report.margins.slowest_accepted < 0.5


def test_runs_near_the_limit_are_not_remembered(toy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    add(toy, "solutions/accepted/other.py", SUM.format("b + a"))
    _loaded_once(monkeypatch, "other.py", cpu=0.7)
    monkeypatch.setattr(sys.modules["ojpack.judging.crosscheck"], "rerun_slow", lambda jobs, cells, *a: {}, raising=False)
    first = check(load_problem(toy), proof=False)
    assert not first.ok and any("headroom" in p for p in first.problems)
    monkeypatch.undo()
    second = check(load_problem(toy), proof=False)   # no --fresh: the slow runs were not remembered
    assert second.ok, second.problems


def test_near_limit_rule() -> None:
    limits = execute.limits_for(1.0, 256, 64, 1.5)
    cell = execute.Cell("t", execute.Verdict.AC, 0.2, 0.3, 10.0)
    assert not execute.near_limit(cell, limits, 1.0)
    assert execute.near_limit(dataclasses.replace(cell, time=0.5), limits, 1.0)
    assert execute.near_limit(dataclasses.replace(cell, memory=240.0), limits, 1.0)
    assert execute.near_limit(dataclasses.replace(cell, verdict=execute.Verdict.TLE), limits, 1.0)


def test_a_wrong_model_solution_is_blamed_first(toy: Path) -> None:
    # The model is wrong on the test where a = 100 (big/02-top); two other accepted solutions are right.
    add(toy, "solutions/accepted/sum.py", "a, b = map(int, input().split())\nprint(a + b + (a == 100))\n")
    add(toy, "solutions/accepted/other.py", SUM.format("b + a"))
    add(toy, "solutions/accepted/third.py", "import sys\nprint(sum(map(int, sys.stdin.read().split())))\n")
    report = check(load_problem(toy), proof=False)
    assert not report.ok
    assert report.problems[0].startswith(
        "the model solution disagrees with 2 accepted solutions on test big/02-top")
    assert "accepted/sum.py" in report.problems[0]


def test_one_wrong_accepted_solution_does_not_blame_the_model(toy: Path) -> None:
    add(toy, "solutions/accepted/other.py", SUM.format("b + a"))
    add(toy, "solutions/accepted/off.py", SUM.format("a + b + (a == 100)"))
    report = check(load_problem(toy), proof=False)
    assert not report.ok and not any("model solution" in p for p in report.problems)
    assert report.problems[0].startswith("accepted/off.py:")


def test_the_proof_can_blame_the_model() -> None:
    from ojpack.judging.blame import model_disagreements
    cell = execute.Cell("t", execute.Verdict.AC, 0.1, 0.1, 1.0, "", "abc")
    said = model_disagreements("accepted/model.py", [("accepted/model.py", [cell]), ("accepted/b.py", [cell])],
                               ["t"], ["accepted/model.py on proof batch 0003.in: WA (expected 1)"])
    assert said[0].startswith("the exhaustive proof says the model solution accepted/model.py is wrong")
    assert model_disagreements("accepted/model.py", [("accepted/model.py", [cell])], ["t"],
                               ["accepted/model.py on proof batch 1.in: WA", "accepted/b.py on proof batch 1.in: WA"]) == []


def test_a_time_out_cut_by_the_cpu_watch_at_the_stretched_limit_is_remembered() -> None:
    limits = execute.limits_for(1.0, 256, 64, 1.5)
    over = execute.Cell("t", execute.Verdict.TLE, 1.52, 1.6, 10.0)
    assert not execute.near_limit(over, limits, 1.0)
    # one the wall clock cut short (a busy machine) is not, nor one at the plain limit (no stretch)
    assert execute.near_limit(dataclasses.replace(over, time=0.9, wall=3.1), limits, 1.0)
    assert execute.near_limit(over, execute.limits_for(1.0, 256, 64), 1.0)
    # over the memory limit: load does not change that
    assert not execute.near_limit(dataclasses.replace(over, verdict=execute.Verdict.MLE, time=0.1, memory=300.0),
                                  limits, 1.0)
