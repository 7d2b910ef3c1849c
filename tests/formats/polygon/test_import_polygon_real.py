"""`ojpack import` of real Polygon packages (trimmed to a few tests; testlib.h, validators, checkers and
solutions as Polygon downloads them): tests/formats/fixtures/polygon-{maxlex,segments,lecturer}.

maxlex: a validator that starts `int32_t main(int32_t argc, char* argv[])` and asks testlib for its group,
manual tests with CRLF line ends, std::lcmp, groups with dependencies. segments: std::ncmp, tests made by
three generators, main / wrong-answer / time-limit-exceeded-or-accepted solutions. lecturer: Indonesian and
English statements, a Kotlin solution that uses readln (Kotlin 1.6)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from ojpack.cache import cache_for
from ojpack.judging import check
from ojpack.problem import load_problem
from ojpack.publish import import_package
from ojpack.testdata import load_validator, validate_bytes

FIXTURES = Path(__file__).parents[1] / "fixtures"
NAMES = ("polygon-maxlex", "polygon-segments", "polygon-lecturer")


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory):
    top = tmp_path_factory.mktemp("real")
    return {name: import_package(FIXTURES / name, top / name) for name in NAMES}


def built_inputs(folder: Path) -> dict[str, bytes]:
    """The built input of every test, by the test's name (test-NN: Polygon's test NN)."""
    return {p.stem.split("-", 1)[1]: p.read_bytes() for p in (folder / "data").rglob("*.in")}


@pytest.mark.parametrize("name", NAMES)
def test_imported_data_is_polygons_own_tests(imported, name: str) -> None:
    src = FIXTURES / name
    got = built_inputs(imported[name].folder)
    assert imported[name].mismatches == []
    compared = 0
    for f in sorted((src / "tests").iterdir()):
        if f.suffix == "":
            want = f.read_bytes()
            if name == "polygon-maxlex":   # its manual tests have CRLF; Polygon keeps them with LF
                assert b"\r\n" in want
                want = want.replace(b"\r\n", b"\n")
            assert got[f"test-{f.name}"] == want, f
            compared += 1
    assert compared >= 2


@pytest.mark.parametrize("name", NAMES)
def test_every_solution_gets_a_verdict_its_tag_allows(imported, name: str) -> None:
    result = check(load_problem(imported[name].folder), proof=False)
    assert all(not r.faults for r in result.rows), [(r.solution.name, str(r.verdict), r.faults) for r in result.rows]
    assert result.rows and all("not clearly over the limit" in p for p in result.problems), result.problems
    got = {r.solution.name: str(r.verdict) for r in result.rows}
    if name == "polygon-lecturer":
        assert got == {"accepted/solutions.cpp": "AC", "accepted/solutions.kt": "AC", "accepted/solutions.py": "AC"}
    if name == "polygon-segments":
        assert got["accepted/Main.cpp"] == "AC" and got["wrong_answer/wa.cpp"] == "WA"
        assert set(got) == {"accepted/Main.cpp", "wrong_answer/wa.cpp", "time_limit_exceeded/perebor.cpp",
                            "time_limit_exceeded/tl.cpp"}


def test_an_int32_t_main_validator_runs_unmodified_and_is_told_its_group(imported, tmp_path: Path) -> None:
    report = imported["polygon-maxlex"]
    folder = report.folder
    # the source byte for byte, beside the adapter; no accept-everything placeholder
    assert (folder / "validators" / "val.cpp.h").read_bytes() == (FIXTURES / "polygon-maxlex/files/val.cpp").read_bytes()
    assert (folder / "validators" / "testlib.h").read_bytes() == (FIXTURES / "polygon-maxlex/files/testlib.h").read_bytes()
    spec = yaml.safe_load((folder / "problem.yaml").read_text())
    assert spec["validator"] == "validators/validate.cpp" and not (folder / "validators" / "validate.py").exists()
    assert not any("accepts every input" in n for n in report.notes)
    assert spec["bounds"]["polygon_group"]["max"] == 3
    assert [s["bounds"]["polygon_group"] for s in spec["subtasks"]] == [{"min": i, "max": i} for i in (1, 2, 3)]
    problem = load_problem(folder)
    validator = load_validator(problem, cache_for(problem.root))
    # group s2 allows at most 5000 letters in all; the others 10**6
    long = b"2\n" + b"a" * 3000 + b" " + b"b" * 3000 + b"\n"
    assert validate_bytes(validator, long, problem.bounds_for("s3")).valid
    assert validate_bytes(validator, long, problem.bounds_for("sample")).valid
    s2 = validate_bytes(validator, long, problem.bounds_for("s2"))
    assert not s2.valid and "FAIL" in s2.message
    crlf = validate_bytes(validator, b"1\r\nab\r\n", problem.bounds_for("s3"))
    assert not crlf.valid and "EOLN" in crlf.message


def test_crlf_manual_tests_are_stored_with_lf_and_said(imported) -> None:
    notes = imported["polygon-maxlex"].notes
    assert "test 1 (tests/01): a manual test with CRLF line ends, stored with LF as Polygon stores it" in notes


def test_standard_checkers_become_rules_or_the_packages_program(imported) -> None:
    segments = yaml.safe_load((imported["polygon-segments"].folder / "problem.yaml").read_text())
    assert segments["checker"] == {"type": "tokens", "case_sensitive": True}      # std::ncmp
    maxlex = yaml.safe_load((imported["polygon-maxlex"].folder / "problem.yaml").read_text())
    assert maxlex["checker"] == {"type": "program", "source": "validators/checker/check.cpp", "convention": "testlib"}
    assert (imported["polygon-maxlex"].folder / "validators/checker/check.cpp").read_bytes() == \
        (FIXTURES / "polygon-maxlex/files/check.cpp").read_bytes()                # std::lcmp, as the package has it


@pytest.mark.parametrize("name", NAMES)
def test_the_report_lists_every_file_of_the_source(imported, name: str) -> None:
    files = dict(imported[name].files)
    src = FIXTURES / name
    assert sorted(files) == sorted(p.relative_to(src).as_posix() for p in src.rglob("*") if p.is_file())
    assert all(fate for fate in files.values())
    if name == "polygon-lecturer":
        # its Kotlin uses readln (1.6): ojpack's Kotlin is 2.4.20 (Debian's 1.3 could not compile it)
        assert files["solutions/solutions.kt"] == "copied to solutions/accepted/solutions.kt"
        assert files["solutions/solutions.py"] == "copied to solutions/accepted/solutions.py"
        assert files["tests/01"] == "the input of test sample/test-01: copied"
        assert files["check.cpp"].startswith("copied to validators/checker/check.cpp")


def test_import_json_carries_the_files(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "import", str(FIXTURES / "polygon-lecturer"),
                           "--to", str(tmp_path / "o"), "--json"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    files = {f["path"]: f["fate"] for f in json.loads(proc.stdout)["files"]}
    assert files["files/validator.cpp"] == "copied to validators/validator.cpp.h"
    assert files["statement-sections/indonesian/legend.tex"] == "Markdown in the id statement template"   # Indonesian, kept as statement/problem.id.md.j2


def test_the_kattis_export_ships_the_validator_with_what_it_includes(imported, tmp_path: Path) -> None:
    from ojpack.sandbox import prepare
    from ojpack.testdata.validate import Validator

    folder = imported["polygon-maxlex"].folder
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "export", "--to", "kattis", "--no-check", "-p",
                           str(folder)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    shipped = next((folder / "build" / "export" / "kattis").glob("*/input_validators/validate"))
    assert sorted(p.name for p in shipped.iterdir()) == ["testlib.h", "val.cpp.h", "validate.cpp"]
    assert "polygon_group=2..2" in next(shipped.parents[1].glob("data/secret/s2/testdata.yaml")).read_text()
    # compiled from the export alone, it takes Kattis's flags: s2's group allows at most 5000 letters
    validator = Validator(prepare(shipped / "validate.cpp", tmp_path / "cache"), "kattis-export")
    long = b"2\n" + b"a" * 3000 + b" " + b"b" * 3000 + b"\n"
    assert not validate_bytes(validator, long, {"polygon_group": (2, 2)}).valid
    assert validate_bytes(validator, long, {"polygon_group": (3, 3)}).valid
