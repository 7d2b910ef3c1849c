"""A Polygon generator that draws with C's rand() instead of testlib's rnd (older olympiad packages do) got
the C library of Polygon's Windows compilers, whose rand is msvcrt's: imported, it must write Polygon's
tests/NN byte for byte, not glibc's numbers (tests/formats/fixtures/polygon-sum, its last test made so)."""

from __future__ import annotations

import shutil
from pathlib import Path

from ojpack.publish import import_package

FIXTURE = Path(__file__).parents[1] / "fixtures" / "polygon-sum"

CRAND = b"""#include <cstdio>
#include <cstdlib>
int main(int argc, char* argv[]) {
    int n = std::atoi(argv[1]);
    srand(std::atoi(argv[2]));
    std::printf("%d\\n", n);
    for (int i = 0; i < n; i++)
        std::printf("%d%c", (rand() << 15 | rand()) % 1000000000 + 1, i + 1 < n ? ' ' : '\\n');
}
"""


def msvcrt_numbers(seed: int, count: int) -> list[int]:
    """msvcrt's rand (Microsoft's documented LCG), written out here to give the bytes Polygon's tests hold."""
    out = []
    for _ in range(count):
        seed = (seed * 214013 + 2531011) & 0xFFFFFFFF
        out.append((seed >> 16) & 0x7FFF)
    return out


def test_a_rand_generator_rebuilds_polygons_bytes(tmp_path: Path) -> None:
    src = shutil.copytree(FIXTURE, tmp_path / "src")
    xml = src / "problem.xml"
    xml.write_text(xml.read_text()
                   .replace('<test group="large" method="manual"/>',
                            '<test cmd="crand 7 4353" group="large" method="generated"/>')
                   .replace('<executable>\n                <source path="files/gen.cpp" type="cpp.g++17"/>',
                            '<executable><source path="files/crand.cpp" type="cpp.g++"/></executable>\n'
                            '            <executable>\n                <source path="files/gen.cpp" type="cpp.g++17"/>'))
    (src / "files" / "crand.cpp").write_bytes(CRAND)
    r = msvcrt_numbers(4353, 14)
    values = [(r[2 * i] << 15 | r[2 * i + 1]) % 1000000000 + 1 for i in range(7)]
    (src / "tests" / "06").write_text("7\n" + " ".join(map(str, values)) + "\n")
    (src / "tests" / "06.a").write_text(f"{sum(values)}\n")
    report = import_package(src, tmp_path / "out")
    files = dict(report.files)
    assert files["tests/06"].endswith("rebuilt byte for byte by `crand.cpp 7 4353`"), files["tests/06"]
    assert "msvcrt" in files["files/crand.cpp"]
    assert not report.mismatches and not report.answer_diffs
