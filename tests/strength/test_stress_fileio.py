"""Stress on a problem with file input/output (problem.yaml's io): the reference and the solution both run
with sum.in / sum.out, so a right file solution agrees with the model, and one that prints its answer or
links its answer file differs, with the reason."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from conftest import edit_yaml
from ojpack.problem.load import load_problem
from ojpack.strength.duel import Duel

FILE_SUM = "a, b = map(int, open('sum.in').read().split())\nopen('sum.out', 'w').write(f'{a + b}\\n')\n"
ON_STDOUT = "a, b = map(int, open('sum.in').read().split())\nprint(a + b)\n"
LINKED = ("import os\na, b = map(int, open('sum.in').read().split())\nopen('mine.txt', 'w').write(f'{a + b}\\n')\n"
          "os.symlink('mine.txt', 'sum.out')\n")


@pytest.mark.parametrize(("source", "differ", "message"), [
    (FILE_SUM.replace("a + b", "b + a"), False, ""),
    (ON_STDOUT, True, "it wrote no output file sum.out"),
    (LINKED, True, "its output file sum.out is not a regular file"),
])
def test_a_duel_runs_both_programs_with_the_files(toy: Path, monkeypatch: pytest.MonkeyPatch, source: str,
                                                  differ: bool, message: str) -> None:
    stress = importlib.import_module("ojpack.strength.stress")
    edit_yaml(toy / "problem.yaml", "limits: {time: 1.0, memory: 256, output: 1}",
              "limits: {time: 1.0, memory: 256, output: 1}\nio: {input: sum.in, output: sum.out}")
    model = toy / "solutions" / "accepted" / "sum.py"
    model.write_text(FILE_SUM)
    (toy / "candidate.py").write_text(source)
    problem = load_problem(toy)
    monkeypatch.setattr(stress, "load_grammar", lambda problem: None)   # the toy has no grammar: not needed
    s = stress.setup(problem)
    ref, sol = stress.compile_program(problem, model), stress.compile_program(problem, toy / "candidate.py")
    with Duel(sol, ref, s.checker, s.limits, s.time_limit) as duel:
        got = duel.compare(b"3 4\n")
    assert got.expected == b"7\n"
    assert (got.differ, got.message) == (differ, message)
