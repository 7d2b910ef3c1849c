"""The real package end to end: `ojpack check` on a fresh copy passes, with the exhaustive proof.

Slow (every solution on every test, ~1000 proof batches per accepted solution), but it is the package's
own acceptance test: every declared verdict holds and the data kills every wrong solution."""

from __future__ import annotations

from ojpack.judging.crosscheck import AC_HEADROOM, check
from ojpack.problem.load import load_problem
from ojpack.judging.verdicts import Verdict


def test_real_package_check_passes_with_the_proof(package_copy):
    report = check(load_problem(package_copy))
    assert report.ok, "\n".join(report.problems)
    rows = {r.solution.name: r for r in report.rows}
    assert sum(1 for r in rows.values() if r.solution.expected == {Verdict.WA}) >= 10
    for r in rows.values():
        if not r.solution.must_pass:
            assert r.kills, f"{r.solution.name} survives every test"
    assert report.margins.slowest_accepted * AC_HEADROOM <= report.margins.time_limit
    assert report.proof is not None and report.proof.ok and report.proof.cases >= 490_000
    assert set(report.proof.solutions) == {n for n, r in rows.items() if r.solution.must_pass}
    # the subtasks separate the ideas: parity alone earns 20, an exhaustive search 50, the theorem 100
    scores = {n: r.score for n, r in rows.items()}
    assert scores["partial/parity_only.cpp"] == scores["partial/parity_only.py"] == 20
    assert scores["partial/exhaustive_search.cpp"] == scores["partial/exhaustive_search.py"] == 50
    assert all(scores[n] == 100 for n, r in rows.items() if r.solution.must_pass)
    strength = {g.group: g for g in report.strength}
    assert {"wrong_answer/reversed_parity.cpp", "wrong_answer/plain_nim.cpp"} <= set(strength["subtask1"].killed)
    assert "partial/parity_only.cpp" in strength["subtask1"].survivors
    for group in ("subtask2", "subtask3"):
        assert "partial/parity_only.cpp" in strength[group].killed and strength[group].killing_set
    assert "partial/exhaustive_search.cpp" in strength["subtask2"].survivors
    assert "partial/exhaustive_search.cpp" in strength["subtask3"].killed
