from pathlib import Path

import pytest

from conftest import edit_yaml
from ojpack.errors import ProblemConfigError
from ojpack.problem.load import load_problem
from ojpack.judging.solutions import discover
from ojpack.judging.verdicts import Verdict


def add(root, rel, text="print(0)\n"):
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_folders_give_expectations_and_accepted_come_first(toy):
    add(toy, "solutions/wrong_answer/zero.py")
    add(toy, "solutions/time_limit_exceeded/slow.cpp", "int main(){}")
    add(toy, "solutions/accepted/README.md", "not a program")
    found = discover(load_problem(toy))
    assert [(s.name, s.expected_text) for s in found] == [
        ("accepted/sum.py", "AC"), ("wrong_answer/zero.py", "WA"), ("time_limit_exceeded/slow.cpp", "TLE")]
    assert found[0].must_pass and not found[1].must_pass


def test_problem_yaml_overrides_the_folder(toy):
    add(toy, "solutions/other/maybe_slow.py")
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text + "solutions:\n  verdicts:\n    solutions/other/maybe_slow.py: [AC, TLE]\n")
    found = {s.name: s for s in discover(load_problem(toy))}
    assert found["other/maybe_slow.py"].expected == {Verdict.AC, Verdict.TLE}


def test_unknown_folder_is_a_clear_error(toy):
    add(toy, "solutions/acepted/typo.py")
    with pytest.raises(ProblemConfigError, match="acepted.*does not name a verdict"):
        discover(load_problem(toy))


def test_override_of_a_missing_file_and_bad_verdict_name_are_errors(toy):
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text + "solutions:\n  verdicts:\n    solutions/nope.py: [WA]\n")
    with pytest.raises(ProblemConfigError, match="solutions/nope.py does not exist"):
        discover(load_problem(toy))
    edit_yaml(toy / "problem.yaml", "[WA]", "[WRONG]")
    with pytest.raises(ProblemConfigError, match="solutions.verdicts"):
        load_problem(toy)


def test_per_subtask_expectations_give_an_overall_set(toy):
    add(toy, "solutions/partial/small_only.py")
    add(toy, "solutions/partial/scored.py")
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text + "solutions:\n  partial/small_only.py: {small: AC, big: [WA, TLE], score: 30}\n"
                                      "  solutions/partial/scored.py: {score: 30}\n")
    found = {s.name: s for s in discover(load_problem(toy))}
    small = found["partial/small_only.py"]
    assert small.partial and not small.must_pass and small.score == 30
    assert small.by_group == {"small": {Verdict.AC}, "big": {Verdict.WA, Verdict.TLE}}
    assert small.expected == {Verdict.WA, Verdict.TLE}       # what big fails with is the overall verdict
    assert small.expected_text == "small:AC big:WA/TLE 30 pts"
    assert Verdict.AC not in found["partial/scored.py"].expected and found["partial/scored.py"].by_group == {}


def test_a_partial_folder_without_expectations_is_an_error(toy):
    add(toy, "solutions/partial/mystery.py")
    with pytest.raises(ProblemConfigError, match="partial.*does not name a verdict.*per-subtask"):
        discover(load_problem(toy))
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text + "solutions:\n  partial/gone.py: {small: AC}\n")
    with pytest.raises(ProblemConfigError, match="partial/gone.py does not exist"):
        discover(load_problem(toy))


def test_submissions_folder_works_as_solutions(toy: Path) -> None:
    """Kattis and ICPC packages call the folder submissions/: it is read the same (it was ignored without a word)."""
    (toy / "solutions").rename(toy / "submissions")
    edit_yaml(toy / "problem.yaml", "model_solution: solutions/", "model_solution: submissions/")
    wrong = toy / "submissions" / "wrong_answer" / "zero.py"
    wrong.parent.mkdir()
    wrong.write_text("print(0)\n")
    found = discover(load_problem(toy))
    assert [(s.rel, s.name) for s in found] == [("submissions/accepted/sum.py", "accepted/sum.py"),
                                                ("submissions/wrong_answer/zero.py", "wrong_answer/zero.py")]
    assert found[1].expected == {Verdict.WA}
    (toy / "solutions").mkdir()
    with pytest.raises(ProblemConfigError, match="both solutions/ and submissions/ exist"):
        discover(load_problem(toy))


def test_score_range_is_a_partial_expectation_of_some_but_not_all_points(toy):
    add(toy, "solutions/partial/some.py")
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text + "solutions:\n  solutions/partial/some.py: {score_range: [0.01, 99.99]}\n")
    found = {s.name: s for s in discover(load_problem(toy))}
    some = found["partial/some.py"]
    assert some.partial and some.score_range == (0.01, 99.99) and some.expected_text == "0.01-99.99 pts"
    assert Verdict.AC not in some.expected   # full points would be a fault: some test must fail
    (toy / "problem.yaml").write_text(text + "solutions:\n  solutions/partial/some.py: {score_range: [60, 10]}\n")
    with pytest.raises(ProblemConfigError, match="score_range"):
        load_problem(toy)
