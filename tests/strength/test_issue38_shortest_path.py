"""Issue 38's acceptance on examples/shortest-path (made with `ojpack new`): stress of a wrong solution finds a
counterexample of a few edges that `ojpack validate` accepts, with the example's `grammar:` and without it;
strength --validator runs and reports; `export --to all` ships UOJ's and QDUOJ's checkers; a C++ twin that
takes self-loops and zero weights fails `check`. One built copy of the example serves every test."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import REPO
from ojpack.judging import check
from ojpack.problem import GrammarItem, compile_grammar, load_problem
from ojpack.problem.load import copy_sources
from ojpack.problem.strict import convert
from ojpack.strength import stress
from ojpack.strength.grammar import Grammar

EXAMPLE = REPO / "examples" / "shortest-path"


def ojpack(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args, "-p", str(root)], capture_output=True, cwd=root,
                          text=True, env={**os.environ, "CI": "true", "COLUMNS": "200"}, timeout=600)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = copy_sources(EXAMPLE, tmp_path_factory.mktemp("issue38") / "shortest-path")
    r = ojpack(root, "build")
    assert r.returncode == 0, r.stdout + r.stderr
    return root


def edges_of(data: bytes) -> int:
    n, m = map(int, data.split(b"\n")[0].split())
    assert data.count(b"\n") == m + 1 and 2 <= n, data
    return m


def test_stress_with_the_grammar_finds_a_few_edges_that_validate_accepts(built: Path) -> None:
    problem = load_problem(built)
    assert problem.spec.grammar
    r = stress(problem, built / "solutions/wrong_answer/bfs.cpp", seconds=60, seed=3, workers=2)
    assert r.counterexample is not None and r.origin and r.origin.startswith("grammar"), r.origin
    assert edges_of(r.counterexample.read_bytes()) <= 3
    v = ojpack(built, "validate", str(r.counterexample))
    assert v.returncode == 0, v.stdout + v.stderr


def test_stress_without_the_grammar_draws_from_the_generators(tmp_path: Path) -> None:
    root = copy_sources(EXAMPLE, tmp_path / "shortest-path")
    text = (root / "problem.yaml").read_text()
    (root / "problem.yaml").write_text(text[:text.index("\ngrammar:")] + "\n")
    problem = load_problem(root)
    assert not problem.spec.grammar
    r = stress(problem, root / "solutions/wrong_answer/bfs.cpp", seconds=60, seed=3, workers=2)
    assert r.counterexample is not None and r.origin and r.origin.startswith("generator `gen.py"), r.origin
    assert edges_of(r.counterexample.read_bytes()) <= 3
    v = ojpack(root, "validate", str(r.counterexample))
    assert v.returncode == 0, v.stdout + v.stderr


def test_an_overflow_shrinks_to_three_edges_by_search(built: Path) -> None:
    """int_overflow.cpp differs once the path passes 2^31 - 1: its weights go down to the threshold in a
    few dozen runs each (lowering one by one did not end in 10 minutes)."""
    problem = load_problem(built)
    r = stress(problem, built / "solutions/wrong_answer/int_overflow.cpp", seconds=60, seed=3, workers=2,
               gens=["gen.py line --n 3..6 --m 1 --maxw 1000000000"])
    assert r.counterexample is not None and r.shrunk
    data = r.counterexample.read_bytes()
    weights = sorted(int(line.split()[2]) for line in data.decode().splitlines()[1:])
    assert edges_of(data) == 3 and weights == [2**31 - 2 * 10**9, 10**9, 10**9], data
    assert r.shrink_tests < 300, r.shrink_tests


def test_shrinking_stops_at_its_time_and_keeps_a_valid_input(built: Path) -> None:
    """A path of 30,000 edges, every one of them needed: no shrinking ends soon, so it stops at its time
    and keeps the smallest input reached, says so, and the validator still accepts what it kept."""
    problem = load_problem(built)
    r = stress(problem, built / "solutions/wrong_answer/int_overflow.cpp", seconds=30, seed=3, workers=2,
               gens=["gen.py line --n 30000 --m 1 --maxw 1000000000"], shrink_seconds=3)
    assert r.counterexample is not None and not r.shrunk and r.to_json()["shrunk"] is False
    assert "shrinking stopped after 3 s" in (r.counterexample.parent / "README").read_text()
    v = ojpack(built, "validate", str(r.counterexample))
    assert v.returncode == 0, v.stdout + v.stderr


def test_strength_validator_runs_and_reports(built: Path) -> None:
    r = ojpack(built, "strength", "--validator", "--quick", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    got = json.loads(r.stdout)["validator"]
    assert got["ok"] and got["tried"] >= 50 and got["rejected"] == got["tried"]


@pytest.mark.slow   # every mutant of dijkstra.cpp on the data, then seconds of stress per survivor
def test_strength_runs_and_reports(built: Path) -> None:
    r = ojpack(built, "strength", "--seconds", "2", "--json")
    assert r.returncode in (0, 1), r.stdout + r.stderr
    assert json.loads(r.stdout)


@pytest.mark.slow   # tests/publish/test_export_testlib_checker.py and scaffold's test_new_checker cover UOJ's chk.cpp and QDUOJ's spj
def test_export_to_all_carries_the_checker_to_uoj_and_qduoj(built: Path) -> None:
    r = ojpack(built, "export", "--to", "all")
    assert r.returncode == 0, r.stdout + r.stderr
    out = built / "build" / "export"
    assert (out / "uoj" / "chk.cpp").is_file()
    spj = (out / "qduoj" / "spj.cpp").read_text()
    assert "readInts" in spj or "testlib" in spj   # the checker itself, pasted in with the answers
    assert json.loads((out / "qduoj" / "spj.json").read_text())["code"] == spj


def test_a_twin_that_takes_self_loops_and_zero_weights_fails_check(built: Path, tmp_path: Path) -> None:
    root = tmp_path / "broken"
    shutil.copytree(built, root, ignore=shutil.ignore_patterns("build"))
    cpp = root / "validators" / "validate.cpp"
    text = cpp.read_text()
    loose = text.replace('        if (u == v) ojval::fail("a loop %lld-%lld (u and v must differ)", u, v);\n', "") \
                .replace('ojval::read_int("w");', 'ojval::read_int("w", 0, 1000000000);')
    assert loose != text and "u == v" not in loose
    cpp.write_text(loose + "// u and v unused: the loop check is gone\n")
    report = check(load_problem(root), proof=False)
    assert not report.ok
    twin = [p for p in report.problems if p.startswith("validator twin:")]
    assert twin and all("validate.cpp says valid but validators/validate.py says invalid" in p for p in twin), \
        report.problems


def test_a_line_with_comparisons_is_drawn_even_at_the_smallest_cap() -> None:
    """At cap 0 every number sits on its lowest value; a line that needs spread (a < b < c) must still be
    drawn (main stopped with 'no random line satisfies')."""
    bounds = {"n": (3, 3)}
    spec = "- line: [n]\n- line: [a: 1..n, b: 1..n, c: 1..n]\n  assert: ['a < b', 'b < c']\n"
    items = convert(yaml.safe_load(spec), list[GrammarItem])
    model = compile_grammar(items, bounds)
    assert model is not None
    grammar = Grammar(model, bounds)
    for seed in range(5):
        data, _ = grammar.sample(random.Random(seed), 0)
        assert data == b"3\n1 2 3\n"
