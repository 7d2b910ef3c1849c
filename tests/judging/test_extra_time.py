"""`limits.safety_margin`: problemtools' "OK with extra time". A solution whose verdict at the time limit breaks
its expectation still passes when its verdict at the limit x the margin meets it (verifyproblem judges every
submission at both limits); imported Kattis packages carry the margin over (tests/formats/kattis/test_import_problemtools.py)."""

from conftest import edit_yaml
from ojpack.judging.crosscheck import check
from ojpack.judging.execute import Cell, at_margin
from ojpack.judging.verdicts import Verdict
from ojpack.problem.load import load_problem

# Burns 0.6 s of its own CPU time (measured by itself, so load does not change it), then crashes: over a
# 0.5 s limit, well within 3x it. A Java heap blow-up that ends in OutOfMemoryError after the limit is this.
LATE_CRASH = "import time\nwhile time.process_time() < 0.6:\n    pass\nraise SystemExit(3)\n"


def toy_with_late_crash(toy):
    edit_yaml(toy / "problem.yaml", "time: 1.0", "time: 0.5")
    path = toy / "solutions" / "run_time_error" / "late_crash.py"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(LATE_CRASH)
    return toy


def test_a_crash_after_the_limit_is_a_time_out_without_a_safety_margin(toy):
    report = check(load_problem(toy_with_late_crash(toy)), proof=False)
    row = next(r for r in report.rows if r.solution.name == "run_time_error/late_crash.py")
    assert row.verdict is Verdict.TLE and row.faults and not row.extra_time
    # the run went on within the cut-off and ended by itself: how it ended is kept beside the TLE (a busy
    # machine's wall clock may cut a run first: then it has no late verdict, never another one)
    assert all(c.verdict is Verdict.TLE and c.late in (Verdict.RE, None) for c in row.cells)
    assert any(c.late is Verdict.RE for c in row.cells)


def test_with_a_safety_margin_it_is_as_expected_with_extra_time(toy):
    toy_with_late_crash(toy)
    edit_yaml(toy / "problem.yaml", "time: 0.5,", "time: 0.5, safety_margin: 3,")
    report = check(load_problem(toy), proof=False)
    row = next(r for r in report.rows if r.solution.name == "run_time_error/late_crash.py")
    assert row.verdict is Verdict.RE and row.faults == () and row.extra_time
    assert not any(p.startswith("run_time_error/late_crash.py") for p in report.problems)
    solution = next(s for s in report.to_json()["solutions"] if s["name"] == "run_time_error/late_crash.py")
    assert solution["ok"] and solution["extra_time"] and solution["verdict"] == "RE"


def test_at_margin_takes_the_late_verdict_only_within_the_margin():
    late = Cell("t", Verdict.TLE, 1.4, 1.5, 10.0, late=Verdict.AC)
    assert at_margin(late, 1.0, 2.0) is Verdict.AC
    assert at_margin(late, 1.0, 1.3) is Verdict.TLE          # 1.4 s is over 1.3x the limit too
    assert at_margin(Cell("t", Verdict.TLE, 1.4, 1.5, 10.0), 1.0, 2.0) is Verdict.TLE   # cut off: no late verdict
    assert at_margin(Cell("t", Verdict.WA, 0.1, 0.1, 1.0), 1.0, 2.0) is Verdict.WA
