"""`ojpack check`'s strength lines say what was measured: a checker is "sound" only when changed answers
were tried (with unique_answers: false only the declared cases ran, and the line says so), and the data's
"k of N wrong solutions killed" counts only the solutions that must fail."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from ojpack.commands.strength_vc import checker_line, data_line
from ojpack.judging import Solution, Verdict
from ojpack.strength import CheckerStrength
from ojpack.strength.soundness import CheckerFailure


def test_the_checker_is_called_sound_only_when_soundness_was_measured() -> None:
    measured = checker_line(CheckerStrength(changed=12, changed_rejected=12, variants=5, variants_accepted=5,
                                            declared=2, declared_ok=2))
    assert measured.endswith("[green]sound[/]")
    declared_only = checker_line(CheckerStrength(changed=None, declared=10, declared_ok=10))
    assert "perturbations skipped" in declared_only and "declared cases only" in declared_only
    assert "sound" not in declared_only
    nothing = checker_line(CheckerStrength(changed=None))
    assert "not measured" in nothing and "sound" not in nothing
    broken = checker_line(CheckerStrength(changed=None, declared=1, declared_ok=0, failures=(
        CheckerFailure("declared", "declared case x", "failed", b"", b"", b"", "crashed"),)))
    assert "1 failure(s)" in broken and "sound" not in broken


def row(expected: set[str], kills: list[str], name: str = "x.py") -> SimpleNamespace:
    solution = Solution(Path("/p/solutions") / name, f"solutions/{name}", frozenset(map(Verdict, expected)))
    return SimpleNamespace(solution=solution, kills=kills, verdict=Verdict.AC if not kills else Verdict.WA,
                           subtasks=(), score=100 if not kills else 0)


ROWS = [
    row({"AC"}, [], "model.py"),
    row({"WA"}, ["secret/01"], "wrong.py"),
    row({"TLE", "AC"}, [], "maybe_slow.py"),          # Polygon's TO: may pass, so no test has to kill it
    row({"TLE"}, ["secret/01"], "slow.py"),
]


def test_a_solution_allowed_to_pass_is_not_a_wrong_solution_left_unkilled() -> None:
    assert [r.solution.must_fail for r in ROWS] == [False, True, False, True]
    partial = Solution(Path("/p/p.py"), "solutions/p.py", frozenset({Verdict.AC, Verdict.WA}), score=40)
    assert partial.must_fail   # its score is below 100: some test must take points
    report = SimpleNamespace(quick=False, killing_set=["secret/01"], rows=ROWS)
    line, figures = data_line(report)
    assert line.startswith("data: 2 of 2 wrong solutions killed")
    assert figures == {"wrong": 2, "killed": 2, "killing_set": 1}


def test_the_matrix_lists_what_kills_the_wrong_solutions_only() -> None:
    from ojpack.commands.check import _strength
    from ojpack.commands.check_view import Groups
    from ojpack.commands.console import out

    tests = ("secret/01", "secret/02")
    report = SimpleNamespace(rows=ROWS, tests=tests, killing_set=["secret/01"], killing_set_exact=True,
                             strength=())
    with out.capture() as shown:
        _strength(report, Groups.of(tests), show_matrix=True)   # type: ignore[arg-type]
    text = shown.get()
    assert "wrong.py" in text and "slow.py" in text
    assert "maybe_slow.py" not in text and "nothing" not in text and "model.py" not in text
