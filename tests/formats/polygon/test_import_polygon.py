"""`ojpack import` of a Polygon package (tests/formats/fixtures/polygon-sum, in the layout Polygon downloads:
problem.xml, files/ with a small testlib-like header, tagged solutions, statement-sections/, tests/)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml

from ojpack.errors import OjpackError
from ojpack.judging import check
from ojpack.problem import load_problem
from ojpack.publish import import_package
from ojpack.formats.importing import read
from ojpack.testdata import load_validator, validate_file
from ojpack.cache import cache_for

FIXTURE = Path(__file__).parents[1] / "fixtures" / "polygon-sum"


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory):
    out = tmp_path_factory.mktemp("polygon") / "arraysum"
    return import_package(FIXTURE, out)


def test_generated_tests_rebuild_byte_identical_to_polygons(imported) -> None:
    # 6 tests, and small's 2 repeated in large, which depends on it
    assert (imported.format, imported.tests, imported.generated, imported.copied) == ("polygon", 8, 6, 2)
    assert imported.mismatches == [] and imported.answer_diffs == []
    data = imported.folder / "data"
    # every input ojpack built is Polygon's own tests/NN, byte for byte
    for n, rel in [(1, "sample/01-test-01"), (2, "secret/small/01-test-02"), (3, "secret/small/02-test-03"),
                   (2, "secret/large/01-test-02"), (3, "secret/large/02-test-03"),
                   (4, "secret/large/03-test-04"), (5, "secret/large/04-test-05"), (6, "secret/large/05-test-06")]:
        assert (data / f"{rel}.in").read_bytes() == (FIXTURE / "tests" / f"{n:02d}").read_bytes()
        assert (data / f"{rel}.ans").read_bytes() == (FIXTURE / "tests" / f"{n:02d}.a").read_bytes()


def test_problem_yaml_carries_limits_groups_and_tags(imported) -> None:
    spec = yaml.safe_load((imported.folder / "problem.yaml").read_text())
    assert spec["limits"] == {"time": 0.5, "memory": 256}
    assert [(s["group"], s["score"]) for s in spec["subtasks"]] == [("small", 40), ("large", 60)]
    assert spec["tests"]["small"][0] == {"name": "test-02", "gen": "gen.cpp 5 10"}
    assert [t["name"] for t in spec["tests"]["large"]] == ["test-02", "test-03", "test-04", "test-05", "test-06"]
    assert spec["tests"]["large"][4]["copy"] == "generators/manual/large/test-06.in"
    assert spec["model_solution"] == "solutions/accepted/main.cpp"
    assert spec["checker"] == {"type": "tokens", "case_sensitive": True}      # std::wcmp
    assert spec["solutions"]["verdicts"]["solutions/time_limit_exceeded/sum.py"] == ["TLE", "AC"]
    assert set(spec["solutions"]["verdicts"]["solutions/wrong_answer/first.py"]) == {"WA", "TLE", "MLE", "RE", "OLE"}
    assert (imported.folder / "solutions" / "wrong_answer" / "int_sum.cpp").is_file()
    assert (imported.folder / "solutions" / "time_limit_exceeded" / "spin.cpp").is_file()


def test_report_names_what_ojpack_cannot_express(imported) -> None:
    notes = " | ".join(imported.notes)
    assert "group 'large' depends on 'small': their 2 test(s) are repeated in subtask 'large'" in notes
    assert "no zh title" in notes and "problem.zh.md.j2 is an untranslated copy of the en one" in notes
    assert (imported.folder / "statement" / "problem.zh.md.j2").read_text().startswith("{#- Untranslated")


def test_wrapped_testlib_validator_accepts_and_rejects(imported, tmp_path: Path) -> None:
    problem = load_problem(imported.folder)
    validator = load_validator(problem, cache_for(problem.root))
    good, bad = tmp_path / "good", tmp_path / "bad"
    good.write_bytes(b"2\n1 2\n")
    bad.write_bytes(b"2\n01 2\n")
    assert validate_file(validator, good, {}).valid
    got = validate_file(validator, bad, {})
    assert not got.valid and "a_i" in got.message   # testlib's message comes through


def test_statement_sections_become_a_template(imported) -> None:
    text = (imported.folder / "statement" / "problem.en.md.j2").read_text()
    assert "## Input Format" in text and "**exactly**" in text and "`long long`" in text
    assert "$1 \\le n \\le 100$" in text and "{% if samples %}" in text


def test_check_gives_the_verdicts_the_tags_expect(imported) -> None:
    report = check(load_problem(imported.folder), proof=False)
    # Verdicts only: the time margins (how far over the limit the spinning solution got before the wall
    # clock stopped it) depend on how busy the machine is, and timings are never asserted in tests.
    assert all(not r.faults for r in report.rows), report.problems
    assert all("not clearly over the limit" in p for p in report.problems), report.problems
    got = {r.solution.name: str(r.verdict) for r in report.rows}
    assert len(report.tests) == 8
    assert got == {"accepted/main.cpp": "AC", "time_limit_exceeded/sum.py": "AC", "wrong_answer/int_sum.cpp": "WA",
                   "time_limit_exceeded/spin.cpp": "TLE", "wrong_answer/first.py": "WA"}


def test_a_generator_that_does_not_reproduce_polygons_file_is_reported_and_copied(tmp_path: Path) -> None:
    src = shutil.copytree(FIXTURE, tmp_path / "src")
    (src / "tests" / "03").write_bytes(b"2\n5 6\n")      # not what `gen 8 1000` prints
    report = import_package(src, tmp_path / "out")
    # tests/03 is in small and, repeated, in large: named once, copied in both
    assert len(report.mismatches) == 1 and "tests/03" in report.mismatches[0] and "gen.cpp 8 1000" in report.mismatches[0]
    assert report.generated == 4
    assert (tmp_path / "out" / "data" / "secret" / "large" / "02-test-03.in").read_bytes() == b"2\n5 6\n"
    assert (tmp_path / "out" / "data" / "secret" / "small" / "02-test-03.in").read_bytes() == b"2\n5 6\n"
    assert report.answer_diffs == ["tests/03: the model solution's answer differs from the source's answer file"]


def test_custom_checker_is_a_program(tmp_path: Path) -> None:
    src = shutil.copytree(FIXTURE, tmp_path / "src")
    xml = src / "problem.xml"
    xml.write_text(xml.read_text().replace('name="std::wcmp.cpp" ', ""))
    (src / "files" / "check.cpp").write_text('#include "testlib.h"\nint main() { return 0; }\n')
    imp = read(src)
    assert imp.checker == {"type": "program", "source": "validators/checker/check.cpp", "convention": "testlib"}
    assert "validators/checker/testlib.h" in imp.files


def test_zip_and_cli_json(tmp_path: Path) -> None:
    archive = tmp_path / "array-sum.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for p in FIXTURE.rglob("*"):
            if p.is_file():
                z.write(p, f"array-sum-3/{p.relative_to(FIXTURE)}")  # Polygon zips may hold one folder
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "import", str(archive), "--to", str(tmp_path / "o"),
                           "--json"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["generated"] == 6
    again = subprocess.run([sys.executable, "-m", "ojpack.cli", "import", str(archive), "--to", str(tmp_path / "o")],
                           capture_output=True, text=True)
    assert again.returncode == 1 and "is not empty" in " ".join(again.stderr.split()) and "Traceback" not in again.stderr


def test_not_a_package_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(OjpackError, match="not a package ojpack can import"):
        import_package(tmp_path, tmp_path / "out")
    with pytest.raises(OjpackError, match="no such file"):
        import_package(tmp_path / "missing.zip")


def test_tags_from_desc_files_each_test_points_and_interactors(tmp_path: Path) -> None:
    src = shutil.copytree(FIXTURE, tmp_path / "src")
    xml = src / "problem.xml"
    text = xml.read_text()
    start, end = text.index("<solutions>"), text.index("</solutions>") + len("</solutions>")
    text = text[:start] + text[end:]                       # no tags in problem.xml: the .desc files have them
    text = text.replace('<test cmd="gen 5 10" group="small"', '<test cmd="gen 5 10" group="small" points="15"')
    text = text.replace('<test cmd="gen 8 1000" group="small"', '<test cmd="gen 8 1000" group="small" points="25"')
    text = text.replace('name="small" points="40" points-policy="complete-group"', 'name="small" points-policy="each-test"')
    xml.write_text(text)
    (src / "solutions" / "main.cpp.desc").write_text("File name: main.cpp\nTag: MA\n")
    (src / "solutions" / "sum.py.desc").write_text("File name: sum.py\nTag: TIME_LIMIT_EXCEEDED_OR_ACCEPTED\n")
    (src / "solutions" / "first.py.desc").write_text("File name: first.py\nTag: FL\n")
    imp = read(src)
    assert {s.path: s.verdicts for s in imp.solutions} == {"main.cpp": ["AC"], "sum.py": ["TLE", "AC"]}
    assert imp.model == "solutions/main.cpp"
    assert any("tag 'failed' has no ojpack verdict" in n for n in imp.notes)
    assert [(s.group, s.score, s.aggregation) for s in imp.subtasks] == [("small", 40, "sum"), ("large", 60, None)]
    assert [(t.name, t.points) for t in imp.tests if t.group == "small"] == \
        [("test-02", 15), ("test-03", 25)]   # Polygon's points per test, as the sum subtask's

    xml.write_text(text.replace("<assets>", '<assets><interactor><source path="files/i.cpp"/></interactor>'))
    with pytest.raises(OjpackError, match="interactive"):
        read(src)


CHECKER = """#include "testlib.h"
#include <fstream>
#include <string>

