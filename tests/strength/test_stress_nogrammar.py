"""`ojpack stress` without a grammar (examples/shortest-path: inputs from its generators, shrunk by the
text reducer under its validator's eye), and with an approximate grammar whose inputs the validator may
reject: nothing the validator rejects is ever reported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO
from ojpack.problem import load_problem
from ojpack.problem.load import copy_sources
from ojpack.scaffold import new_problem
from ojpack.strength import stress

EXAMPLE = REPO / "examples" / "shortest-path"


def ojpack(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args, "-p", str(root)], capture_output=True, cwd=root,
                          text=True, env={**os.environ, "CI": "true", "COLUMNS": "200"})


@pytest.fixture(scope="module")
def graph(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_sources(EXAMPLE, tmp_path_factory.mktemp("nogrammar") / "shortest-path")


@pytest.mark.slow   # about 20 s of sandbox runs (a Python validator per candidate); the sum below is the quick one
def test_stress_without_a_grammar_finds_a_few_edges_the_validator_accepts(graph: Path) -> None:
    problem = load_problem(graph)
    assert not problem.spec.grammar
    r = stress(problem, graph / "solutions/wrong_answer/bfs.cpp", seconds=60, seed=3)
    assert r.counterexample is not None and r.origin and r.origin.startswith("generator `gen.py")
    assert r.counterexample.parent == graph / "build" / "stress" / "bfs.cpp"
    data = r.counterexample.read_bytes()
    n, m = map(int, data.split(b"\n")[0].split())
    assert m <= 3 and data.count(b"\n") == m + 1, data
    assert r.counterexample.with_suffix(".ans").is_file() and r.counterexample.with_suffix(".out").is_file()
    assert "wrong answer" in r.counterexample.with_suffix(".log").read_text()
    cmd = r.counterexample.with_suffix(".cmd").read_text()
    assert cmd.startswith("ojpack stress solutions/wrong_answer/bfs.cpp --seed 3 ") and cmd == r.command + "\n"
    assert cmd.strip() in (r.counterexample.parent / "README").read_text()
    v = ojpack(graph, "validate", str(r.counterexample), "--json")
    assert v.returncode == 0, v.stdout + v.stderr


@pytest.mark.slow
def test_stress_cli_with_gen_lines(graph: Path) -> None:
    r = ojpack(graph, "stress", "solutions/wrong_answer/first_parent.cpp", "--seed", "5", "--seconds", "60",
               "--gen", "gen.py random --n 3..5 --m 2..6 --maxw 1..4", "--json")
    assert r.returncode == 1, r.stdout + r.stderr
    got = json.loads(r.stdout)
    assert got["origin"].startswith("generator `gen.py random --n ")
    assert "--salt stress-5-" in got["origin"] and ".." not in got["origin"]
    path = Path(got["counterexample"])
    assert path.is_file() and path.parent.name == "first_parent.cpp"
    assert "--gen 'gen.py random --n 3..5 --m 2..6 --maxw 1..4'" in got["command"]
    assert ojpack(graph, "validate", str(path)).returncode == 0
    bad = ojpack(graph, "stress", "solutions/wrong_answer/bfs.cpp", "--gen", "nothere.py --n 3")
    assert bad.returncode == 2 and "no generator generators/nothere.py" in bad.stderr


FIRST_FORGOTTEN = """\
import sys
a = list(map(int, sys.stdin.read().split()))[1:]
print(sum(a[1:]) % (10**9 + 7) if len(a) > 1 else a[0])
"""


def test_stress_without_a_grammar_uses_the_plans_generators_scaled_down(tmp_path: Path) -> None:
    """`ojpack new`'s sum, no grammar: the plan's lines (n up to 200000) run with small numbers and fresh
    salts; the counterexample is cut to two numbers, its count repaired, the validator accepting it."""
    root = tmp_path / "sum"
    new_problem(root)
    (root / "solutions" / "wrong_answer" / "first.py").write_text(FIRST_FORGOTTEN)
    r = stress(load_problem(root), root / "solutions/wrong_answer/first.py", seconds=60, seed=2)
    assert r.counterexample is not None and r.origin and "--salt stress-2-" in r.origin
    drawn = r.origin.split("`")[1].split()
    assert all(int(x) <= 32 for x in drawn if x.isdigit())   # scaled down from {n.max} and {a.max}
    assert r.counterexample.read_bytes() == b"2\n1 0\n"
    assert r.counterexample.with_suffix(".cmd").is_file()


WRONG_SUM = """\
import sys
a = list(map(int, sys.stdin.read().split()))[1:]
print(sum(a[:-1]) % (10**9 + 7) if len(a) > 1 else a[0])
"""


def test_an_approximate_grammar_never_gets_an_invalid_input_reported(tmp_path: Path) -> None:
    """The grammar says n, then n numbers in a's bound; the validator also wants every number even, which
    no grammar here can say. The wrong solution forgets the last number: the smallest valid
    counterexample has an even, non-zero last number, while the grammar's shrinker heads for 1."""
    root = tmp_path / "sum"
    new_problem(root)
    (root / "problem.yaml").write_text((root / "problem.yaml").read_text()
                                       + "\ngrammar:\n  - number: n\n    line: a\n")
    validator = root / "validators" / "validate.py"
    validator.write_text(validator.read_text().replace(
        '    r.read_ints("a", n)\n',
        '    if any(x % 2 for x in r.read_ints("a", n)):\n        r.invalid("an odd number")\n'))
    (root / "solutions" / "wrong_answer" / "last.py").write_text(WRONG_SUM)
    problem = load_problem(root)
    r = stress(problem, root / "solutions/wrong_answer/last.py", seconds=60, seed=11)
    assert r.counterexample is not None
    data = r.counterexample.read_bytes()
    numbers = list(map(int, data.split()))
    assert all(x % 2 == 0 for x in numbers[1:]) and numbers[-1] != 0, data
    assert r.rejected > 0   # the grammar did make inputs the validator rejected; none was reported
    assert ojpack(root, "validate", str(r.counterexample)).returncode == 0


def test_stress_that_draws_only_invalid_inputs_says_nothing_was_compared(graph: Path) -> None:
    """IOI 2017 simurgh's generator lines scaled down (its query budget capped) made only inputs its validator
    rejects: stress said "no difference in 0 valid inputs" and exited 0, as if it had found none."""
    r = ojpack(graph, "stress", "solutions/wrong_answer/bfs.cpp", "--seed", "1", "--seconds", "3",
               "--gen", "gen.py line --n 2..3 --m 1 --maxw 2000000000")   # every weight over bounds.w
    assert r.returncode == 2, r.stdout + r.stderr
    assert "were invalid (the validator rejected each): nothing was compared" in r.stderr
