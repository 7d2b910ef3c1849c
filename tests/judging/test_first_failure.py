"""problem.yaml's `judging: {verdict: first_failure}`: Kattis', DOMjudge's and BAPCtools' rule (only the first
failing test's verdict is compared with the expectation) next to Polygon's default (every test's verdict must be
expected or AC), and `check` stopping each solution at its first failing test under it."""

from __future__ import annotations

from pathlib import Path

import pytest

from typer.testing import CliRunner

from conftest import edit_yaml
from ojpack.cli import app
from ojpack.judging.crosscheck import check, passed_before
from ojpack.judging.verdicts import Verdict, deviations, group_deviations
from ojpack.problem.load import load_problem

# Wrong on small sums (the sample, the small subtask), endless on large ones (big/02-top is 100 100): DOMjudge's
# fibonacci-wrong.py in small, a WRONG-ANSWER submission that also times out later.
WA_THEN_TLE = "a, b = map(int, input().split())\nif a + b <= 20:\n    print(a + b + 1)\nelse:\n    while True:\n        pass\n"
RULE = "judging: {verdict: first_failure}\n"


def add(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def with_rule(root: Path) -> Path:
    with open(root / "problem.yaml", "a") as f:
        f.write(RULE)
    return root


def pass_fail(toy: Path) -> Path:
    """The toy problem as a pass-fail problem: one secret group after the sample."""
    edit_yaml(toy / "problem.yaml", "subtasks:\n  - {group: small, score: 30, bounds: {x: {max: 10}}}\n"
                                    "  - {group: big, score: 70}\n", "")
    edit_yaml(toy / "problem.yaml", "  small:\n", "  secret:\n")
    edit_yaml(toy / "problem.yaml", "  big:\n    - {name: r1,", "    - {name: r3,")
    return toy


def test_the_rules_side_by_side() -> None:
    wa_then_tle = [("sample/01", Verdict.WA), ("big/02", Verdict.TLE)]
    assert deviations(frozenset({Verdict.WA}), wa_then_tle) == ["big/02: TLE is not among the expected WA"]
    assert deviations(frozenset({Verdict.WA}), wa_then_tle, first_failure=True) == []
    # the first failure still decides: first too slow, then wrong, is no wrong answer under either rule
    tle_then_wa = list(reversed(wa_then_tle))
    assert deviations(frozenset({Verdict.WA}), tle_then_wa, first_failure=True) == \
        ["overall verdict TLE, expected WA"]
    # per subtask: each subtask's own first failing test
    by_group = {"big": frozenset({Verdict.WA})}
    triples = [("big/01", "big", Verdict.WA), ("big/02", "big", Verdict.TLE)]
    assert group_deviations(by_group, triples) == ["big/02: TLE is not among big's expected WA"]
    assert group_deviations(by_group, triples, first_failure=True) == []


def test_wrong_then_too_slow_is_a_wrong_answer_only_under_the_first_failure_rule(toy: Path) -> None:
    edit_yaml(toy / "problem.yaml", "time: 1.0", "time: 0.5")
    add(toy, "solutions/wrong_answer/fib_wrong.py", WA_THEN_TLE)
    polygon = check(load_problem(toy), proof=False)
    assert "wrong_answer/fib_wrong.py: big/02-top: TLE is not among the expected WA" in polygon.problems
    assert polygon.verdict_rule == "every_test" and not polygon.ok
    first = check(load_problem(with_rule(toy)), proof=False)
    assert first.ok, first.problems
    row = next(r for r in first.rows if r.solution.name == "wrong_answer/fib_wrong.py")
    assert row.verdict is Verdict.WA and row.faults == ()
    assert first.to_json()["verdict_rule"] == "first_failure"


def test_a_scoring_problem_stops_per_subtask_and_keeps_the_scores_honest(toy: Path) -> None:
    edit_yaml(toy / "problem.yaml", "time: 1.0", "time: 0.5")
    add(toy, "solutions/wrong_answer/cap20.py", "a, b = map(int, input().split())\nprint(min(a + b, 20))\n")
    add(toy, "solutions/wrong_answer/off.py", "a, b = map(int, input().split())\nprint(a + b + 1)\n")
    report = check(load_problem(with_rule(toy)), proof=False)
    assert report.ok, report.problems
    rows = {r.solution.name: r for r in report.rows}
    off = rows["wrong_answer/off.py"]
    # one failing test per subtask, the rest not run -- and not shown as passed
    assert [c.test for c in off.cells] == ["sample/01-one", "small/01-r1", "big/01-r1"]
    assert off.skipped == ("small/02-r2", "big/02-top") and off.score == 0
    # cap20 passes small whole: its 30 points are measured, not guessed; big stops at its first failure
    cap = rows["wrong_answer/cap20.py"]
    assert [(s.group, s.score) for s in cap.subtasks] == [("small", 30), ("big", 0)]
    assert [c.verdict for c in cap.cells if c.test.startswith("small/")] == [Verdict.AC, Verdict.AC]
    assert not any(r.skipped for name, r in rows.items() if name.startswith("accepted/"))


def test_a_pass_fail_problem_stops_each_wrong_solution_at_its_first_failing_test(toy: Path, tmp_path: Path) -> None:
    pass_fail(toy)
    edit_yaml(toy / "problem.yaml", "time: 1.0", "time: 0.5")
    add(toy, "solutions/wrong_answer/product.py", "a, b = map(int, input().split())\nprint(a * b)\n")
    # no CPU at all: the wall clock always cuts it short, which settles its verdict under this rule too
    add(toy, "solutions/time_limit_exceeded/sleeper.py", "import time\ntime.sleep(60)\n")
    with_rule(toy)
    report = check(load_problem(toy), proof=False)
    assert report.ok, report.problems
    rows = {r.solution.name: r for r in report.rows}
    secret = ("secret/01-r1", "secret/02-r2", "secret/03-r3", "secret/04-top")
    for name, verdict in (("wrong_answer/product.py", Verdict.WA), ("time_limit_exceeded/sleeper.py", Verdict.TLE)):
        row = rows[name]   # the sample fails it: the secret tests are not run
        assert [(c.test, c.verdict) for c in row.cells] == [("sample/01-one", verdict)] and row.skipped == secret
    assert rows["accepted/sum.py"].skipped == () and len(rows["accepted/sum.py"].cells) == 5
    assert report.to_json()["killing_set"] is None            # no data strength from rows cut short
    assert passed_before(load_problem(toy))                    # yet a complete check under the package's rule
    page = tmp_path / "check.html"
    shown = CliRunner().invoke(app, ["check", "-p", str(toy), "--no-proof", "--html", str(page)])
    assert shown.exit_code == 0, shown.output
    assert "·=not run" in shown.output and "the first-failure rule (--full runs all)" in shown.output
    assert "not run, verdict settled earlier" in page.read_text()
    full = check(load_problem(toy), proof=False, full=True)
    whole = {r.solution.name: r for r in full.rows}
    assert whole["wrong_answer/product.py"].skipped == () and len(whole["wrong_answer/product.py"].cells) == 5
    assert full.to_json()["killing_set"] is not None


@pytest.mark.slow   # starts a Dask cluster (about 9 s); test_batch's test_check_on_a_cluster_gives_the_local_verdicts covers the cluster
def test_a_cluster_stops_the_same_runs(toy: Path) -> None:
    """On Dask workers a chain under this rule stops where the local one does, a wall-clock cut included."""
    import json

    with_rule(pass_fail(toy))
    add(toy, "solutions/time_limit_exceeded/sleeper.py", "import time\ntime.sleep(60)\n")

    def matrix(*extra: str) -> dict:
        result = CliRunner().invoke(app, ["check", "-p", str(toy), "--no-proof", "--fresh", "--json", *extra])
        assert result.exit_code == 0, result.output
        return {s["name"]: ([(c["test"], c["verdict"]) for c in s["cells"]], s["skipped"])
                for s in json.loads(result.stdout)["solutions"]}

    local = matrix()
    assert local["time_limit_exceeded/sleeper.py"][0] == [("sample/01-one", "TLE")]
    assert matrix("--cluster", "local:2") == local
