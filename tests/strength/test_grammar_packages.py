"""The input grammar on three tiny packages — a weighted graph, a string, a tree (tests/strength/*pkg): its
random inputs pass each package's strict validator, its invalid inputs are all rejected by it, and stress
of each wrong solution finds a counterexample shrunk to a few lines that the validator accepts."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ojpack.cache import Cache
from ojpack.problem import Problem, load_problem
from ojpack.strength import load_grammar, stress
from ojpack.strength.invalid import invalid_inputs
from ojpack.strength.spelling import broken_rule
from ojpack.testdata import load_validator, validate_bytes

HERE = Path(__file__).parent
WRONG = {"graphpkg": "one_way.py", "stringpkg": "last_run.py", "treepkg": "once.py"}
# invalid inputs each package's grammar must make (beyond the whole-file edits every grammar makes)
KINDS = {"graphpkg": {"u != v made false", "count m announces +1 item", "w = its maximum + 1"},
         "stringpkg": {"a character outside the alphabet", "count n = its maximum + 1"},
         "treepkg": {"a tree with a cycle", "a self-loop in the tree", "a vertex past n in the tree"}}


def copy(name: str, tmp: Path) -> Problem:
    root = tmp / name
    shutil.copytree(HERE / name, root, ignore=shutil.ignore_patterns("data", ".ojpack", "build", "__pycache__"))
    return load_problem(root)


@pytest.mark.parametrize("name", sorted(WRONG))
def test_random_inputs_are_valid_and_invalid_ones_rejected(name: str, tmp_path: Path) -> None:
    problem = copy(name, tmp_path)
    grammar = load_grammar(problem)
    validator = load_validator(problem, Cache(tmp_path / "cache"))
    bounds = problem.bounds_for("sample")
    lengths = []
    for k in range(14):   # one round of magnitudes, smallest first
        data, _ = grammar.sample(random.Random(k), k)
        verdict = validate_bytes(validator, data, bounds)
        assert verdict.valid, (k, data, verdict.message)
        assert grammar.render(grammar.parse(data)) == data and grammar.violation(grammar.parse(data)) is None
        lengths.append(len(data))
    assert lengths[0] < max(lengths)
    tree = grammar.parse(problem.path("generators/sample.in").read_bytes())
    made = {}
    for case in invalid_inputs(grammar, tree, "secret", "sample", bounds):
        data = case.render(grammar)
        if broken_rule(grammar, data, bounds) is not None:
            made[data] = case.kind
    assert KINDS[name] <= set(made.values()), sorted(set(made.values()))
    accepted = [(kind, data) for data, kind in made.items() if validate_bytes(validator, data, bounds).valid]
    assert accepted == []


@pytest.mark.parametrize("name", sorted(WRONG))
def test_stress_shrinks_a_counterexample_to_a_few_lines(name: str, tmp_path: Path) -> None:
    problem = copy(name, tmp_path)
    r = stress(problem, problem.path(f"solutions/wrong_answer/{WRONG[name]}"), seconds=60, seed=3, workers=2)
    assert r.counterexample is not None
    data = r.counterexample.read_bytes()
    validator = load_validator(problem, Cache(tmp_path / "cache"))
    assert validate_bytes(validator, data, problem.bounds_for("sample")).valid
    tree = load_grammar(problem).parse(data)
    if name == "graphpkg":   # one edge the wrong way round, its vertices relabelled down to 1..2
        assert data == b"2 1\n2 1 1\n", data
    elif name == "stringpkg":   # one letter: its only run is the last one
        assert len(tree[1]) <= 2 and set(tree[1]) == {"a"}, data
    else:   # vertex 1 in the middle of a path of three
        assert len(tree[0]) + 1 == 3, data


def _strength(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ojpack.cli", "strength", "--validator", "--json", "-p", str(root)],
                          capture_output=True, text=True, timeout=600)


@pytest.mark.slow   # test_issue38_shortest_path's test_strength_validator_runs_and_reports covers it on a graph package
def test_strength_validator_on_the_graph_package_end_to_end(tmp_path: Path) -> None:
    strict = copy("graphpkg", tmp_path / "strict").root
    r = _strength(strict)
    assert r.returncode == 0, r.stdout + r.stderr
    got = json.loads(r.stdout)["validator"]
    assert got["ok"] and got["tried"] >= 60 and got["rejected"] == got["tried"]
    # a validator that forgets u != v lets exactly that through, shown shrunk to one edge
    weak = copy("graphpkg", tmp_path / "weak").root
    source = weak / "validators" / "validate.py"
    source.write_text(source.read_text().replace('    if u == v:\n        fail("u == v")\n', ""))
    r = _strength(weak)
    assert r.returncode == 1, r.stdout + r.stderr
    escapes = json.loads(r.stdout)["validator"]["escapes"]
    assert [e["kind"] for e in escapes] == ["u != v made false"], escapes
    data = escapes[0]["input"]
    assert escapes[0]["rule"].startswith("u != v does not hold") and len(data.splitlines()) == 2, data
