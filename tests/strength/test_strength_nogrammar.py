"""`ojpack strength` without a grammar: survivors of weak data are stressed on the plan's generator lines
scaled down, and each counterexample is one the validator accepts, shrunk by the text reducer."""

from __future__ import annotations

from pathlib import Path

from ojpack.cache import cache_for
from ojpack.problem import load_problem
from ojpack.scaffold import new_problem
from ojpack.strength import strength
from ojpack.testdata import build, load_validator, validate_bytes

# Every answer of this data is 0: `multiple` makes the sum of 200000 numbers a multiple of 10^9+7. Scaled
# down (numbers of at most a few dozen) the same line cannot, so stress finds what the data misses.
WEAK_PLAN = """tests:
  sample:
    - {name: zero, copy: generators/zero.in}
  secret:
    - {name: multiple, gen: "gen.py multiple --n {n.max} --a {a.min}..{a.max}"}
"""


def test_survivors_of_weak_data_are_stressed_on_the_generators(tmp_path: Path) -> None:
    root = tmp_path / "sum"
    new_problem(root)
    text = (root / "problem.yaml").read_text()
    text = text[:text.index("tests:\n")] + WEAK_PLAN
    (root / "problem.yaml").write_text(text.replace('features: ["n=min", "n=max", "a=min", "a=max"]', "features: []"))
    (root / "generators" / "zero.in").write_text("1\n0\n")
    problem = load_problem(root)
    assert not problem.spec.grammar
    build(problem, update_lock=True)
    line = next(i for i, s in enumerate((root / "solutions/accepted/sum.cpp").read_text().splitlines(), 1)
                if "sum = (sum + a) % MOD" in s)
    report = strength(problem, stress_seconds=10, workers=2, select=lambda m: m.line == line)
    survived = [r for r in report.results if r.status == "survived"]
    deleted = [r for r in survived if r.mutant.operator.startswith("statement")]
    assert deleted, report.to_json()   # the sum never added up: 0 on all the data
    validator = load_validator(problem, cache_for(root))
    for r in survived:
        assert r.counterexample is not None and r.counterexample.parent == root / "build" / "strength"
        assert validate_bytes(validator, r.data, problem.bounds_for("sample")).valid
    assert deleted[0].data == b"1\n1\n"
