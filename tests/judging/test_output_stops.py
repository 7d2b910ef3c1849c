"""`limits.output_stops: false` (what imports of Kattis packages set): a submission that floods its output
without end is judged TLE, as problemtools, DOMjudge and BAPCtools judge it; by default it is OLE at once.
One that writes too much and ends in time is OLE either way."""

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
