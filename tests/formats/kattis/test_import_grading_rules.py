"""A Kattis package's on_reject / grader_flags, as problemtools' default grader reads them, become problem.yaml's
`judging:` (formats/kattis/graderules.py): the rule over the groups, each group's own, and a note for what
the flat groups cannot say."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from ojpack.judging import check
from ojpack.problem import load_problem
from ojpack.publish import import_package
from ojpack.formats.importing import read

# wrong on small sums, endless on large ones: the first failure is WA, the worst TLE
WRONG_THEN_SLOW = "a, b = map(int, input().split())\nif a + b <= 20:\n    print(a + b + 1)\nelse:\n    while True:\n        pass\n"
ADD = "a, b = map(int, input().split())\nprint(a + b)\n"
BASE = {
    "data/sample/1.in": "1 2\n", "data/sample/1.ans": "3\n",
    "input_validators/ok.py": "import sys\nsys.stdin.read()\nsys.exit(42)\n",
    "submissions/accepted/add.py": ADD,
    ".timelimit": "0.5\n",
}
FLAT = {"data/secret/1.in": "5 6\n", "data/secret/1.ans": "11\n",
        "data/secret/2.in": "90 95\n", "data/secret/2.ans": "185\n"}
GROUPS = {"data/secret/a/1.in": "5 6\n", "data/secret/a/1.ans": "11\n",
          "data/secret/b/1.in": "90 95\n", "data/secret/b/1.ans": "185\n"}


def source(root: Path, files: dict[str, str], meta: str = "name: Add\n") -> Path:
    for rel, text in {**BASE, **files, "problem.yaml": meta}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def judging(root: Path) -> tuple[str | None, dict[str, str], list[str]]:
    imp = read(root)
    return imp.verdict_rule, imp.judging_groups, imp.notes


@pytest.mark.parametrize(("testdata", "rule"), [
    ("", "first_failure"),                                             # problemtools' default: on_reject: break
    ("on_reject: continue\n", "worst_error"),                          # its default grader: the worst error
    ("on_reject: continue\ngrader_flags: first_error\n", "first_failure"),
    ("on_reject: continue\ngrader_flags: worst_error first_error\n", "first_failure"),   # the last flag wins
    ("on_reject: break\ngrader_flags: worst_error\n", "first_failure"),   # only the first failure ran
    ("on_reject: continue\ngrader_flags: sum\n", "worst_error"),       # a score flag leaves the verdict's default
])
def test_on_reject_and_grader_flags_give_problemtools_verdict(tmp_path: Path, testdata: str, rule: str) -> None:
    assert judging(source(tmp_path, {**FLAT, "data/testdata.yaml": testdata}))[:2] == (rule, {})


def test_a_legacy_problem_yaml_grading_on_reject_overrides_every_folder(tmp_path: Path) -> None:
    files = {**FLAT, "data/testdata.yaml": "on_reject: break\n"}
    assert judging(source(tmp_path / "a", files, "name: Add\ngrading:\n  on_reject: grade\n"))[0] == "worst_error"
    files = {**FLAT, "data/testdata.yaml": "on_reject: continue\n"}
    assert judging(source(tmp_path / "b", files, "name: Add\ngrading:\n  on_reject: first_error\n"))[0] == "first_failure"


def test_rules_per_group_and_ignore_sample(tmp_path: Path) -> None:
    files = {**GROUPS, "data/testdata.yaml": "on_reject: continue\ngrader_flags: ignore_sample\n",
             "data/secret/testdata.yaml": "on_reject: continue\n",
             "data/secret/a/testdata.yaml": "on_reject: break\n",
             "data/secret/b/testdata.yaml": "grader_flags: always_accept\n"}
    rule, groups, notes = judging(source(tmp_path, files))
    # data/secret combines a and b by its rule; data/ keeps data/secret's verdict alone (ignore_sample)
    assert (rule, groups) == ("worst_error", {"sample": "always_accept", "a": "first_failure", "b": "always_accept"})
    assert not [n for n in notes if "combines" in n]


def test_what_the_flat_groups_cannot_say_is_named(tmp_path: Path) -> None:
    files = {**GROUPS, "data/secret/testdata.yaml": "on_reject: continue\n",
             "data/secret/a/testdata.yaml": "grader_flags: accept_if_any_accepted\n"}
    rule, groups, notes = judging(source(tmp_path, files))
    # a and b inherit data/secret's on_reject: continue; the sample keeps data/'s break
    assert rule == "worst_error" and groups == {"sample": "first_failure"}
    assert any("data/ combines the samples with data/secret by first_failure" in n for n in notes), notes
    assert any("data/secret/a: grader_flags accept_if_any_accepted not carried over" in n for n in notes), notes


def test_an_imported_worst_error_package_judges_as_problemtools(tmp_path: Path) -> None:
    """dj-fibonacci's case: a wrong_answer submission that is also too slow later is a TLE to problemtools
    under on_reject: continue; in time_limit_exceeded/ it is as expected, in wrong_answer/ it is not."""
    files = {**FLAT, "data/testdata.yaml": "on_reject: continue\n",
             "submissions/time_limit_exceeded/wrong.py": WRONG_THEN_SLOW}
    out = tmp_path / "add"
    import_package(source(tmp_path / "src", files), out)
    assert yaml.safe_load((out / "problem.yaml").read_text())["judging"] == {"verdict": "worst_error"}
    report = check(load_problem(out), proof=False)
    assert report.ok, report.problems
    row = next(r for r in report.rows if r.solution.name == "time_limit_exceeded/wrong.py")
    assert row.verdict.value == "TLE" and row.skipped == ()   # every test ran
