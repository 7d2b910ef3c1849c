"""`ojpack strength`: on a plan cut to one test per group some mutants survive, each with a counterexample;
--add puts those into the plan, and after a build the data kills them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import yaml

from ojpack.problem import load_problem
from ojpack.strength import mutants, strength
from ojpack.testdata import build

# Lines of john.cpp whose mutants the full data kills but one test per group does not (and a few more that
# it does kill); the whole 90-mutant run takes minutes, this slice seconds.
LINES = {27, 28}


def weaken(root: Path) -> None:
    """One test per group, no proof (so survivors go straight to stress), no coverage demands."""
    raw = yaml.safe_load((root / "problem.yaml").read_text(encoding="utf-8"))
    raw["tests"] = {g: lines[:1] for g, lines in raw["tests"].items()}
    raw.pop("proof", None)
    raw.pop("coverage", None)
    for sub in raw["subtasks"]:
        sub.pop("coverage", None)
    (root / "problem.yaml").write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")


def test_mutants_cover_the_operator_set(package_copy: Path) -> None:
    problem = load_problem(package_copy)
    ms = mutants(problem.path(problem.spec.model_solution))
    assert len(ms) >= 50 and len({m.text for m in ms}) == len(ms)
    kinds = {m.operator.split()[0] for m in ms}
    assert {"operator", "constant", "condition", "statement", "type"} <= kinds
    xor = [m for m in ms if m.line == 27 and "|=" in m.operator]
    assert xor and xor[0].diff == "27: x ^= a; → x |= a;"


def test_weak_plan_survivors_get_counterexamples_and_add_kills_them(package_copy: Path) -> None:
    weaken(package_copy)
    problem = load_problem(package_copy)
    build(problem, update_lock=True)
    pick = lambda m: m.line in LINES   # noqa: E731
    report = strength(problem, stress_seconds=2, select=pick)
    survived = [r for r in report.results if r.status == "survived"]
    assert report.mutants >= 8 and survived, report.to_json()
    assert report.score < 1
    for r in survived:
        assert r.counterexample is not None and r.counterexample.is_file()
        assert r.counterexample.with_suffix(".ans").read_bytes() != r.counterexample.with_suffix(".out").read_bytes()
    as_json = report.to_json()
    assert {s["mutant"] for s in as_json["survived"]} == {r.mutant.id for r in survived}

    report = strength(problem, stress_seconds=2, select=pick, add=True)
    assert report.added and all(a.startswith("tests.subtask") for a in report.added)
    problem = load_problem(package_copy)
    build(problem, update_lock=True)
    after = strength(problem, stress_seconds=2, select=pick)
    assert after.count("survived") == 0 and after.count("killed") == report.count("killed") + len(survived)
    assert after.score == 1.0


def test_validator_strength_without_a_grammar_gets_one_clear_line(toy: Path) -> None:
    """stress and strength draw from the generators without a grammar (test_stress_nogrammar.py); the
    validator's strength cannot: nothing says which inputs are surely invalid."""
    for args in (["strength", "--validator"], ["strength", "--validator", "--mutants"]):
        r = subprocess.run([sys.executable, "-m", "ojpack.cli", *args, "-p", str(toy)], capture_output=True,
                           text=True, env={**os.environ, "CI": "true", "COLUMNS": "200"})
        assert r.returncode == 2 and "strength --validator needs `grammar:`" in r.stderr, r.stderr
        assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) <= 2
        assert not (toy / "data").exists()   # it stopped before building anything
