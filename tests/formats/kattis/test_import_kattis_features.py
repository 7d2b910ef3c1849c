"""Kattis / ICPC features beyond one run per test, on real BAPCtools test packages (tests/formats/fixtures/
kattis, see its README): multi-pass problems import, judge every submission as `bt run` does, and export to
the one target that can say what they are."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from ojpack.errors import ProblemConfigError
from ojpack.problem import load_problem
from ojpack.publish import import_package

FIXTURES = Path(__file__).parents[1] / "fixtures" / "kattis"


def ojpack(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args], capture_output=True, text=True)


def checked(folder: Path) -> dict:
    proc = ojpack("check", "--no-proof", "--full", "--json", "-p", str(folder))
    report = json.loads(proc.stdout)
    bad = [(s["name"], s["verdict"], s["expected"]) for s in report["solutions"] if not s["ok"]]
    assert report["ok"] and not bad, (bad, report.get("problems"))
    return report


@pytest.mark.parametrize("name", ["bapc-multipass", "bapc-interactivemultipass"])
def test_multi_pass_packages_import_and_judge_as_bapctools_does(tmp_path: Path, name: str) -> None:
    import_package(FIXTURES / name, tmp_path / name)
    spec = yaml.safe_load((tmp_path / name / "problem.yaml").read_text())
    assert spec["multi_pass"] == {"passes": 2}
    report = checked(tmp_path / name)
    got = {s["name"]: s["verdict"] for s in report["solutions"]}
    # right in the first pass, wrong only in the second: multi-pass judging is what tells them apart
    assert got["accepted/absolute.py"] == "AC" and got["wrong_answer/negative_second_pass.py"] == "WA"


def test_multi_pass_exports_to_icpc2025_and_is_refused_by_the_legacy_format(tmp_path: Path) -> None:
    pkg = tmp_path / "mp"
    import_package(FIXTURES / "bapc-multipass", pkg)
    proc = ojpack("export", "--to", "icpc2025,kattis", "-p", str(pkg))
    assert proc.returncode == 1
    assert "the legacy Kattis format has no multi-pass problems" in proc.stdout + proc.stderr
    meta = yaml.safe_load((pkg / "build" / "export" / "icpc2025" / "bapcmultipass" / "problem.yaml").read_text())
    assert meta["type"] == ["pass-fail", "multi-pass"]
    assert not (pkg / "build" / "export" / "kattis").exists()
    # and back: the exported package imports as multi-pass again
    import_package(pkg / "build" / "export" / "icpc2025" / "bapcmultipass", tmp_path / "again")
    assert yaml.safe_load((tmp_path / "again" / "problem.yaml").read_text())["multi_pass"] == {"passes": 2}


def test_multi_pass_needs_a_program_that_can_ask_for_another_pass(tmp_path: Path) -> None:
    pkg = tmp_path / "mp"
    import_package(FIXTURES / "bapc-multipass", pkg)
    spec = (pkg / "problem.yaml").read_text()
    spec = spec.replace("  type: program\n  source: validators/checker/multipass_validator.py\n  convention: kattis\n",
                        "  type: tokens\n")
    (pkg / "problem.yaml").write_text(spec)
    with pytest.raises(ProblemConfigError, match="multi_pass.*needs a program that writes nextpass.in"):
        load_problem(pkg)


def test_an_interactor_that_closes_its_output_early_judges_as_bapctools_does(tmp_path: Path) -> None:
    import_package(FIXTURES / "bapc-pseudointeraction", tmp_path / "p")
    got = {s["name"]: s["verdict"] for s in checked(tmp_path / "p")["solutions"]}
    assert got == {"accepted/eof.py": "AC", "accepted/read.py": "AC", "wrong_answer/trailing.py": "WA"}


def test_an_output_validator_with_its_own_build_and_run_scripts(tmp_path: Path) -> None:
    # output_validator/ has `build` (cc ... -o jury) and `run` (runs ./jury): built in the cage, run as is
    import_package(FIXTURES / "bapc-boolfind", tmp_path / "b")
    spec = yaml.safe_load((tmp_path / "b" / "problem.yaml").read_text())
    assert spec["interactor"] == {"source": "interactor/run"}
    got = {s["name"]: s["verdict"] for s in checked(tmp_path / "b")["solutions"]}
    assert got == {"accepted/boolfind-test-correct.c": "AC", "wrong_answer/boolfind-test-no-output.c": "WA"}


def test_a_package_without_an_accepted_submission_keeps_the_jurys_answers(tmp_path: Path) -> None:
    report = import_package(FIXTURES / "bapc-hellounix", tmp_path / "h")
    spec = yaml.safe_load((tmp_path / "h" / "problem.yaml").read_text())
    assert "model_solution" not in spec
    assert all("answer" in t for lines in spec["tests"].values() for t in lines)
    assert any("no model solution" in n for n in report.notes)
    got = {s["name"]: s["verdict"] for s in checked(tmp_path / "h")["solutions"]}
    assert got == {"run_time_error/test-sigfpe.c": "RE", "run_time_error/test-sigsegv.c": "RE"}
    assert "no accepted solution to hold it to" in ojpack("check", "--no-proof", "-p", str(tmp_path / "h")).stdout
    # the jury's answer is the data's, byte for byte
    assert (tmp_path / "h" / "data" / "sample" / "01-1.ans").read_bytes() == \
        (FIXTURES / "bapc-hellounix" / "data" / "sample" / "1.ans").read_bytes()
    # without a model solution, every test must carry its answer
    text = (tmp_path / "h" / "problem.yaml").read_text()
    (tmp_path / "h" / "problem.yaml").write_text(text.replace("    answer: generators/manual/sample/1.ans\n", "", 1))
    with pytest.raises(ProblemConfigError, match="no model_solution to answer this test"):
        load_problem(tmp_path / "h")


def test_an_interactor_that_may_score_is_named_as_not_read(tmp_path: Path) -> None:
    """ioi-2022-kattis rarestinsects (`validation: custom interactive score`): its interactor's score.txt
    gives partial points, which ojpack's interactors do not carry; the import says so (its partial
    solutions then earn 100, and `check` names each)."""
    from ojpack.formats.importing import read
    from ojpack.formats.kattis.passes import scored

    assert scored({"validation": "custom interactive score"}) and scored({"type": ["interactive", "scoring"]})
    assert not scored({"validation": "custom interactive"}) and not scored({"type": "interactive"})
    src = shutil.copytree(FIXTURES / "bapc-boolfind", tmp_path / "src")
    meta = src / "problem.yaml"
    meta.write_text(meta.read_text().replace("type: interactive", "type: [interactive, scoring]"))
    assert any(n.startswith("the interactor's score.txt is not read") for n in read(src).notes)
    assert not any("score.txt" in n for n in read(FIXTURES / "bapc-boolfind").notes)
