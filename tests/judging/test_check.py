import json

import pytest

from typer.testing import CliRunner

from conftest import edit_yaml
from ojpack.judging import write_html
from ojpack.judging.crosscheck import check, passed_before
from ojpack.cli import app
from ojpack.errors import OjpackError
from ojpack.problem.load import load_problem
from ojpack.judging.verdicts import Verdict

SUM = "a, b = map(int, input().split())\nprint({})\n"


def add(root, rel, text):
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def package(toy):
    """The toy problem with a tighter time limit and a solution of every kind."""
    edit_yaml(toy / "problem.yaml", "time: 1.0", "time: 0.5")
    add(toy, "solutions/accepted/sum.cpp", "#include <cstdio>\nint main(){long a,b;scanf(\"%ld %ld\",&a,&b);"
                                           "printf(\"%ld\\n\",a+b);}\n")
    add(toy, "solutions/wrong_answer/cap20.py", SUM.format("min(a + b, 20)"))       # fails on big only
    add(toy, "solutions/wrong_answer/product.py", SUM.format("a * b"))              # fails on the sample
    add(toy, "solutions/time_limit_exceeded/spin.py", "while True: pass\n")
    add(toy, "solutions/run_time_error/crash.py", "raise SystemExit(3)\n")
    return toy


def test_check_passes_and_reports_kills_killing_set_and_margins(toy):
    report = check(load_problem(package(toy)), proof=False, full=True)
    assert report.ok, report.problems
    rows = {r.solution.name: r for r in report.rows}
    assert rows["wrong_answer/cap20.py"].kills == ["big/01-r1", "big/02-top"]
    assert rows["wrong_answer/product.py"].verdict is Verdict.WA
    assert rows["time_limit_exceeded/spin.py"].verdict is Verdict.TLE
    assert rows["run_time_error/crash.py"].verdict is Verdict.RE
    # one big test fails all four wrong solutions (on the full matrix: spin.py runs past its first TLE)
    assert len(report.killing_set) == 1 and report.killing_set[0].startswith("big/") and report.killing_set_exact
    assert 0 < report.margins.slowest_accepted <= 0.25
    assert report.margins.slow_solutions["time_limit_exceeded/spin.py"] >= 0.75   # ran on to 1.5x the limit


def test_a_surviving_wrong_solution_and_a_failing_accepted_one_are_named(toy):
    package(toy)
    add(toy, "solutions/wrong_answer/actually_right.py", SUM.format("a + b"))
    add(toy, "solutions/accepted/off_on_top.py", SUM.format("a + b if a < 100 else 0"))
    report = check(load_problem(toy), proof=False)
    assert not report.ok
    assert "wrong_answer/actually_right.py: overall verdict AC, expected WA" in report.problems
    assert "accepted/off_on_top.py: big/02-top: WA is not among the expected AC" in report.problems


def test_verdict_sets_from_problem_yaml(toy):
    package(toy)
    add(toy, "solutions/other/slow_or_fine.py", SUM.format("a + b"))
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text + "solutions:\n  verdicts:\n    solutions/other/slow_or_fine.py: [AC, TLE]\n")
    report = check(load_problem(toy), proof=False)
    assert report.ok, report.problems
    assert "other/slow_or_fine.py" not in report.margins.slow_solutions   # may pass: not held to be slow


