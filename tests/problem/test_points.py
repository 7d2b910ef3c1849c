"""Per-test points (problem/points.py): `scoring.subtask` and a subtask's `aggregation` (min or sum), a sum
subtask's tests' `points` (all or none; none: the score split evenly), and every mistake as one line with its
line number."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import edit_yaml
from ojpack.problem import aggregation, points_per_test
from ojpack.problem.load import load_problem
from ojpack.problem.points import even_split
from tests.problem.test_problem_mistakes import line_of, load_error

BIG = "  - {group: big, score: 70}\n"
BIG_R1 = '    - {name: r1, gen: "gen.py --max {x.max} --salt 1"}\n    - {name: top'
SMALL_R1 = '  small:\n    - {name: r1, gen: "gen.py --max {x.max} --salt 1"}'


def test_even_split_gives_the_remainder_to_the_first_tests() -> None:
    assert even_split(70, 3) == (24, 23, 23)
    assert even_split(30, 2) == (15, 15)
    assert even_split(2, 3) == (1, 1, 0)
    assert sum(even_split(97, 7)) == 97


def test_min_is_the_default_and_has_no_test_points(toy: Path) -> None:
    spec = load_problem(toy).spec
    assert aggregation(spec, "small") == aggregation(spec, "big") == "min"
    assert points_per_test(spec) == {}


def test_scoring_subtask_sum_splits_every_subtask_evenly(toy: Path) -> None:
    (toy / "problem.yaml").write_text((toy / "problem.yaml").read_text() + "scoring: {subtask: sum}\n")
    spec = load_problem(toy).spec
    assert aggregation(spec, "big") == "sum" and aggregation(spec, "sample") == "min"
    assert points_per_test(spec) == {"small": (15, 15), "big": (35, 35)}


def test_a_subtask_overrides_the_default_and_its_tests_carry_their_points(toy: Path) -> None:
    edit_yaml(toy / "problem.yaml", BIG, "  - {group: big, score: 70, aggregation: sum}\n")
    edit_yaml(toy / "problem.yaml", '--salt 1"}\n    - {name: top, gen: "gen.py --max {x.max} --top"}',
              '--salt 1", points: 20}\n    - {name: top, gen: "gen.py --max {x.max} --top", points: 50}')
    spec = load_problem(toy).spec
    assert aggregation(spec, "small") == "min" and aggregation(spec, "big") == "sum"
    assert points_per_test(spec) == {"big": (20, 50)}


def test_points_in_a_min_subtask_name_their_line(toy: Path) -> None:
    edit_yaml(toy / "problem.yaml", SMALL_R1, SMALL_R1[:-1] + ", points: 15}")
    msg = load_error(toy)
    assert f"line {line_of(toy, 'points: 15')}:" in msg and "'tests.small[0].points'" in msg
    assert "aggregates by min" in msg


def test_points_on_some_tests_only(toy: Path) -> None:
    edit_yaml(toy / "problem.yaml", BIG, "  - {group: big, score: 70, aggregation: sum}\n")
    edit_yaml(toy / "problem.yaml", '--top"}', '--top", points: 70}')
    msg = load_error(toy)
    assert f"line {line_of(toy, '  big:') + 1}:" in msg   # the first test without points
    assert "'tests.big[0]'" in msg and "every test of sum subtask 'big' or to none" in msg


def test_points_that_do_not_add_up_to_the_score(toy: Path) -> None:
    edit_yaml(toy / "problem.yaml", BIG, "  - {group: big, score: 70, aggregation: sum}\n")
    edit_yaml(toy / "problem.yaml", '--salt 1"}\n    - {name: top, gen: "gen.py --max {x.max} --top"}',
              '--salt 1", points: 20}\n    - {name: top, gen: "gen.py --max {x.max} --top", points: 40}')
    msg = load_error(toy)
    assert "'tests.big'" in msg and "add up to 60, not the score 70 of subtask 'big'" in msg
    assert f"line {line_of(toy, '  big:')}:" in msg


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("{name: one, copy: generators/sample.in}", "{name: one, copy: generators/sample.in, points: 1}",
     "'tests.sample[0].points': the sample tests are worth nothing"),
    (BIG, "  - {group: big, score: 70, aggregation: max}\n", "'subtasks[1].aggregation': should be one of 'min', 'sum'"),
    (SMALL_R1, SMALL_R1[:-1] + ", points: -1}", "'tests.small[0].points'"),
])
def test_other_mistakes(toy: Path, old: str, new: str, expected: str) -> None:
    edit_yaml(toy / "problem.yaml", old, new)
    assert expected in load_error(toy)


def test_a_pass_fail_problem_cannot_sum(toy: Path) -> None:
    edit_yaml(toy / "problem.yaml", "subtasks:\n  - {group: small, score: 30, bounds: {x: {max: 10}}}\n" + BIG, "")
    edit_yaml(toy / "problem.yaml", "  small:\n", "  secret:\n")
    edit_yaml(toy / "problem.yaml", "  big:\n    - {name: r1,", "    - {name: r3,")
    load_problem(toy)   # pass-fail as written
    (toy / "problem.yaml").write_text((toy / "problem.yaml").read_text() + "scoring: {subtask: sum}\n")
    assert "'scoring.subtask': a pass-fail problem is all or nothing" in load_error(toy)
