"""`ojpack stress` on the package's wrong solutions: every counterexample is valid and 1-minimal."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import copy_package, load_source
from ojpack.problem import Problem, load_problem
from ojpack.strength import stress
from ojpack.strength.duel import Duel
from ojpack.strength.stress import compile_program, setup
from ojpack.testdata import validate_bytes

# The default suite stresses a few; OJPACK_SLOW=1 stresses every C++ wrong answer.
QUICK = {"char_games.cpp", "byte_piles.cpp", "plain_nim.cpp", "no_reset.cpp"}
ALL_WRONG = sorted(p.name for p in (Path(__file__).parents[2] / "solutions" / "wrong_answer").glob("*.cpp"))
slow = pytest.mark.skipif(not os.environ.get("OJPACK_SLOW"), reason="set OJPACK_SLOW=1 for every wrong answer")


@pytest.fixture(scope="module")
def pkg(tmp_path_factory: pytest.TempPathFactory) -> Problem:
    return load_problem(copy_package(tmp_path_factory.mktemp("stress") / "pkg"))


def smaller(data: bytes, problem: Problem) -> set[bytes]:
    """Every input one step smaller: a game or a pile removed (counts follow), or any number lowered by one."""
    from ojpack.strength import load_grammar
    grammar = load_grammar(problem)
    games = grammar.parse(data)[0]
    out = set()
    for i, (piles,) in enumerate(games):
        out.add(grammar.render([games[:i] + games[i + 1:]]))
        for j in range(len(piles)):
            for new in (piles[:j] + piles[j + 1:], piles[:j] + [piles[j] - 1] + piles[j + 1:]):
                out.add(grammar.render([games[:i] + [[new]] + games[i + 1:]]))
    return out


@pytest.mark.parametrize("name", [n if n in QUICK else pytest.param(n, marks=slow) for n in ALL_WRONG])
def test_stress_finds_a_valid_1_minimal_counterexample(pkg: Problem, name: str) -> None:
    sol = pkg.path(f"solutions/wrong_answer/{name}")
    r = stress(pkg, sol, seconds=60, seed=7)
    assert r.counterexample is not None and r.counterexample.is_file(), name
    data = r.counterexample.read_bytes()
    s = setup(pkg)
    bounds = pkg.bounds_for("sample")
    assert validate_bytes(s.validator, data, bounds).valid
    assert r.expected == r.counterexample.with_suffix(".ans").read_text() and r.message
    model = compile_program(pkg, pkg.path(pkg.spec.model_solution))
    # The package's validator is the authority on what counts as an input; in-process here (its Python
    # reference, which tests/package/test_validator_port.py holds equal to the C++ one the package names),
    # because a counterexample of 256 games has over 500 neighbours.
    validator = load_source(pkg.path("validators/validate.py"), "stress_validator")
    with Duel(compile_program(pkg, sol), model, s.checker, s.limits, s.time_limit) as duel:
        assert duel.differs(data)
        for other in smaller(data, pkg):
            try:
                validator.check(other, bounds)
            except validator.Invalid:
                continue
            assert not duel.differs(other), f"{name}: a smaller input still differs:\n{other.decode()}"
    if name == "char_games.cpp":   # the difference needs T > 255: T stays the number of games
        tokens = data.split()
        assert int(tokens[0]) == 256 and data == b"256\n" + b"1\n1\n" * 256


def test_stress_cli_json_exit_codes_and_add(pkg: Problem) -> None:
    def ojpack(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "ojpack.cli", *args, "-p", str(pkg.root)], capture_output=True,
                              text=True, env={**os.environ, "CI": "true", "COLUMNS": "200"})

    r = ojpack("stress", "solutions/accepted/classes.cpp", "--seconds", "2", "--json")
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    assert got["counterexample"] is None and got["cases"] > 0 and got["expected"] is None
    wrong = str(pkg.path("solutions/wrong_answer/plain_nim.cpp"))
    r = ojpack("stress", wrong, "--seconds", "30", "--json", "--seed", "3", "--add", "plain-nim")
    assert r.returncode == 1, r.stderr
    got = json.loads(r.stdout)
    assert got["counterexample"].endswith(".in") and got["expected"] != got["got"]
    assert got["added"] == "tests.subtask1: plain-nim"
    assert pkg.path("generators/manual/plain-nim.in").read_bytes() == Path(got["counterexample"]).read_bytes()
    plan = load_problem(pkg.root).spec.tests["subtask1"]
    assert plan[-1].name == "plain-nim" and plan[-1].copy_ == "generators/manual/plain-nim.in"
    r = ojpack("stress", wrong, "--add", "plain-nim")   # the name is taken now: refused before any run
    assert r.returncode == 2 and "already has a test named 'plain-nim'" in r.stderr
    r = ojpack("stress", "missing.cpp")
    assert r.returncode == 2 and "Traceback" not in r.stderr


@pytest.mark.parametrize("convention", ["testlib", "kattis"])
def test_a_duel_judged_by_a_checker_program_lets_it_read_the_files(pkg: Problem, tmp_path: Path,
                                                                  convention: str) -> None:
    # A checker program runs in the cage, which has a /dev of its own: the duel's files must not be on
    # /dev/shm then, or the checker cannot open them and every input looks like a difference (or a JE).
    from ojpack.judging.checker import ProgramChecker
    from ojpack.sandbox.languages import real_python

    src = tmp_path / "checker.py"
    src.write_text("import sys\n"
                   "inp, out, ans = sys.argv[1:4] if sys.argv[3:] and not sys.argv[3].endswith('/') else (None,) * 3\n"
                   "if inp is None:\n"
                   "    inp, ans, out = sys.argv[1], sys.argv[2], '/dev/stdin'\n"
                   "same = open(out).read().split() == open(ans).read().split() and bool(open(inp).read())\n"
                   f"sys.exit({{'testlib': (0, 1), 'kattis': (42, 43)}}['{convention}'][0 if same else 1])\n")
    checker = ProgramChecker((real_python(), str(src)), convention)
    model = compile_program(pkg, pkg.path(pkg.spec.model_solution))
    s = setup(pkg)
    with Duel(model, model, checker, s.limits, s.time_limit) as duel:
        outcome = duel.compare(b"1\n2\n1 2\n")
    assert not outcome.differ, outcome.message