def test_per_subtask_expectations_and_scores_are_checked(toy, tmp_path):
    package(toy)
    (toy / "solutions" / "time_limit_exceeded" / "spin.py").unlink()   # its margin is another test's business
    add(toy, "solutions/partial/cap20.py", SUM.format("min(a + b, 20)"))      # passes small only: 30 points
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text + "solutions:\n  partial/cap20.py: {small: AC, big: WA, score: 30}\n")
    report = check(load_problem(toy), proof=False)
    assert report.ok, report.problems
    row = next(r for r in report.rows if r.solution.name == "partial/cap20.py")
    assert row.score == 30 and [(s.group, s.score) for s in row.subtasks] == [("small", 30), ("big", 0)]
    assert next(r for r in report.rows if r.solution.name == "accepted/sum.py").score == 100
    small, big = report.strength
    assert small.group == "small" and "run_time_error/crash.py" in small.killed
    assert set(small.survivors) == {"partial/cap20.py", "wrong_answer/cap20.py"}   # both right on small
    assert big.group == "big" and len(big.killing_set) == 1 and big.exact and "partial/cap20.py" in big.killed
    data = report.to_json()
    part = next(s for s in data["solutions"] if s["name"] == "partial/cap20.py")
    assert part["expected_subtasks"] == {"small": ["AC"], "big": ["WA"]} and part["score"] == 30
    assert data["subtask_strength"][1]["killing_set"] == list(big.killing_set)
    write_html(report, "toy", tmp_path / "m.html")
    page = (tmp_path / "m.html").read_text()
    assert "small: AC<br>big: WA<br>30 points" in page and "30+0 = 30" in page and "passes it whole" in page
    shown = CliRunner().invoke(app, ["check", "-p", str(toy), "--no-proof", "--matrix"])
    assert shown.exit_code == 0 and "1:AC 2:WA =30" in shown.output and "30+0=30" in shown.output
    # a wrong expectation is named per subtask and by score
    edit_yaml(toy / "problem.yaml", "{small: AC, big: WA, score: 30}", "{small: WA, big: [TLE], score: 70}")
    bad = check(load_problem(toy), proof=False)
    assert "partial/cap20.py: small: verdict AC, expected WA" in bad.problems
    assert any(p.startswith("partial/cap20.py: big/01-r1: WA is not among big's expected TLE") for p in bad.problems)
    assert "partial/cap20.py: score 30, expected 70 (small 30/30, big 0/70)" in bad.problems


def test_compile_error_in_an_accepted_solution_is_a_problem(toy):
    add(toy, "solutions/accepted/broken.cpp", "int main( {}\n")
    report = check(load_problem(toy), proof=False)
    assert any(p.startswith("accepted/broken.cpp: compilation failed") for p in report.problems)
    row = next(r for r in report.rows if r.solution.name == "accepted/broken.cpp")
    assert row.verdict is Verdict.CE and row.compile_error


def test_cli_json_html_and_exit_codes(toy, tmp_path):
    package(toy)
    page = tmp_path / "matrix.html"
    ok = CliRunner().invoke(app, ["check", "-p", str(toy), "--json", "--html", str(page)])
    assert ok.exit_code == 0, ok.output
    data = json.loads(ok.output)
    assert data["ok"] and len(data["tests"]) == 5 and len(data["solutions"]) == 6
    cap = next(s for s in data["solutions"] if s["name"] == "wrong_answer/cap20.py")
    assert cap["killed_by"] == ["big/01-r1", "big/02-top"] and cap["cells"][0]["verdict"] == "AC"
    assert "wrong_answer/cap20.py" in page.read_text()
    add(toy, "solutions/wrong_answer/actually_right.py", SUM.format("a + b"))
    bad = CliRunner().invoke(app, ["check", "-p", str(toy)])
    assert bad.exit_code == 1
    assert "actually_right.py: overall verdict AC, expected WA" in bad.output
    assert bad.output.startswith("sandbox: root") and "limits by " in bad.output.splitlines()[0]   # the mode on top


def test_warm_check_reuses_runs_until_a_program_changes(toy):
    package(toy)
    first = check(load_problem(toy), proof=False)
    spin = next(r for r in first.rows if r.solution.name == "time_limit_exceeded/spin.py")
    again = check(load_problem(toy), proof=False)
    # remembered, same numbers; a run that hit the limit is not remembered (load may have caused it), unless
    # the CPU watch cut it at 1.5x the limit (0.75 s here): CPU time hardly depends on load
    quick = [r.solution.name for r in first.rows if r.solution.name != spin.solution.name]
    assert [r.cells for r in again.rows if r.solution.name in quick] == \
        [r.cells for r in first.rows if r.solution.name in quick]
    spun = next(r for r in again.rows if r.solution.name == spin.solution.name).cells
    cut_by_cpu = all(c.time >= 0.75 for c in spin.cells)
    assert (spun == spin.cells) == cut_by_cpu
    # a changed program is run again: now it is right, and the check says so
    (toy / "solutions" / "wrong_answer" / "cap20.py").write_text(SUM.format("a + b"))
    changed = check(load_problem(toy), proof=False)
    assert "wrong_answer/cap20.py: overall verdict AC, expected WA" in changed.problems
    fresh = check(load_problem(toy), proof=False, fresh=True)
    assert next(r for r in fresh.rows if r.solution.name == "time_limit_exceeded/spin.py").cells != spin.cells


