"""Polygon problems with file input/output (`<judging input-file="sum.in" output-file="sum.out">`, as IZhO's
and many olympiads' packages are): imported with problem.yaml's `io`, so the solutions open those files as
they do on Polygon, in any language, their sources unchanged: the model's answers are real, a wrong solution
is judged wrong, and one that writes standard output instead of the file is wrong too."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ojpack.errors import OjpackError
from ojpack.judging import check
from ojpack.problem import load_problem
from ojpack.publish import import_package

FIXTURE = Path(__file__).parents[1] / "fixtures" / "polygon-sum"

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
# Python that opens the files: tagged time-limit-exceeded-or-accepted, it must pass
PY = b"n, *a = map(int, open('sum.in').read().split())\nopen('sum.out', 'w').write(f'{sum(a[:n])}\\n')\n"
# Java and Free Pascal opening the files, as olympiad solutions do: tagged accepted, both must pass
JAVA = b"""import java.io.*;
import java.util.*;
public class Files {
    public static void main(String[] args) throws IOException {
        Scanner in = new Scanner(new File("sum.in"));
        int n = in.nextInt(); long s = 0;
        for (int i = 0; i < n; i++) s += in.nextLong();
        PrintWriter out = new PrintWriter(new FileWriter("sum.out"));
        out.println(s);
        out.close();
    }
}
"""
PASCAL = b"""var n, i: longint; s, a: int64;
begin
  assign(input, 'sum.in'); reset(input);
  assign(output, 'sum.out'); rewrite(output);
  read(n); s := 0;
  for i := 1 to n do begin read(a); s := s + a; end;
  writeln(s);
  close(output);
end.
"""
# Python that reads the file and prints: tagged rejected, it writes no sum.out
ON_STDOUT = b"import sys\nsys.stdin = open('sum.in')\nprint(sum(map(int, sys.stdin.read().split()[1:])))\n"


def _with_file_io(tmp_path: Path, names: str = 'input-file="sum.in" output-file="sum.out"') -> Path:
    src = shutil.copytree(FIXTURE, tmp_path / "src")
    xml = src / "problem.xml"
    text = xml.read_text().replace('input-file="" output-file=""', names)
    text = text.replace('<source path="solutions/int_sum.cpp" type="cpp.g++17"/>',
                        '<source path="solutions/int_sum.c" type="c.gcc"/>')
    text = text.replace('<solution tag="wrong-answer">', '<solution tag="accepted">'
                        '<source path="solutions/Files.java" type="java11"/></solution>'
                        '<solution tag="accepted"><source path="solutions/files.pas" type="pas.fpc"/></solution>'
                        '<solution tag="wrong-answer">', 1)
    xml.write_text(text)
    (src / "solutions" / "Files.java").write_bytes(JAVA)
    (src / "solutions" / "files.pas").write_bytes(PASCAL)
    (src / "solutions" / "main.cpp").write_bytes(MAIN)
    (src / "solutions" / "int_sum.cpp").unlink()
    (src / "solutions" / "int_sum.c").write_bytes(WRONG)
    (src / "solutions" / "sum.py").write_bytes(PY)
    (src / "solutions" / "first.py").write_bytes(ON_STDOUT)
    return src


def test_the_problems_files_become_io_and_the_sources_stay_as_they_are(tmp_path: Path) -> None:
    import_package(_with_file_io(tmp_path), tmp_path / "out")
    problem = load_problem(tmp_path / "out")
    assert (problem.spec.io.input, problem.spec.io.output) == ("sum.in", "sum.out")
    got = (tmp_path / "out" / "solutions" / "accepted" / "main.cpp").read_bytes()
    assert got.endswith(MAIN) and b"freopen" not in got[:-len(MAIN)]   # (only the x87 pragma goes before it)
    result = check(problem, proof=False)
    verdicts = {r.solution.name: str(r.verdict) for r in result.rows}
    assert result.ok, result.problems
    assert verdicts["accepted/main.cpp"] == "AC"
    assert verdicts["wrong_answer/int_sum.c"] == "WA"
    assert verdicts["time_limit_exceeded/sum.py"] == "AC"    # Python opens the files too
    assert verdicts["accepted/Files.java"] == "AC" and verdicts["accepted/files.pas"] == "AC"
    assert verdicts["wrong_answer/first.py"] == "WA"                         # it printed instead of writing sum.out
    answers = sorted((tmp_path / "out" / "data").rglob("*.ans"))
    assert answers and all(a.read_bytes().strip() for a in answers)   # the model wrote every answer


def test_a_problem_with_standard_input_has_no_io(tmp_path: Path) -> None:
    import_package(FIXTURE, tmp_path / "out")
    assert "io:" not in (tmp_path / "out" / "problem.yaml").read_text()
    assert not load_problem(tmp_path / "out").spec.io.files


def test_a_file_name_with_a_folder_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(OjpackError, match="not a plain file name") as e:
        import_package(_with_file_io(tmp_path, 'input-file="../sum.in" output-file="sum.out"'), tmp_path / "out")
    assert "\n" not in str(e.value)
