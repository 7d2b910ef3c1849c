"""A Kattis scoring problem whose output validator writes score.txt (DOMjudge's example knapsack): imported,
each submission earns the score its @EXPECTED_SCORE@ gives, and a score file out of bounds is a judge error."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

from ojpack.judging.crosscheck import check
from ojpack.judging.verdicts import Verdict
from ojpack.problem.load import load_problem
from ojpack.publish import import_package

SOURCE = Path(__file__).parents[1] / "fixtures" / "kattis" / "dj-knapsack"


def test_score_txt_gives_each_submission_its_expected_score(tmp_path: Path) -> None:
    import_package(SOURCE, tmp_path / "knap")
    spec = yaml.safe_load((tmp_path / "knap" / "problem.yaml").read_text())
    assert spec["subtasks"] == [{"group": "main", "score": 100}]
    assert spec["model_solution"] == "solutions/accepted/knapsack_dp.py"   # never a partial one
    assert spec["solutions"] == {"solutions/partial/knapsack_first_fit.py": {"score": 74.42},
                                 "solutions/partial/knapsack_greedy_ratio.py": {"score": 95.35},
                                 "solutions/partial/knapsack_greedy_value.py": {"score": 88.37}}
    report = check(load_problem(tmp_path / "knap"), proof=False)
    assert report.ok, report.problems
    got = {r.solution.name: (r.verdict, r.score) for r in report.rows}
    assert got == {"accepted/knapsack_dp.py": (Verdict.AC, 100), "partial/knapsack_first_fit.py": (Verdict.PC, 74.42),
                   "partial/knapsack_greedy_ratio.py": (Verdict.PC, 95.35),
                   "partial/knapsack_greedy_value.py": (Verdict.PC, 88.37),
                   "wrong_answer/knapsack_invalid.py": (Verdict.WA, 0)}
    sample = next(r for r in report.rows if r.solution.name == "partial/knapsack_first_fit.py").cells[0]
    assert sample.verdict is Verdict.AC   # its score.txt there is ignored: the sample is worth nothing


def test_a_score_over_the_tests_maximum_is_a_judge_error(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(SOURCE, source)
    validator = source / "output_validators" / "knapsack_validator" / "validate.py"
    validator.write_text(validator.read_text().replace("score = min(100.0, score)", "score = 2 * score"))
    import_package(source, tmp_path / "knap")
    report = check(load_problem(tmp_path / "knap"), proof=False)
    row = next(r for r in report.rows if r.solution.name == "accepted/knapsack_dp.py")
    main = row.cells[1]
    assert main.verdict is Verdict.JE and "score.txt's 200 is over the test's maximum score 100" in main.message
