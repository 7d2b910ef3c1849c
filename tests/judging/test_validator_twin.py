"""`ojpack check` runs the validator's C++ twin beside it (validate.cpp beside validate.py) on the validator's
tests and on every input of the data, and fails, naming the input, where the two judge differently; an
export ships the twin only when they agree."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ojpack.errors import OjpackError
from ojpack.judging import check
from ojpack.problem.load import load_problem
from ojpack.formats.exporters import TARGETS
from ojpack.formats.common.package import make_package
from ojpack.scaffold import new_problem
from ojpack.testdata import compare_twin, ensure_built

PROBLEM = """short_name: sp
name: {en: Shortest Path}
source: {name: twin test}
credits: {authors: [Tester]}
license: cc0
limits: {time: 1.0, memory: 256, output: 8}
bounds:
  n: {min: 2, max: 5}
  m: {min: 1, max: 5}
  u: {min: 1, max: 5}
  w: {min: 1, max: 9}
validator: validators/validate.py
model_solution: solutions/accepted/dist.cpp
tests:
  sample:
    - {name: edge, copy: inputs/edge.in}
  secret:
    - {name: path, copy: inputs/path.in}
"""
# The declared validator: no self-loops, weights within w's bounds.
VALIDATE_PY = """import ojval


def check(r: ojval.Reader) -> None:
    n = r.read_int("n")
    r.read_space()
    m = r.read_int("m")
    r.read_eol()
    for _ in range(m):
        u = r.read_int("u")
        r.read_space()
        v = r.read_int("u")
        r.read_space()
        r.read_int("w")
        r.read_eol()
        if u == v:
            r.invalid(f"self-loop at {u}")
    r.read_eof()


ojval.main(check)
"""
# Its C++ twin, drifted: it takes self-loops and zero weights.
VALIDATE_CPP = """#include "ojval.h"
int main(int argc, char** argv) {
    ojval::init(argc, argv);
    long long n = ojval::read_int("n"); ojval::read_space();
    long long m = ojval::read_int("m"); ojval::read_eol();
    for (long long i = 0; i < m; i++) {
        ojval::read_int("u"); ojval::read_space(); ojval::read_int("u"); ojval::read_space();
        ojval::read_int("w", 0, 9); ojval::read_eol();
    }
    (void)n;
    ojval::finish();
}
"""
CASES = """- {name: fine, input: "2 1\\n1 2 3\\n", expect: valid}
- {name: self-loop, input: "2 1\\n1 1 3\\n", expect: invalid}
- {name: zero-weight, input: "2 1\\n1 2 0\\n", expect: invalid}
"""


@pytest.fixture
def graph(tmp_path: Path) -> Path:
    root = tmp_path / "sp"
    new_problem(root)   # for validators/ojval.py and ojval.h
    for folder in ("solutions", "generators", "statement"):
        shutil.rmtree(root / folder)
    (root / "problem.yaml").write_text(PROBLEM)
    (root / "validators" / "validate.py").write_text(VALIDATE_PY)
    (root / "validators" / "validate.cpp").write_text(VALIDATE_CPP)
    (root / "validators" / "tests.yaml").write_text(CASES)
    (root / "inputs").mkdir()
    (root / "inputs" / "edge.in").write_text("2 1\n1 2 3\n")
    (root / "inputs" / "path.in").write_text("3 2\n1 2 1\n2 3 4\n")
    (root / "solutions" / "accepted").mkdir(parents=True)
    (root / "solutions" / "accepted" / "dist.cpp").write_text("#include <cstdio>\nint main() { std::puts(\"0\"); }\n")
    return root


def test_a_twin_that_takes_self_loops_and_zero_weights_fails_the_check(graph: Path) -> None:
    problem = load_problem(graph)
    report = check(problem, proof=False)
    assert not report.ok
    twin = [p for p in report.problems if p.startswith("validator twin:")]
    assert twin == [
        "validator twin: validators/validate.cpp says valid but validators/validate.py says invalid on "
        "validators/tests.yaml case self-loop",
        "validator twin: validators/validate.cpp says valid but validators/validate.py says invalid on "
        "validators/tests.yaml case zero-weight"]
    # the same package with the twin in step passes
    (graph / "validators" / "validate.cpp").write_text(VALIDATE_CPP.replace('read_int("w", 0, 9)', 'read_int("w")')
                                                       .replace("(void)n;", "(void)n;\n") .replace(
        'ojval::read_int("u"); ojval::read_space(); ojval::read_int("u");',
        'long long u = ojval::read_int("u"); ojval::read_space(); long long v = ojval::read_int("u");'
        ' if (u == v) ojval::fail("self-loop at %lld", u);'))
    report = check(load_problem(graph), proof=False)
    assert report.ok, report.problems


def test_a_twin_that_rejects_a_test_of_the_data_is_named_with_that_input(graph: Path) -> None:
    (graph / "validators" / "validate.cpp").write_text(VALIDATE_CPP.replace("(void)n;", "if (n == 3) return 43;"))
    problem = load_problem(graph)
    got = compare_twin(problem, ensure_built(problem))
    assert got.inputs == 5   # three validator tests and two inputs of the data
    assert "validators/validate.cpp says invalid but validators/validate.py says valid on data/secret/01-path.in" \
        in got.disagreements
    crash = VALIDATE_CPP.replace("(void)n;", "if (n == 3) { volatile int* p = nullptr; *p = 1; }")
    (graph / "validators" / "validate.cpp").write_text(crash)
    got = compare_twin(load_problem(graph), ensure_built(load_problem(graph)))
    assert any("validate.cpp says failed" in d and "data/secret/01-path.in" in d for d in got.disagreements)


def test_an_export_ships_only_a_checked_twin(graph: Path, tmp_path: Path) -> None:
    problem = load_problem(graph)
    pkg = make_package(problem, ensure_built(problem))
    assert not pkg.twin_checked
    with pytest.raises(OjpackError, match="uoj: validators/validate.cpp does not judge every input as "
                                          "validators/validate.py does"):
        TARGETS["uoj"].write(pkg, tmp_path / "uoj")
    # Kattis takes the declared validator instead, with the module it imports
    assert pkg.judge_validator_files == (graph / "validators" / "validate.py", graph / "validators" / "ojval.py")
