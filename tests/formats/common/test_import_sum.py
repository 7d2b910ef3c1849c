"""Imports of groups whose points are per test become sum subtasks (problem.yaml `aggregation: sum`): Polygon's
each-test groups and groupless tests with points, a legacy Kattis group that sums its tests (the real DOMjudge
example addone, tests/formats/fixtures/kattis-addone), ICPC 2025-09 `score_aggregation: sum`."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import yaml

from ojpack.judging.judgement import judge
from ojpack.problem import load_problem, points_per_test
from ojpack.publish import import_package
from ojpack.formats.importing import read
from ojpack.formats.common.points import scale_points

from package_files import write_tree

FIXTURES = Path(__file__).parents[1] / "fixtures"


def test_scale_points_keeps_integers_and_the_exact_sum() -> None:
    assert scale_points([2.0] * 3, 100) == [34, 33, 33]
    assert scale_points([15.0, 25.0], 40) == [15, 25]
    assert scale_points([1.0, 0.0, 3.0], 10) == [3, 0, 7]
    assert sum(scale_points([0.7, 1.3, 2.9, 0.1], 97)) == 97


def test_polygon_tests_without_groups_carry_their_own_points(tmp_path: Path) -> None:
    src = shutil.copytree(FIXTURES / "polygon-sum", tmp_path / "src")
    xml = src / "problem.xml"
    text = re.sub(r"<groups>.*</groups>", "", xml.read_text(), flags=re.S)
    text = re.sub(r' group="[a-z]+"', "", text)
    for cmd, points in (("gen 5 10", 10), ("gen 8 1000", 20), ("gen 100 1000000000", 30), ("gen 60 1000000000 2", 40)):
        text = text.replace(f'cmd="{cmd}"', f'cmd="{cmd}" points="{points}"')
    xml.write_text(text)
    imp = read(src)
    assert [(s.group, s.score, s.aggregation) for s in imp.subtasks] == [("main", 100, "sum")]
    assert [t.points for t in imp.tests if t.group == "main"] == [10, 20, 30, 40, 0]
    assert not any("points are not carried over" in n for n in imp.notes)


def test_a_legacy_kattis_group_that_sums_its_tests(tmp_path: Path) -> None:
    out = tmp_path / "addone"
    report = import_package(FIXTURES / "kattis-addone", out)
    # accept_score 10 / 20 / 30 per test, two tests each: 20 + 40 + 60 points, scaled to 100
    assert "group points large=60, medium=40, small=20 scaled to add up to 100: large=50, medium=33, small=17" \
        in report.notes
    assert not any("not carried over" in n and ("sum" in n or "on_reject" in n) for n in report.notes)
    problem = load_problem(out)
    assert [(s.group, s.score, s.aggregation) for s in problem.spec.subtasks] == \
        [("large", 50, "sum"), ("medium", 33, "sum"), ("small", 17, "sum")]
    assert points_per_test(problem.spec) == {"large": (25, 25), "medium": (17, 16), "small": (9, 8)}
    # right above 100 up to 2^31-1: both medium tests and the first large one earn their points
    got = judge(problem, out / "solutions" / "wrong_answer" / "addone-medium-only.py")
    assert [(s.group, s.score) for s in got.subtasks] == [("large", 25), ("medium", 33), ("small", 0)]


def test_icpc_2025_score_aggregation_sum_splits_the_group_evenly(tmp_path: Path) -> None:
    root = write_tree(tmp_path / "src", {
        "problem.yaml": yaml.safe_dump({"problem_format_version": "2025-09", "type": "scoring", "name": "Double",
                                        "limits": {"time_limit": 1.0}}),
        "data/sample/1.in": "2\n", "data/sample/1.ans": "4\n",
        "data/secret/easy/test_group.yaml": "max_score: 30\n",
        "data/secret/easy/a.in": "3\n", "data/secret/easy/a.ans": "6\n",
        "data/secret/hard/test_group.yaml": "max_score: 70\nscore_aggregation: sum\n",
        **{f"data/secret/hard/{c}.in": f"{n}\n" for c, n in zip("bcd", (10, 20, 30))},
        **{f"data/secret/hard/{c}.ans": f"{2 * n}\n" for c, n in zip("bcd", (10, 20, 30))},
        "input_validators/validate.py": "import sys\nsys.exit(42)\n",
        "submissions/accepted/double.py": "print(2 * int(input()))\n",
    })
    imp = read(root)
    assert [(s.group, s.score, s.aggregation) for s in imp.subtasks] == [("easy", 30, None), ("hard", 70, "sum")]
    assert [t.points for t in imp.tests if t.group == "hard"] == [None, None, None]   # an even split: 24, 23, 23
    assert not any("score_aggregation" in n for n in imp.notes)
    # `secret` holding its tests itself sums them by default
    for f in (root / "data" / "secret").rglob("*"):
        if f.is_file():
            f.rename(root / "data" / "secret" / f"{f.parent.name}-{f.name}")
    for f in (root / "data" / "secret").glob("*-test_group.yaml"):
        f.unlink()
    imp = read(root)
    assert [(s.group, s.score, s.aggregation) for s in imp.subtasks] == [("secret", 100, "sum")]
