"""Sum subtasks (problem.yaml `aggregation: sum`): each passing test earns its points, `judge` shows them,
`check` holds a partial solution to its declared score, and the first-failure rule does not cut a sum
subtask short (its later tests still earn points)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from conftest import edit_yaml
from ojpack.cli import app
from ojpack.judging import score_subtasks
from ojpack.judging.crosscheck import check
from ojpack.judging.verdicts import Verdict
from ojpack.problem.load import load_problem

# Right only when a is 100: only big/02-top (gen --top) has that; the sample, small and big/01 are wrong.
TOP_ONLY = "a, b = map(int, input().split())\nprint(a + b if a == 100 else a + b + 1)\n"


def summed(toy: Path) -> Path:
    """big: 70 points, summed over its tests (r1 20, top 50)."""
    edit_yaml(toy / "problem.yaml", "  - {group: big, score: 70}\n", "  - {group: big, score: 70, aggregation: sum}\n")
    edit_yaml(toy / "problem.yaml", '--salt 1"}\n    - {name: top, gen: "gen.py --max {x.max} --top"}',
              '--salt 1", points: 20}\n    - {name: top, gen: "gen.py --max {x.max} --top", points: 50}')
    return toy


def add(root: Path, rel: str, text: str) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_score_subtasks_sums_the_passing_tests(toy: Path) -> None:
    problem = load_problem(summed(toy))
    got = score_subtasks(problem, [("sample", Verdict.WA), ("small", Verdict.AC), ("small", Verdict.TLE),
                                   ("big", Verdict.WA), ("big", Verdict.AC)])
    assert [(s.group, s.score, s.max, s.verdict, s.aggregation) for s in got] == [
        ("small", 0, 30, Verdict.TLE, "min"), ("big", 50, 70, Verdict.WA, "sum")]
    even = load_problem(toy)   # the same tests, the score split evenly when no test carries points
    edit_yaml(toy / "problem.yaml", ", points: 20}", "}")
    edit_yaml(toy / "problem.yaml", ", points: 50}", "}")
    even = load_problem(toy)
    assert [s.score for s in score_subtasks(even, [("big", Verdict.AC), ("big", Verdict.RE)])] == [30, 35]


def test_judge_shows_the_points_of_each_passing_test(toy: Path) -> None:
    sub = add(toy, "subs/top.py", TOP_ONLY)
    result = CliRunner().invoke(app, ["judge", str(sub), "--json", "-p", str(summed(toy))])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["score"] == 50 and out["verdict"] == "WA"
    assert [(s["group"], s["score"], s["verdict"]) for s in out["subtasks"]] == [("small", 0, "WA"), ("big", 50, "WA")]


def test_check_holds_a_partial_solution_to_its_score_and_first_failure_runs_a_sum_subtask_whole(toy: Path) -> None:
    summed(toy)
    add(toy, "solutions/wrong_answer/top.py", TOP_ONLY)
    with open(toy / "problem.yaml", "a") as f:
        f.write("judging: {verdict: first_failure}\nsolutions:\n  wrong_answer/top.py: {score: 50}\n")
    report = check(load_problem(toy), proof=False)
    assert report.ok, report.problems
    row = next(r for r in report.rows if r.solution.name == "wrong_answer/top.py")
    assert [c.test for c in row.cells if c.test.startswith("big/")] == ["big/01-r1", "big/02-top"]
    assert row.skipped == ("small/02-r2",)   # the min subtask still stops at its first failure
    assert [(s.group, s.score) for s in row.subtasks] == [("small", 0), ("big", 50)] and row.score == 50
    edit_yaml(toy / "problem.yaml", "{score: 50}", "{score: 70}")
    wrong = check(load_problem(toy), proof=False)
    assert "wrong_answer/top.py: score 50, expected 70 (small 0/30, big 50/70)" in wrong.problems
