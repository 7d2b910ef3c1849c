"""A Kattis package without a time limit gets problemtools' (checks/submissions.py): the slowest run of every
submission in accepted/, whatever its verdict, over the tests it ran -- up to its first failure under
on_reject: break -- x time_multiplier, rounded up; the report names the run it came from."""

from __future__ import annotations

from pathlib import Path

from ojpack.publish import import_package

FILES = {
    "problem.yaml": "name: Add\nlimits:\n  time_multiplier: 3\n",
    "data/sample/1.in": "1 2\n", "data/sample/1.ans": "3\n",
    "data/secret/1.in": "5 6\n", "data/secret/1.ans": "11\n",
    "data/secret/2.in": "90 95\n", "data/secret/2.ans": "185\n",
    "input_validators/ok.py": "import sys\nsys.stdin.read()\nsys.exit(42)\n",
    "submissions/accepted/add.py": "a, b = map(int, input().split())\nprint(a + b)\n",
    # wrong on the sample, then slow on the last secret test: a first-failure judge never runs that one
    # (it spins on its own CPU clock: a counted loop is over in a blink under PyPy's JIT, which python3 is here)
    "submissions/accepted/wrong.py": "import time\na, b = map(int, input().split())\nif a + b > 100:\n"
                                     "    while time.process_time() < 0.3:\n        pass\nprint(a + b + 1)\n",
}


def source(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def derived(root: Path, files: dict[str, str]) -> str:
    report = import_package(source(root / "src", files), root / "add")
    said = [n for n in report.notes if n.startswith("no time limit in the source")]
    assert len(said) == 1 and "derived as problemtools does" in said[0], report.notes
    return said[0]


def test_under_on_reject_break_only_the_tests_up_to_the_first_failure_count(tmp_path: Path) -> None:
    said = derived(tmp_path, FILES)
    assert "x 3, rounded up to 1 s" in said and "wrong.py on secret/02-2" not in said, said


def test_under_on_reject_continue_every_test_of_a_failing_accepted_submission_counts(tmp_path: Path) -> None:
    said = derived(tmp_path, {**FILES, "data/testdata.yaml": "on_reject: continue\n"})
    assert "submissions/accepted/wrong.py on secret/02-2" in said, said