def test_a_passing_check_is_recorded_for_exactly_these_sources(toy):
    problem = load_problem(toy)
    assert not passed_before(problem)
    assert check(problem).ok
    assert passed_before(problem)
    add(toy, "solutions/accepted/sum2.py", SUM.format("b + a"))   # any change to the solutions forgets it
    assert not passed_before(load_problem(toy))
    add(toy, "solutions/wrong_answer/off.py", SUM.format("a + b + 1"))
    edit_yaml(toy / "problem.yaml", "time: 1.0", "time: 2.0")
    assert check(load_problem(toy)).ok and passed_before(load_problem(toy))
    add(toy, "solutions/accepted/bad.py", SUM.format("a - b"))
    assert not check(load_problem(toy)).ok
    assert not passed_before(load_problem(toy))                    # a failing check records nothing


def test_a_time_limit_solution_stops_at_its_first_failing_test_unless_full(toy):
    package(toy)
    add(toy, "solutions/time_limit_exceeded/slow_on_big.py",
        "a, b = map(int, input().split())\nwhile a + b > 20:\n    pass\nprint(a + b)\n")
    # allowed to time out or crash, never to pass: it crashes on the first big test, which settles it
    add(toy, "solutions/other/crash_on_big.py", "a, b = map(int, input().split())\nassert a + b <= 20\nprint(a + b)\n")
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text + "solutions:\n  verdicts:\n    solutions/other/crash_on_big.py: [TLE, RE]\n")
    report = check(load_problem(toy), proof=False)
    # (the margin rule wants a solution allowed to time out to show it is slow: crash_on_big only crashes, and
    # on a busy machine the wall clock may cut slow_on_big short of 1.5x on every test)
    assert [p for p in report.problems if "slowest run" not in p] == []
    rows = {r.solution.name: r for r in report.rows}
    crash = rows["other/crash_on_big.py"]
    assert [(c.test, c.verdict) for c in crash.cells] == [
        ("sample/01-one", Verdict.AC), ("small/01-r1", Verdict.AC), ("small/02-r2", Verdict.AC),
        ("big/01-r1", Verdict.RE)]
    assert crash.verdict is Verdict.RE and crash.faults == () and crash.skipped == ("big/02-top",)
    assert report.to_json()["solutions"][list(rows).index("other/crash_on_big.py")]["skipped"] == ["big/02-top"]
    slow = rows["time_limit_exceeded/slow_on_big.py"]
    assert slow.verdict is Verdict.TLE
    assert [c.test for c in slow.cells] + list(slow.skipped) == list(report.tests)
    assert [c.verdict for c in slow.cells] == [Verdict.AC] * 3 + [Verdict.TLE] * (len(slow.cells) - 3)
    # it stops only after a time-out that ran on to 1.5x the limit (one cut short by a busy machine's wall
    # clock goes on to the next test), so the margin check still sees how slow it is
    assert not slow.skipped or slow.cells[-1].time >= 0.75
    # the other kinds still run every test: the killing set needs all of their cells
    assert all(len(r.cells) == 5 for name, r in rows.items() if name.startswith(("accepted", "wrong", "run_time")))
    whole = check(load_problem(toy), proof=False, full=True)
    crash = next(r for r in whole.rows if r.solution.name == "other/crash_on_big.py")
    assert [c.verdict for c in crash.cells][-2:] == [Verdict.RE, Verdict.RE] and crash.skipped == ()


