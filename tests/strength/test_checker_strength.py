"""`ojpack strength --checker`: Kattis-convention checkers that compare the first token only, ignore case,
accept extra or missing tokens, count words, or compare bytes each fail (exit 1, the output shown); a strict
one passes (exit 0). The rule decides what is allowed: under `case_sensitive: false` the other case is an
allowed variant. `unique_answers: false` leaves only the declared cases of checkers/tests.yaml."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import copy_package, cut_plan, edit_yaml

WEAK = Path(__file__).parent / "weak_checkers"
RULE = "checker:\n  type: tokens\n  case_sensitive: true\n"


def strength(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ojpack.cli", "strength", "--checker", *args, "-p", str(root)],
                          capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package cut to one test per group, built once (data and cache are copied to each test)."""
    root = copy_package(tmp_path_factory.mktemp("cstrength") / "pkg")
    cut_plan(root, keep=2)   # the second ones hold 500 games
    subprocess.run([sys.executable, "-m", "ojpack.cli", "build", "-p", str(root)], check=True, capture_output=True)
    return root


def with_checker(built: Path, tmp_path: Path, name: str, rule: str = "case_sensitive: true") -> Path:
    root = tmp_path / "pkg"
    shutil.copytree(built, root)
    (root / "checkers").mkdir(exist_ok=True)
    shutil.copy(WEAK / f"{name}.py", root / "checkers" / "chk.py")
    if "case_sensitive: false" in rule:   # the package's declared cases are for its case-sensitive rule
        (root / "checkers" / "tests.yaml").unlink()
    edit_yaml(root / "problem.yaml", RULE,
              f"checker:\n  type: program\n  source: checkers/chk.py\n  convention: kattis\n  {rule}\n")
    return root


def test_the_package_token_checker_is_sound(built: Path) -> None:
    r = strength(built, "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    got = json.loads(r.stdout)["checker"]
    assert got["ok"] and got["changed"] >= 40 and got["changed_rejected"] == got["changed"]
    assert got["variants"] >= 20 and got["variants_accepted"] == got["variants"]


def test_a_strict_checker_program_passes(built: Path, tmp_path: Path) -> None:
    r = strength(with_checker(built, tmp_path, "strict"), "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    assert json.loads(r.stdout)["checker"]["failures"] == []


@pytest.mark.parametrize("name, verdict, what", [
    ("first_token", "accepted a changed answer", "replaced by"),
    ("ignore_case", "accepted a changed answer", "in another case"),
    ("extra_tokens", "accepted a changed answer", "added at the end"),
    ("missing_tokens", "accepted a changed answer", "cut to its first half"),
    ("count_words", "accepted a changed answer", "swapped"),
    ("exact_bytes", "rejected an allowed variant", "all tokens on one line"),
])
def test_each_weak_checker_fails_showing_the_output(built: Path, tmp_path: Path, name: str, verdict: str,
                                                    what: str) -> None:
    root = with_checker(built, tmp_path, name)
    r = strength(root, "--json")
    assert r.returncode == 1, r.stdout + r.stderr
    failures = json.loads(r.stdout)["checker"]["failures"]
    assert failures and all(f["verdict"] == verdict for f in failures), failures[:3]
    hit = [f for f in failures if what in f["what"]]
    assert hit, sorted({f["what"] for f in failures})
    f = hit[0]
    assert f["input"] and f["answer"] and f["output"] != f["answer"]
    if verdict == "accepted a changed answer":
        assert f["output"].split() != f["answer"].split()
    else:
        assert f["output"].split() == f["answer"].split() and "byte for byte" in f["message"]
    text = strength(root)
    assert text.returncode == 1 and verdict in text.stdout and "answer:" in text.stdout and "output:" in text.stdout


def test_the_rule_decides_what_is_allowed(built: Path, tmp_path: Path) -> None:
    """case_sensitive: false makes the other case an allowed variant: ignoring case is then right, and a
    checker that still minds case is the one that fails."""
    lenient = strength(with_checker(built, tmp_path / "a", "ignore_case", "case_sensitive: false"), "--json")
    assert lenient.returncode == 0, lenient.stdout
    strict = strength(with_checker(built, tmp_path / "b", "strict", "case_sensitive: false"), "--json")
    assert strict.returncode == 1
    failures = json.loads(strict.stdout)["checker"]["failures"]
    assert {f["what"] for f in failures} == {"in the other case"}
    assert all(f["verdict"] == "rejected an allowed variant" for f in failures)


def test_answers_not_unique_leave_only_the_declared_cases(built: Path, tmp_path: Path) -> None:
    root = with_checker(built, tmp_path, "count_words", "unique_answers: false")
    (root / "checkers" / "tests.yaml").unlink()
    r = strength(root, "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["checker"]["changed"] is None, r.stdout
    (root / "checkers" / "tests.yaml").write_text(
        '- {name: right, test: sample/01-statement, output: "John\\nBrother\\n", expect: valid_output}\n'
        '- {name: swapped, input: "2\\n1\\n2\\n1\\n1\\n", answer: "John\\nBrother\\n", output: "Brother\\nJohn\\n", '
        'expect: invalid_output}\n', encoding="utf-8")
    r = strength(root, "--json")
    got = json.loads(r.stdout)["checker"]
    assert r.returncode == 1 and got["declared"] == 2 and got["declared_ok"] == 1
    assert [f["what"] for f in got["failures"]] == ["declared case swapped"]
