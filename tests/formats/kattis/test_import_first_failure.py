"""Imports from the judges that compare only a submission's first failing verdict with its folder (Kattis'
problemtools, DOMjudge, BAPCtools: the Kattis legacy and 2023-07 / 2025-09 readers) set problem.yaml's
`judging: {verdict: first_failure}`; a Polygon import keeps Polygon's rule (the default)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from conftest import edit_yaml
from ojpack.judging import check
from ojpack.problem import load_problem
from ojpack.publish import import_package
from ojpack.formats.importing import read

POLYGON = Path(__file__).parents[1] / "fixtures" / "polygon-sum"
# DOMjudge's fibonacci-wrong.py in small: wrong on the sample and the small test, endless on the large one
WRONG_THEN_SLOW = "a, b = map(int, input().split())\nif a + b <= 20:\n    print(a + b + 1)\nelse:\n    while True:\n        pass\n"
FILES = {
    "data/sample/1.in": "1 2\n", "data/sample/1.ans": "3\n",
    "data/secret/1.in": "5 6\n", "data/secret/1.ans": "11\n",
    "data/secret/2.in": "90 95\n", "data/secret/2.ans": "185\n",
    "input_validators/ok.py": "import sys\nsys.stdin.read()\nsys.exit(42)\n",
    "submissions/accepted/add.py": "a, b = map(int, input().split())\nprint(a + b)\n",
    "submissions/wrong_answer/wrong.py": WRONG_THEN_SLOW,
    ".timelimit": "0.5\n",
}
META = {
    "legacy": "name: Add\n",
    "2025-09": "problem_format_version: 2025-09\nname: Add\nuuid: 3f1e1c0a-1111-4222-8333-444455556666\n",
}


def source(root: Path, meta: str) -> Path:
    for rel, text in {**FILES, "problem.yaml": meta}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


@pytest.mark.parametrize("version", sorted(META))
def test_a_kattis_import_judges_by_the_first_failure(tmp_path: Path, version: str) -> None:
    out = tmp_path / "add"
    import_package(source(tmp_path / "src", META[version]), out)
    spec = yaml.safe_load((out / "problem.yaml").read_text())
    assert spec["judging"] == {"verdict": "first_failure"}
    report = check(load_problem(out), proof=False)
    assert report.ok, report.problems                      # WRONG-ANSWER, as DOMjudge accepts it
    row = next(r for r in report.rows if r.solution.name == "wrong_answer/wrong.py")
    assert row.skipped == ("secret/01-1", "secret/02-2")   # rejected on the sample, as the judges stop there
    # the same package under Polygon's rule: the time-out on the large test breaks the expectation
    edit_yaml(out / "problem.yaml", "judging:\n  verdict: first_failure\n", "")
    polygon = check(load_problem(out), proof=False)
    assert "wrong_answer/wrong.py: secret/02-2: TLE is not among the expected WA" in polygon.problems


def test_a_polygon_import_keeps_polygons_rule() -> None:
    imp = read(POLYGON)
    assert imp.format == "polygon" and imp.verdict_rule is None
