"""Partial points in the exports: the testlib adapter tells CMS the checker's fraction and writes a
Kattis scoring group's score.txt; the judges without partial scores say so in the export report."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from ojpack.problem.load import load_problem
from ojpack.formats.common.checkers import adapt_testlib_checker
from ojpack.publish.run import export, prepare
from ojpack.formats.common.package import Package
from conftest import REPO
from tests.judging.test_partial import CHECKER, TESTLIB_H


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Package:
    """The real package (it has statements to export), judged by the real testlib checker that gives points."""
    own = tmp_path_factory.mktemp("own")
    (own / "check.cpp").write_text(CHECKER)
    shutil.copy(TESTLIB_H, own / "testlib.h")
    pkg = prepare(load_problem(REPO), ["kattis", "domjudge", "icpc2025", "hydro"], checked=False)[0]
    return dataclasses.replace(pkg, checker_type="program", checker_program=own / "check.cpp",
                               checker_convention="testlib")


def _adapter(pkg: Package, protocol: str, tmp_path: Path) -> Path:
    source = adapt_testlib_checker(pkg, tmp_path / protocol, protocol, protocol)
    binary = tmp_path / f"{protocol}.bin"
    proc = subprocess.run(["g++", "-O0", "-std=gnu++17", "-o", str(binary), str(source)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return binary


def _files(tmp_path: Path, out: str) -> tuple[Path, Path, Path]:
    for name, body in (("in", "1 2\n"), ("ans", "3\n"), ("out", out + "\n")):
        (tmp_path / name).write_text(body)
    return tmp_path / "in", tmp_path / "ans", tmp_path / "out"


def test_cms_gets_the_checkers_fraction_on_stdout(package: Package, tmp_path: Path) -> None:
    binary = _adapter(package, "cms", tmp_path)

    def cms(out: str) -> tuple[int, str, str]:
        inp, ans, output = _files(tmp_path, out)
        proc = subprocess.run([str(binary), str(inp), str(ans), str(output)], capture_output=True, text=True)
        return proc.returncode, proc.stdout.strip(), proc.stderr

    code, score, said = cms("half")
    assert (code, score) == (0, "0.5") and "half of it" in said
    assert cms("pc40")[:2] == (0, "0.4") and cms("pc7")[:2] == (0, "0.07")
    assert cms("3")[:2] == (0, "1.0") and cms("4")[:2] == (0, "0.0") and cms("none")[:2] == (0, "0")
    assert cms("three")[0] != 0 and cms("pc250")[0] != 0   # out of range: CMS's judge error


def test_kattis_scoring_group_gets_score_txt(package: Package, tmp_path: Path) -> None:
    [result] = export(package, ["kattis"], out_root=tmp_path / "exported")
    assert not result.error, result.error
    groups = result.folder / package.short_name / "data" / "secret"
    flags = {g: yaml.safe_load((groups / g / "testdata.yaml").read_text())["output_validator_flags"]
             for g in ("subtask1", "subtask3")}
    assert flags == {"subtask1": "ojpack_max_score 20", "subtask3": "ojpack_max_score 50"}
    binary = _adapter(package, "kattis", tmp_path)

    def kattis(out: str, *extra: str) -> tuple[int, str | None]:
        inp, ans, output = _files(tmp_path, out)
        feedback = tmp_path / "feedback"
        feedback.mkdir(exist_ok=True)
        (feedback / "score.txt").unlink(missing_ok=True)
        with open(output, "rb") as stdin:
            code = subprocess.run([str(binary), str(inp), str(ans), f"{feedback}/", *extra], stdin=stdin).returncode
        score = feedback / "score.txt"
        return code, score.read_text().strip() if score.exists() else None

    assert kattis("half", *flags["subtask3"].split()) == (42, "25")
    assert kattis("pc40", *flags["subtask1"].split()) == (42, "8")
    assert kattis("3", *flags["subtask3"].split()) == (42, None)     # accepted: the group's accept_score
    assert kattis("none", *flags["subtask3"].split()) == (43, None)
    assert kattis("half") == (43, None)      # no maximum (pass-fail): a partial answer is a wrong one


def test_judges_without_partial_scores_say_so(package: Package, tmp_path: Path) -> None:
    results = {r.target: r for r in export(package, ["domjudge", "icpc2025", "hydro"], out_root=tmp_path / "exported")}
    assert any("DOMjudge has no partial scores" in x for x in results["domjudge"].lost)
    assert any("a partial answer is a wrong answer" in x for x in results["icpc2025"].lost)
    assert any("_pc(k) as k percent" in x for x in results["hydro"].todo)
