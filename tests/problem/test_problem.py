"""problem.yaml loading: the real file loads, and every kind of mistake is one clear error."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import REPO, edit_yaml
from ojpack.errors import ProblemConfigError
from ojpack.problem.load import load_problem


def test_real_problem_loads() -> None:
    p = load_problem(REPO)
    assert p.spec.limits.time == 1.0 and p.spec.limits.memory == 128
    assert p.bounds_for("subtask1") == {"T": (1, 500), "n": (1, 50), "a": (1, 1)}
    assert p.bounds_for("subtask2") == {"T": (1, 500), "n": (1, 6), "a": (1, 12)}
    assert p.bounds_for("subtask3") == p.bounds_for("sample")
    assert [s.score for s in p.spec.subtasks] == [20, 30, 50]
    assert (p.spec.scoring.subtask, p.spec.scoring.sample) == ("min", 0)
    assert p.subtask("subtask1").coverage.classes == ["S0", "T0"]
    expect = p.spec.solutions.expect
    assert expect["partial/parity_only.cpp"].score == 20
    assert expect["partial/exhaustive_search.py"].groups == {"subtask1": ("AC",), "subtask2": ("AC",),
                                                              "subtask3": ("TLE",)}


def load_error(root: Path) -> str:
    with pytest.raises(ProblemConfigError) as e:
        load_problem(root)
    return str(e.value)


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("limits: {time: 1.0", "limits: {tme: 1.0", "unknown key 'limits.tme'; did you mean 'time'?"),
    ("short_name: toysum", "shortname: toysum", "did you mean 'short_name'?"),
    ("  x: {min: 1, max: 100}", "  x: {min: 1, mx: 100}", "bounds.x.mx"),
    ("  x: {min: 1, max: 100}", "  x: {min: 101, max: 100}", "min (101) is greater than max (100)"),
    ("score: 70", "score: 60", "line 10: 'subtasks': subtask scores add up to 90, not 100"),
    ("limits: {time: 1.0", "limits: {time: -1", "'limits.time': should be greater than 0 (got -1)"),
    ("license: cc0", "license: mine", "'license'"),
    ("{x: {max: 10}}", "{y: {max: 10}}", "line 11: 'subtasks[0].bounds.y': bound 'y' is not among bounds ['x']"),
    ("{x: {max: 10}}", "{x: {max: 1000}}",
     "line 11: 'subtasks[0].bounds.x': [1, 1000] is not inside [1, 100]"),
    ("- {name: top, gen:", "- {name: r1, gen:",
     "line 26: 'tests.big[1].name': duplicate test name (also tests.big[0]) (got 'r1')"),
    ("{group: big, score: 70}", "{group: small, score: 70}",
     "line 12: 'subtasks[1].group': subtasks[0] has this group too (got 'small')"),
    ("- {name: top, gen:", "- {name: Top!, gen:", "test name 'Top!' must match"),
    ("- {name: top, gen: \"gen.py --max {x.max} --top\"}", "- {name: top}", "exactly one of 'gen' or 'copy'"),
    ("  big:\n    - {name: r1", "  huge:\n    - {name: r1", "line 24: 'tests.huge': group 'huge' is neither 'sample' nor a subtask"),
    ("validator: validators/validate.py\n", "validator: validators/validate.py\nscoring: {subtask: max}\n",
     "'scoring.subtask'"),
    ("validator: validators/validate.py\n", "validator: validators/validate.py\nscoring: {sample: 10}\n",
     "'scoring.sample'"),
    ("validator: validators/validate.py\n",
     "validator: validators/validate.py\nsolutions: {x.py: {huge: AC}}\n", "'huge' is neither 'sample' nor a subtask"),
    ("validator: validators/validate.py\n",
     "validator: validators/validate.py\nsolutions: {x.py: {small: OK}}\n", "small: expected a verdict or a list"),
    ("validator: validators/validate.py\n",
     "validator: validators/validate.py\nsolutions: {x.py: {}}\n", "give a verdict for at least one subtask"),
    ("validator: validators/validate.py\n",
     "validator: validators/validate.py\nsolutions: {x.py: {score: 101}}\n", "less than or equal to 100"),
    ("validator: validators/validate.py\n",
     "validator: validators/validate.py\nsubtasks_: 1\n", "unknown key 'subtasks_'"),
    ("model_solution: solutions/accepted/sum.py", "model_solution: nope.py", "'model_solution': file nope.py does not exist"),
    ("validator: validators/validate.py\n", "", "missing key 'validator'"),
    ("name: {zh: 加法, en: Addition}", "name: {zh: 加法, en: Addition", "invalid YAML"),
])
def test_mistakes_are_named(toy: Path, old: str, new: str, expected: str) -> None:
    edit_yaml(toy / "problem.yaml", old, new)
    msg = load_error(toy)
    assert expected in msg
    assert "Traceback" not in msg and msg.count("\n") == 0


def test_not_a_mapping(toy: Path) -> None:
    (toy / "problem.yaml").write_text("- just\n- a list\n")
    assert "expected a mapping" in load_error(toy)


def test_binary_file(toy: Path) -> None:
    (toy / "problem.yaml").write_bytes(b"\xff\xfe\x00garbage")
    assert "not UTF-8" in load_error(toy)


def test_no_problem_here(tmp_path: Path) -> None:
    assert "no problem.yaml" in load_error(tmp_path)