// Compares the one number of the output with the answer's as integers, so "+6" passes where tokens differ.
int main(int argc, char* argv[]) {
    if (argc < 4) quitf(_fail, "usage: check input output answer");
    std::ifstream out(argv[2]), ans(argv[3]);
    long long got, want;
    std::string extra;
    if (!(ans >> want)) quitf(_fail, "no answer");
    if (!(out >> got)) quitf(_wa, "no number in the output");
    if (out >> extra) quitf(_wa, "extra output");
    if (got != want) quitf(_wa, "wrong sum");
    quitf(_ok, "ok");
}
"""


def test_a_custom_testlib_checker_judges_the_imported_package(tmp_path: Path) -> None:
    src = shutil.copytree(FIXTURE, tmp_path / "src")
    xml = src / "problem.xml"
    text = xml.read_text().replace('name="std::wcmp.cpp" ', "")
    text = text.replace('<solution tag="time-limit-exceeded">', '<solution tag="accepted"><source path="solutions/plus.py" '
                        'type="python.3"/></solution><solution tag="do-not-run">')
    xml.write_text(text)
    (src / "files" / "check.cpp").write_text(CHECKER)
    (src / "solutions" / "plus.py").write_text("import sys\n\nprint('+%d' % sum(map(int, sys.stdin.read().split()[1:])))\n")
    report = import_package(src, tmp_path / "out")
    assert any("tag 'do-not-run'" in n for n in report.notes)
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text())
    assert spec["checker"] == {"type": "program", "source": "validators/checker/check.cpp", "convention": "testlib"}
    result = check(load_problem(tmp_path / "out"), proof=False)
    assert result.ok, result.problems
    got = {r.solution.name: str(r.verdict) for r in result.rows}
    assert got["accepted/plus.py"] == "AC" and got["wrong_answer/int_sum.cpp"] == "WA"

    # Kattis runs it through ojpack's adapter; importing that export finds the testlib checker inside
    cli = [sys.executable, "-m", "ojpack.cli", "export", "--to", "kattis", "--no-check", "-p", str(tmp_path / "out")]
    assert subprocess.run(cli, capture_output=True).returncode == 0
    back = read(tmp_path / "out" / "build" / "export" / "kattis" / "arraysum")
    assert back.checker == {"type": "program", "source": "validators/checker/check.cpp", "convention": "testlib"}
    assert back.files["validators/checker/check.cpp"] == CHECKER.encode()
    assert "validators/checker/testlib.h" in back.files


def test_a_testset_without_groups_is_one_subtask_worth_100(tmp_path: Path) -> None:
    src = shutil.copytree(FIXTURE, tmp_path / "src")
    xml = src / "problem.xml"
    text = re.sub(r' group="[a-z]+"', "", xml.read_text())
    xml.write_text(text[:text.index("<groups>")] + text[text.index("</groups>") + len("</groups>"):])
    (src / "statement-sections" / "english" / "tutorial.tex").write_text("Add them up.\n")
    imp = read(src)
    assert [(s.group, s.score) for s in imp.subtasks] == [("main", 100)]
    assert [(t.group, t.name) for t in imp.tests] == [("sample", "test-01")] + [("main", f"test-0{i}") for i in range(2, 7)]
    assert "statement-sections/english/tutorial.tex: not carried over" in imp.notes


def test_a_whole_problem_tex_is_read_when_there_are_no_sections(tmp_path: Path) -> None:
    src = shutil.copytree(FIXTURE, tmp_path / "src")
    shutil.rmtree(src / "statement-sections")
    (src / "statements" / "english").mkdir(parents=True)
    (src / "statements" / "english" / "problem.tex").write_text(
        "\\begin{problem}{Array Sum}{standard input}{standard output}{1 second}{256 megabytes}\n\n"
        "Sum $n$ numbers, \\emph{exactly}.\n\n\\InputFile\n\nFirst $n$, then the numbers.\n\n"
        "\\OutputFile\n\nThe sum.\n\n\\Examples\n\n\\exmp{3\n1 2 3\n}{6\n}%\n\n\\Note\n\nUse 64 bits.\n\n\\end{problem}\n")
    imp = read(src)
    text = imp.files["statement/problem.en.md.j2"].decode()
    assert "Sum $n$ numbers, *exactly*." in text
    assert "## Input Format\n\nFirst $n$" in text and "## Output Format\n\nThe sum." in text
    assert "## Notes\n\nUse 64 bits." in text and "exmp" not in text and "1 2 3" not in text
    assert not [n for n in imp.notes if "LaTeX commands" in n]


def test_a_malformed_number_is_one_clear_error(tmp_path: Path) -> None:
    src = shutil.copytree(FIXTURE, tmp_path / "src")
    xml = src / "problem.xml"
    xml.write_text(xml.read_text().replace("<time-limit>500</time-limit>", "<time-limit>fast</time-limit>"))
    with pytest.raises(OjpackError, match=r"cannot read this polygon package: ValueError: .*'fast'"):
        read(src)
