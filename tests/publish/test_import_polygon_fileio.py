"""Polygon problems with file input/output (`<judging input-file="sum.in" output-file="sum.out">`, as IZhO's
and many olympiads' packages are): their solutions `freopen` those files, which ojpack's sandbox does not
give them. Imported, a C/C++ solution reads the test from standard input and writes standard output: the
model's answers are real, and a wrong solution is judged wrong (before, every answer was empty and all passed)."""

from __future__ import annotations

import shutil
from pathlib import Path

from ojpack.judging import check
from ojpack.problem import load_problem
from ojpack.publish import import_package

FIXTURE = Path(__file__).parent / "fixtures" / "polygon-sum"

# as olympiad solutions write it: the file names glued from a macro, the C++ header that undefines macros
MAIN = b"""#include <bits/stdc++.h>
#define fname "sum."
int main() {
    freopen(fname "in", "r", stdin);
    std::freopen(fname "out", "w", stdout);
    int n; long long s = 0, a;
    std::cin >> n;
    for (int i = 0; i < n; i++) { std::cin >> a; s += a; }
    std::cout << s << "\\n";
}
"""
WRONG = b"""#include <stdio.h>
int main(void) {   /* C: overflows once the sum passes 2^31 */
    int n, s = 0, a, i;
    freopen("sum.in", "r", stdin);
    freopen("sum.out", "w", stdout);
    scanf("%d", &n);
    for (i = 0; i < n; i++) { scanf("%d", &a); s += a; }
    printf("%d\\n", s);
    return 0;
}
"""
PY = b"import sys\nsys.stdin = open('sum.in')\nprint(sum(map(int, sys.stdin.read().split()[1:])))\n"


def _with_file_io(tmp_path: Path) -> Path:
    src = shutil.copytree(FIXTURE, tmp_path / "src")
    xml = src / "problem.xml"
    text = xml.read_text().replace('input-file="" output-file=""', 'input-file="sum.in" output-file="sum.out"')
    text = text.replace('<source path="solutions/int_sum.cpp" type="cpp.g++17"/>',
                        '<source path="solutions/int_sum.c" type="c.gcc"/>')
    text = text.replace('<source path="solutions/first.py" type="python.3"/>',
                        '<source path="solutions/files.py" type="python.3"/>')
    xml.write_text(text)
    (src / "solutions" / "main.cpp").write_bytes(MAIN)
    (src / "solutions" / "int_sum.cpp").unlink()
    (src / "solutions" / "int_sum.c").write_bytes(WRONG)
    (src / "solutions" / "files.py").write_bytes(PY)
    return src


def test_freopen_of_the_problems_files_reads_standard_input(tmp_path: Path) -> None:
    report = import_package(_with_file_io(tmp_path), tmp_path / "out")
    files = dict(report.files)
    assert "freopen of sum.in and sum.out" in files["solutions/main.cpp"]
    assert "x87" in files["solutions/main.cpp"]   # both changes are said
    assert "freopen of sum.in" in files["solutions/int_sum.c"]
    assert any("files.py" in n and "does not redirect" in n for n in report.notes)
    got = (tmp_path / "out" / "solutions" / "accepted" / "main.cpp").read_bytes()
    assert got.endswith(b"#line 1\n" + MAIN)
    result = check(load_problem(tmp_path / "out"), proof=False)
    verdicts = {r.solution.name: str(r.verdict) for r in result.rows}
    assert verdicts["accepted/main.cpp"] == "AC", result.problems
    assert verdicts["wrong_answer/int_sum.c"] == "WA", result.problems
    answers = sorted((tmp_path / "out" / "data").rglob("*.ans"))
    assert answers and all(a.read_bytes().strip() for a in answers)   # the model wrote every answer


def test_a_problem_with_standard_input_is_left_as_it_is(tmp_path: Path) -> None:
    import_package(FIXTURE, tmp_path / "out")
    got = (tmp_path / "out" / "solutions" / "accepted" / "main.cpp").read_bytes()
    assert b"ojpack_freopen" not in got

