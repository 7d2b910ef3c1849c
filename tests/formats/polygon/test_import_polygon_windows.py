"""What Polygon's Windows machines did, as the importer undoes or redoes it (the sum fixture,
tests/formats/fixtures/polygon-sum): its 32-bit MinGW types (cpp.g++17 and older) do their floating point on the
x87 unit, so an imported solution of such a type must print what it printed there; its Python 2, which ojpack
cannot run, is named and left out; tests that doall.bat generated on Windows have CRLF line ends."""

from __future__ import annotations

import shutil
from pathlib import Path

from ojpack.judging import check
from ojpack.problem import load_problem
from ojpack.publish import import_package
from ojpack.formats.importing import read

FIXTURE = Path(__file__).parents[1] / "fixtures" / "polygon-sum"

# The sum kept in a float register: exact on x87 (64-bit mantissa), off by thousands with SSE's 24 bits.
FLOAT_SUM = b"""#include <cstdio>
long long a[100000];
int main() {
    int n;
    std::scanf("%d", &n);
    for (int i = 0; i < n; i++) std::scanf("%lld", &a[i]);
    float s = 0;
    for (int i = 0; i < n; i++) s += a[i];
    std::printf("%.0f\\n", s);
}
"""


def _with_float_sum(tmp_path: Path, kind: str) -> Path:
    src = shutil.copytree(FIXTURE, tmp_path / "src")
    xml = src / "problem.xml"
    xml.write_text(xml.read_text().replace(
        "<solutions>", f'<solutions><solution tag="accepted"><source path="solutions/fsum.cpp" type="{kind}"/>'
        "</solution>"))
    (src / "solutions" / "fsum.cpp").write_bytes(FLOAT_SUM)
    return src


def test_a_32_bit_g_plus_plus_solution_gets_x87_floating_point_and_passes(tmp_path: Path) -> None:
    report = import_package(_with_float_sum(tmp_path, "cpp.g++17"), tmp_path / "out")
    got = (tmp_path / "out" / "solutions" / "accepted" / "fsum.cpp").read_bytes()
    assert got.startswith(b'#pragma GCC target("fpmath=387")') and got.endswith(FLOAT_SUM)
    assert "x87" in dict(report.files)["solutions/fsum.cpp"]
    result = check(load_problem(tmp_path / "out"), proof=False)
    verdicts = {r.solution.name: str(r.verdict) for r in result.rows}
    assert verdicts["accepted/fsum.cpp"] == "AC", result.problems


def test_the_pragma_goes_after_a_utf8_mark(tmp_path: Path) -> None:
    """Windows editors start files with a UTF-8 byte order mark; GCC skips it only as the file's first bytes."""
    src = _with_float_sum(tmp_path, "cpp.g++14")
    (src / "solutions" / "fsum.cpp").write_bytes(b"\xef\xbb\xbf" + FLOAT_SUM)
    import_package(src, tmp_path / "out")
    got = (tmp_path / "out" / "solutions" / "accepted" / "fsum.cpp").read_bytes()
    assert got.startswith(b'\xef\xbb\xbf#pragma GCC target("fpmath=387")') and got.endswith(b"\n#line 1\n" + FLOAT_SUM)
    result = check(load_problem(tmp_path / "out"), proof=False)
    assert {r.solution.name: str(r.verdict) for r in result.rows}["accepted/fsum.cpp"] == "AC", result.problems


def test_a_64_bit_type_is_left_as_it_is(tmp_path: Path) -> None:
    imp = read(_with_float_sum(tmp_path, "cpp.gcc13-64-winlibs-g++20"))
    assert next(s for s in imp.solutions if s.path == "fsum.cpp").data == FLOAT_SUM
    assert next(s for s in imp.solutions if s.path == "first.py").data == (FIXTURE / "solutions" / "first.py").read_bytes()


def test_a_python_2_solution_is_named_and_left_out(tmp_path: Path) -> None:
    """ojpack has no Python 2: run as Python 3, raw_input and xrange would fail an accepted solution."""
    src = shutil.copytree(FIXTURE, tmp_path / "src")
    xml = src / "problem.xml"
    xml.write_text(xml.read_text().replace('<source path="solutions/sum.py" type="python.3"/>',
                                           '<source path="solutions/sum.py" type="python.2"/>'))
    imp = read(src)
    assert [s.path for s in imp.solutions if s.path.endswith(".py")] == ["first.py"]
    assert "solutions/sum.py (time-limit-exceeded-or-accepted): Polygon runs it as Python 2, which ojpack cannot " \
           "run; not imported" in imp.notes
    assert imp.fates["solutions/sum.py"].startswith("not carried over: Polygon runs it as Python 2")


def test_tests_generated_on_windows_are_compared_with_lf(tmp_path: Path) -> None:
    """doall.bat writes a generator's "\\n" as "\\r\\n": with LF the generator still makes Polygon's bytes."""
    src = shutil.copytree(FIXTURE, tmp_path / "src")
    for f in (src / "tests").iterdir():
        f.write_bytes(f.read_bytes().replace(b"\n", b"\r\n"))
    report = import_package(src, tmp_path / "out")
    assert (report.generated, report.mismatches, report.answer_diffs) == (6, [], [])
    built = tmp_path / "out" / "data" / "secret" / "large" / "01-test-02.in"
    assert built.read_bytes() == (FIXTURE / "tests" / "02").read_bytes()
    assert any(n.startswith("4 generated test(s) (test 2, 3, 4, 5) have CRLF line ends") for n in report.notes)
    assert any(n.startswith("6 answer file(s) (test 1, 2, 3, 4, 5, 6) have CRLF line ends") for n in report.notes)