def test_a_memory_limit_solution_stops_at_its_first_failing_test_too(toy):
    # Each run of a memory hog costs a memory limit's worth of page faults before the cgroup stops it: once
    # its verdict is settled, the later tests are not worth their cost.
    # a small cap and the toy's whole second: touching pages up to the cap must end as MLE, not TLE, even on
    # a loaded machine (with 256 MiB and half a second it once ran out of time first)
    edit_yaml(toy / "problem.yaml", "memory: 256", "memory: 48")
    add(toy, "solutions/memory_limit_exceeded/hog_on_big.py",
        "a, b = map(int, input().split())\nif a + b > 20:\n    hog = bytearray(1 << 30)\nprint(a + b)\n")
    report = check(load_problem(toy), proof=False)
    assert [p for p in report.problems if "slowest run" not in p] == []
    hog = next(r for r in report.rows if r.solution.name == "memory_limit_exceeded/hog_on_big.py")
    assert [(c.test, c.verdict) for c in hog.cells] == [
        ("sample/01-one", Verdict.AC), ("small/01-r1", Verdict.AC), ("small/02-r2", Verdict.AC),
        ("big/01-r1", Verdict.MLE)]
    assert hog.verdict is Verdict.MLE and hog.skipped == ("big/02-top",) and hog.faults == ()
    whole = check(load_problem(toy), proof=False, full=True)
    hog = next(r for r in whole.rows if r.solution.name == "memory_limit_exceeded/hog_on_big.py")
    assert [c.verdict for c in hog.cells][-2:] == [Verdict.MLE, Verdict.MLE] and hog.skipped == ()


def test_a_partial_solution_stops_within_a_subtask_it_must_fail_by_timing_out(toy):
    package(toy)
    # passes small; on big it may time out or crash, never pass: it crashes, which settles the subtask
    add(toy, "solutions/partial/crash_on_big.py", "a, b = map(int, input().split())\nassert a + b <= 20\nprint(a + b)\n")
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text + "solutions:\n  partial/crash_on_big.py: {small: AC, big: [TLE, RE], score: 30}\n")
    report = check(load_problem(toy), proof=False)
    row = next(r for r in report.rows if r.solution.name == "partial/crash_on_big.py")
    assert [(c.test, c.verdict) for c in row.cells] == [
        ("sample/01-one", Verdict.AC), ("small/01-r1", Verdict.AC), ("small/02-r2", Verdict.AC),
        ("big/01-r1", Verdict.RE)]
    assert row.skipped == ("big/02-top",) and row.score == 30 and row.faults == ()
    whole = check(load_problem(toy), proof=False, full=True)
    row = next(r for r in whole.rows if r.solution.name == "partial/crash_on_big.py")
    assert row.skipped == () and row.score == 30


def test_quick_stops_every_wrong_solution_at_its_first_failure_and_claims_no_strength(toy, tmp_path):
    package(toy)
    # crashes on the sample, and would answer wrongly later: only the full check sees the second fault
    add(toy, "solutions/run_time_error/crash_then_wrong.py",
        "a, b = map(int, input().split())\nassert a + b > 3\nprint(a + b + 1)\n")
    quick = check(load_problem(toy), proof=False, quick=True)
    rows = {r.solution.name: r for r in quick.rows}
    assert [(c.test, c.verdict) for c in rows["wrong_answer/cap20.py"].cells][-1] == ("big/01-r1", Verdict.WA)
    assert rows["wrong_answer/cap20.py"].skipped == ("big/02-top",)
    assert len(rows["wrong_answer/product.py"].cells) == 1 and rows["run_time_error/crash.py"].skipped
    assert all(not r.skipped for name, r in rows.items() if name.startswith("accepted"))
    assert quick.strength == () and quick.to_json()["killing_set"] is None and quick.to_json()["quick"] is True
    assert not passed_before(load_problem(toy))   # a quick pass is not the full check export relies on
    full = check(load_problem(toy), proof=False)
    assert any("crash_then_wrong.py" in p and "WA is not among" in p for p in full.problems)
    assert full.to_json()["killing_set"] and not full.to_json()["quick"]
    with pytest.raises(OjpackError, match="--quick and --full exclude each other"):
        check(load_problem(toy), proof=False, quick=True, full=True)
    page = tmp_path / "quick.html"
    shown = CliRunner().invoke(app, ["check", "-p", str(toy), "--no-proof", "--quick", "--html", str(page)])
    assert "data strength not computed" in shown.output and "smallest set of tests" not in shown.output
    assert "Not computed: --quick" in page.read_text()
