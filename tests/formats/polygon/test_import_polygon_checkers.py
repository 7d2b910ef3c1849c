"""A Polygon checker ojpack cannot judge as Polygon does is named in the import report, not left to a bare
judge error or compile error at check time (tests/formats/fixtures/polygon-sum with its checker replaced)."""

from __future__ import annotations

import shutil
from pathlib import Path

from ojpack.publish import import_package

FIXTURE = Path(__file__).parents[1] / "fixtures" / "polygon-sum"


def _with_checker(tmp_path: Path, name: str, data: bytes, kind: str) -> Path:
    src = shutil.copytree(FIXTURE, tmp_path / "src")
    xml = src / "problem.xml"
    xml.write_text(xml.read_text().replace('<checker name="std::wcmp.cpp" type="testlib">', '<checker type="testlib">')
                   .replace('<source path="files/check.cpp" type="cpp.g++17"/>',
                            f'<source path="files/{name}" type="{kind}"/>'))
    (src / "files" / name).write_bytes(data)
    return src


POINTS_CHECKER = b"""#include "testlib.h"
int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    long long got = ouf.readLong(), best = ans.readLong();
    if (got == best) quitf(_ok, "best");
    quitp(0.5, "half of the jury's");
}
"""


def test_a_checker_giving_points_per_test_is_said(tmp_path: Path) -> None:
    """Optimization problems' checkers `quitp` (exit code 7): ojpack reads the points as the test's fraction,
    Polygon as points or percent, so the report says how ojpack reads them."""
    report = import_package(_with_checker(tmp_path, "points.cpp", POINTS_CHECKER, "cpp.g++17"), tmp_path / "out")
    assert any("files/points.cpp gives points per test" in n and "fraction of the test's points" in n
               for n in report.notes)


