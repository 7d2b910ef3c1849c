"""Polygon's source types → ojpack's languages (tests/formats/fixtures/polygon-langs): C#, Perl (a .pl of type
perl.5, which ojpack's extension table would read as Prolog), Ruby, Haskell, PyPy, C++20 and Free Pascal solutions are
imported with their language kept and judged as tagged; Delphi and an unknown type are named in the report."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from ojpack.judging import check, judge
from ojpack.problem import load_problem
from ojpack.publish import import_package
from ojpack.formats.polygon.langs import polygon_language

FIXTURE = Path(__file__).parents[1] / "fixtures" / "polygon-langs"


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory):
    return import_package(FIXTURE, tmp_path_factory.mktemp("polygon") / "langs")


def test_every_solution_is_judged_as_tagged_in_its_polygon_language(imported) -> None:
    result = check(load_problem(imported.folder), proof=False)
    verdicts = {r.solution.name: str(r.verdict) for r in result.rows}
    assert verdicts == {"accepted/main.py": "AC", "accepted/sum.cs": "AC", "accepted/sum.pl": "AC",
                        "accepted/pypy.py": "AC", "accepted/ranges.cpp": "AC", "accepted/sum.pas": "AC",
                        "wrong_answer/diff.rb": "WA", "wrong_answer/product.hs": "WA"}, result.problems
    assert not result.problems


def test_a_language_the_extension_does_not_name_is_kept_in_problem_yaml(imported) -> None:
    spec = yaml.safe_load((imported.folder / "problem.yaml").read_text())
    assert spec["solutions"]["languages"] == {"solutions/accepted/sum.pl": "perl", "solutions/accepted/pypy.py": "pypy",
                                              "solutions/accepted/ranges.cpp": "cpp20"}
    # the file itself is Polygon's, byte for byte (no #! line added)
    assert (imported.folder / "solutions/accepted/sum.pl").read_bytes() == (FIXTURE / "solutions/sum.pl").read_bytes()
    # `ojpack judge` on the file takes the language problem.yaml gives it
    problem = load_problem(imported.folder)
    assert judge(problem, imported.folder / "solutions/accepted/sum.pl").language == "Perl"


def test_types_ojpack_cannot_run_are_named_not_dropped(imported) -> None:
    assert "solutions/sum.dpr (accepted): Polygon runs it as Delphi (pas.dpr), which ojpack cannot run; " \
           "not imported" in imported.notes
    assert "solutions/sum.bf (accepted): Polygon runs it as 'befungee', a type ojpack does not know, which " \
           "ojpack cannot run; not imported" in imported.notes
    assert dict(imported.files)["solutions/sum.dpr"].startswith("not carried over: Polygon runs it as Delphi")


@pytest.mark.parametrize("kind, ours", [
    ("cpp.g++17", "cpp"), ("cpp.g++11", "cpp11"), ("cpp.g++14", "cpp14"), ("cpp.msys2-mingw64-9-g++17", "cpp"),
    ("cpp.gcc13-64-winlibs-g++20", "cpp20"), ("cpp.clang++-c++20-diagnose", "cpp20"),
    ("cpp.gcc14-64-msys2-g++23", "cpp23"), ("cpp.ms2017", "cpp"), ("c.gcc11", "c"), ("java8", "java"),
    ("java21", "java"), ("kotlin19", "kotlin"), ("csharp.dotnet-sdk-6", "csharp"), ("haskell.ghc", "haskell"),
    ("ocaml", "ocaml"), ("php.5", "php"), ("perl.5", "perl"), ("ruby.3", "ruby"), ("scala", "scala"), ("go", "go"),
    ("rust.2021", "rust"), ("js.v8", "javascript"), ("v8.nodejs", "javascript"), ("python.3", "python"),
    ("python.pypy3", "pypy"), ("python.pypy3-64", "pypy"),
    ("python.2", None), ("python.pypy2", None), ("pas.fpc", "pascal"), ("pas.dpr", None), ("pas.pascalabc", None),
    ("d", None), ("tcl", None), ("java8-zip", None)])
def test_polygon_source_types(kind: str, ours: str | None) -> None:
    assert polygon_language(kind)[0] == ours


def test_exports_name_a_language_the_file_name_does_not_tell(imported, tmp_path: Path) -> None:
    """Kattis, DOMjudge and ICPC judges pick a submission's language by its file name: a Polygon Perl `.pl`
    would run there as Prolog, so each export says which solutions ojpack runs in another language."""
    from ojpack.publish.run import export, prepare
    folder = tmp_path / "langs"
    shutil.copytree(imported.folder, folder, symlinks=True)
    for lang in ("en", "zh"):   # the fixture has no statement; the Kattis-family exports need one
        (folder / "statement").mkdir(exist_ok=True)
        (folder / "statement" / f"problem.{lang}.md.j2").write_text("# Sum\n\nAdd two numbers.\n")
    pkg, _ = prepare(load_problem(folder), ["kattis", "domjudge", "icpc2025"], checked=False)
    results = {r.target: r for r in export(pkg, ["kattis", "domjudge", "icpc2025"], out_root=tmp_path / "out")}
    assert len(results) == 3 and not any(r.error for r in results.values()), results
    for target, result in results.items():
        said = [x for x in result.lost if "solutions.languages" in x]
        # Kattis and ICPC judges run a .py with PyPy 3, as problemtools and BAPCtools do; DOMjudge with CPython
        pypy = ["solutions/accepted/pypy.py"] if target == "domjudge" else []
        assert sorted(x.split(":")[0] for x in said) == [*pypy, "solutions/accepted/ranges.cpp",
                                                         "solutions/accepted/sum.pl"], (target, result.lost)
        assert any(x.startswith("solutions/accepted/sum.pl: ojpack runs it as perl") for x in said), target
