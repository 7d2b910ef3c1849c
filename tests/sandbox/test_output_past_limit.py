"""limits.output_stops: a run past the output limit either ends there (OLE, ojpack's default) or goes on with
what passes the limit dropped, as problemtools, DOMjudge and BAPCtools judge (an endless flood is TLE, a run
that ends in time with too much output OLE). The file never holds more than the limit plus one byte."""

from pathlib import Path

import pytest

from ojpack.sandbox.isolation import isolation_problem
from ojpack.sandbox.languages import real_python
from ojpack.sandbox.limits import MIB
from ojpack.sandbox.runner import RunLimits, run

pytestmark = pytest.mark.skipif(isolation_problem() is not None, reason="no cage")

FLOOD = "import sys\nwhile True: sys.stdout.write('x' * 65536)\n"
ENDS = "import sys\nsys.stdout.write('x' * (3 << 20))\n"


def _run(tmp_path: Path, code: str, stops: bool, pool: str, monkeypatch) -> tuple[str, int]:
    monkeypatch.setenv("OJPACK_CAGE_POOL", pool)
    src = tmp_path / "prog.py"
    src.write_text(code)
    res = run([real_python(), "-S", str(src)], Path("/dev/null"), tmp_path / "out",
              RunLimits(cpu=1.0, wall=3.0, memory_mib=128, output_mib=2, output_stops=stops))
    return res.status, (tmp_path / "out").stat().st_size


@pytest.mark.parametrize("pool", ["1", "0"], ids=["pooled", "one-shot"])
@pytest.mark.parametrize(("code", "stops", "status"), [
    (FLOOD, True, "ole"), (ENDS, True, "ole"),     # ended at the limit
    (FLOOD, False, "tle"), (ENDS, False, "ole"),   # went on: the time limit decides first
])
def test_past_the_output_limit(tmp_path, monkeypatch, pool, code, stops, status):
    assert _run(tmp_path, code, stops, pool, monkeypatch) == (status, 2 * MIB + 1)
