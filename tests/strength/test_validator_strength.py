"""`ojpack strength --validator`: hand-weakened copies of the package's validator each let an invalid input
through, shown shrunk with the rule it breaks (exit 1); the real validator rejects every one (exit 0)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ojpack.problem import load_problem
from ojpack.strength.grammar import load_grammar
from ojpack.strength.spelling import broken_rule
from tests.conftest import cut_plan

REPO = Path(__file__).parents[2]

# validate.cpp edits, each dropping one rule: (what it lets through, old text, new text)
WEAKENINGS = {
    "bound-plus-one": ("value > hi)", "value > hi + 1)"),
    "leading-zeros": ("if (len > 1 && token[0] == '0')", "if (false)"),
    "trailing-bytes": ("if (r->pos != r->len) fail(", "if (false) fail("),
    "zero-pile": ('number(r, "a", a_lo, a_hi,', 'number(r, "a", a_lo ? a_lo - 1 : 0, a_hi,'),
    "no-final-newline": ('expect_byte(r, \'\\n\', "end of line after %lld pile%s"',
                         'if (r->pos < r->len) expect_byte(r, \'\\n\', "end of line after %lld pile%s"'),
}


def strength(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ojpack.cli", "strength", *args, "-p", str(root)],
                          capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def cut_package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.conftest import copy_package

    root = copy_package(tmp_path_factory.mktemp("vstrength") / "pkg")
    cut_plan(root)
    return root


def weakened(cut_package: Path, tmp_path: Path, name: str) -> Path:
    import shutil

    root = tmp_path / name
    shutil.copytree(cut_package, root, ignore=shutil.ignore_patterns("data", ".ojpack", "build"))
    source = root / "validators" / "validate.cpp"
    old, new = WEAKENINGS[name]
    text = source.read_text(encoding="utf-8")
    assert text.count(old) == 1, name
    source.write_text(text.replace(old, new), encoding="utf-8")
    return root


def test_the_real_validator_rejects_every_invalid_input(cut_package: Path) -> None:
    r = strength(cut_package, "--validator", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    got = json.loads(r.stdout)["validator"]
    assert got["ok"] and got["tried"] >= 150 and got["rejected"] == got["tried"] and not got["escapes"]


@pytest.mark.parametrize("name, kind, shown", [
    ("bound-plus-one", "its maximum + 1", None),
    ("leading-zeros", "spelt 0v", b"0"),
    ("trailing-bytes", "", None),
    ("zero-pile", "a = its minimum - 1", b"1\n1\n0\n"),
    ("no-final-newline", "no final newline", None),
])
def test_each_weakened_validator_is_caught_with_a_shrunk_example(cut_package: Path, tmp_path: Path, name: str,
                                                               kind: str, shown: bytes | None) -> None:
    root = weakened(cut_package, tmp_path, name)
    r = strength(root, "--validator", "--json")
    assert r.returncode == 1, r.stdout + r.stderr
    escapes = json.loads(r.stdout)["validator"]["escapes"]
    assert escapes and all(e["outcome"] == "accepted" for e in escapes)
    assert any(kind in e["kind"] for e in escapes), [e["kind"] for e in escapes]
    problem = load_problem(root)
    grammar = load_grammar(problem)
    for e in escapes:
        data = e["input"].encode()
        # really invalid, under the bounds the validator was given, and shrunk to a game or so
        assert broken_rule(grammar, data, problem.bounds_for(e["group"])) == e["rule"] != "?"
        if "maximum + 1" in e["kind"] and e["kind"].startswith("count"):   # as many items as it takes, each least
            assert len(set(map(int, data.split())) - {1}) == 1, e
        else:
            assert data.count(b"\n") <= 6, e
    if shown is not None:
        assert any(e["input"].encode() == shown or shown in e["input"].encode() and kind in e["kind"]
                   for e in escapes)
    text = strength(root, "--validator")
    assert text.returncode == 1 and "breaks:" in text.stdout and "accepted" in text.stdout


def test_validator_mutants_survive_weak_tests_and_add_kills_them(cut_package: Path, tmp_path: Path) -> None:
    """Without its leading-zero cases, the validator's tests let mutants that drop the leading-zero check
    live: each survives with a shrunk input it accepts; --add writes those into the tests, which then kill them."""
    import shutil

    from ojpack.sandbox import set_isolation
    from ojpack.strength import validator_mutants

    set_isolation(True)
    root = tmp_path / "pkg"
    shutil.copytree(cut_package, root, ignore=shutil.ignore_patterns("data", ".ojpack", "build"))
    tests = root / "validators" / "tests.yaml"
    tests.write_text("".join(line for line in tests.read_text(encoding="utf-8").splitlines(keepends=True)
                             if "leading-zero" not in line), encoding="utf-8")
    pick = lambda m: m.line == 133   # noqa: E731   if (len > 1 && token[0] == '0')
    report = validator_mutants(load_problem(root), select=pick)
    assert report.count("killed") >= 5
    survivors = [r for r in report.results if r.status == "survived"]
    # the leading-zero check weakened three ways (`len > 2`, `len < 1`, `== 47`): each accepts a `0…` number
    assert "if (len > 2 && token[0] == '0') {" in [r.mutant.after.strip() for r in survivors], report.to_json()
    for s in survivors:
        assert s.input.count(b"\n") <= 3 and b"\n0" in b"\n" + s.input and "the input '0'" in s.rule, s

    added = validator_mutants(load_problem(root), select=pick, add=True).added
    assert 1 <= len(added) <= len(survivors) and all(name in tests.read_text(encoding="utf-8") for name in added)
    again = validator_mutants(load_problem(root), select=pick)
    assert again.count("survived") == 0
    for s in survivors:
        killer = next(r for r in again.results if r.mutant == s.mutant)
        assert killer.status == "killed" and killer.killed_by.split(": ")[1] in added
