"""`limits.output_stops: false` (what imports of Kattis packages set): a submission that floods its output
without end is judged TLE, as problemtools, DOMjudge and BAPCtools judge it; by default it is OLE at once.
One that writes too much and ends in time is OLE either way."""

import importlib

import pytest

from conftest import edit_yaml
from ojpack.judging.judgement import judge
from ojpack.judging.verdicts import Verdict
from ojpack.problem.load import load_problem

FLOOD = "import sys\nwhile True:\n    sys.stdout.write('1234567890' * 6554)\n"
TOO_MUCH = "import sys\nsys.stdout.write('x' * (2 << 20))\n"   # the toy's output limit is 1 MiB


@pytest.mark.parametrize(("stops", "code", "verdict"), [
    (True, FLOOD, Verdict.OLE), (False, FLOOD, Verdict.TLE), (False, TOO_MUCH, Verdict.OLE),
])
def test_a_flood_past_the_output_limit(toy, stops, code, verdict):
    if not stops:
        edit_yaml(toy / "problem.yaml", "output: 1}", "output: 1, output_stops: false}")
    problem = load_problem(toy)
    assert problem.spec.limits.output_stops is stops
    source = toy / "flood.py"
    source.write_text(code)
    assert judge(problem, source).cells[0].verdict is verdict


def test_every_judging_step_runs_with_the_problems_output_rule(toy, monkeypatch):
    """check, judge, the proof, the time-limit search and stress take their run limits from one place, so
    none of them ends a flood at the limit where the problem lets it run on."""
    from ojpack.judging.execute import problem_limits
    stress = importlib.import_module("ojpack.strength.stress")   # the module, not the package's stress()

    edit_yaml(toy / "problem.yaml", "output: 1}", "output: 1, output_stops: false}")
    problem = load_problem(toy)
    assert problem_limits(problem).output_stops is False
    assert problem_limits(problem, 3.0).cpu == 3.0
    assert problem_limits(problem, stretch=2.0).cpu == 2 * problem.spec.limits.time
    monkeypatch.setattr(stress, "load_grammar", lambda problem: None)   # the toy has no grammar: not needed here
    assert stress.setup(problem).limits.output_stops is False
