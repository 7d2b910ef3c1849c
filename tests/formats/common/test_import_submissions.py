"""Submission verdicts as the source's tools require them: folders, 2025-09 submissions.yaml globs over the
spec's default directories, DOMjudge's @EXPECTED_RESULTS@, Python 2 and languages ojpack cannot run."""

from __future__ import annotations

from pathlib import Path

from ojpack.formats.common.submissions import allowed, expected_results, glob_rule, rules_2025, runnable, verdicts_of


def test_per_test_rules_become_the_overall_verdicts_ojpack_judges() -> None:
    assert allowed(["AC"], []) == {"AC"}
    assert allowed(["AC", "WA"], ["WA"]) == {"WA"}                       # wrong_answer: ends on WA
    assert allowed(["AC", "RTE"], ["RTE"]) == {"RE", "MLE"}              # a memory blow-up is a run-time error
    assert allowed(["AC", "TLE"], []) == {"AC", "TLE"}                   # mixed: either
    assert allowed(["AC", "SLOW"], []) is None


def test_globs_follow_bapctools() -> None:
    assert glob_rule("accepted").match("accepted/a.py") and not glob_rule("accepted").match("accepted2/a.py")
    assert glob_rule("*/x*.py").match("mixed/xy.py") and not glob_rule("*/x*.py").match("a/b/xy.py")
    assert glob_rule("mixed/{a,b}.py").match("mixed/b.py") and not glob_rule("mixed/{a,b}.py").match("mixed/c.py")


def test_2025_rules_are_intersected_with_the_default_directories() -> None:
    notes: list[str] = []
    rules = rules_2025({"accepted/slow.py": {"permitted": ["AC", "TLE"]}, "mixed/m.py": {"permitted": ["AC", "TLE"]},
                        "mixed/bad.py": {"permitted": ["NOPE"]}}, notes, defaults=True)
    assert verdicts_of("accepted/slow.py", b"", rules) == ["AC"]
    assert verdicts_of("mixed/m.py", b"", rules) == ["AC", "TLE"]
    assert verdicts_of("run_time_error/r.py", b"", rules) == ["RE", "MLE"]
    assert verdicts_of("mixed/other.py", b"", rules) == ["AC", "WA", "TLE", "RE", "MLE", "OLE"]   # unconstrained
    assert any("mixed/bad.py" in n for n in notes)
    # a key named like a default directory replaces its rule (BAPCtools' test problem `testexpectations`)
    replaced = rules_2025({"accepted": {"permitted": ["WA"], "required": ["WA"]},
                           "wa/odd.py": {"sample": {"required": ["AC"]}}}, notes, defaults=True)
    assert verdicts_of("accepted/wa.py", b"", replaced) == ["WA"]
    assert any("wa/odd.py" in n and "per test group" in n for n in notes)
    # DOMjudge's marker wins over the folder
    assert verdicts_of("wrong_answer/w.c", b"// @EXPECTED_RESULTS@: CORRECT, TIMELIMIT\n", rules) == ["AC", "TLE"]
    assert expected_results(b"# @EXPECTED_RESULTS@: RUN-ERROR\n") == ["RE", "MLE"]
    assert verdicts_of("partially_accepted/p.py", b"", None) == ["WA", "TLE", "RE", "MLE", "OLE"]


def test_python_versions_and_unknown_languages(tmp_path: Path) -> None:
    (tmp_path / "a.py3").write_text("print(1)\n")
    (tmp_path / "b.py2").write_text("print 1\n")
    (tmp_path / "c.py").write_text("print 1\n")
    (tmp_path / "d.d").write_text("void main() {}\n")
    assert runnable(tmp_path / "a.py3") == ("a.py", None)
    assert runnable(tmp_path / "b.py2")[0] is None and "Python 2" in runnable(tmp_path / "b.py2")[1]
    assert runnable(tmp_path / "c.py")[0] is None and "Python 2" in runnable(tmp_path / "c.py")[1]
    assert runnable(tmp_path / "d.d")[0] is None and ".d" in runnable(tmp_path / "d.d")[1]
