"""Files a caged checker, interactor or proof generator leaves for ojpack (root) to read: a symbolic link to a
host file is never followed, and a feedback folder is capped in total. The hostile programs are in hostile/."""

from __future__ import annotations

import json
import shutil
from dataclasses import asdict
from pathlib import Path

import pytest

from ojpack.cache import cache_for
from ojpack.errors import OjpackError
from ojpack.judging import judge
from ojpack.judging.checker import CheckerError, load_checker
from ojpack.judging.crosscheck import check
from ojpack.judging.verdicts import Verdict
from ojpack.problem.load import load_problem

from conftest import host_secret

HOSTILE = Path(__file__).parent / "hostile"
SECRET = "TOPSECRET-4f1c9e-host-only"


def plant(tmp_path: Path, folder: Path, program: str) -> str:
    """Copy a hostile program into `folder`, with target.txt naming a secret file only the host can see."""
    secret = host_secret(tmp_path, SECRET)
    folder.mkdir(exist_ok=True)
    shutil.copy(HOSTILE / program, folder / program)
    (folder / "target.txt").write_text(str(secret))
    return program


def add_yaml(toy: Path, line: str) -> None:
    (toy / "problem.yaml").write_text((toy / "problem.yaml").read_text() + line + "\n")


def right_submission(toy: Path) -> Path:
    path = toy / "right.py"
    path.write_text("a, b = map(int, input().split())\nprint(a + b, flush=True)\n")
    return path


@pytest.mark.parametrize("folder, program, line", [
    ("checkers", "feedback_link_checker.py", "checker: {type: program, source: checkers/feedback_link_checker.py, "
                                             "convention: kattis}"),
    ("interactor", "feedback_link_interactor.py", "interactor: {source: interactor/feedback_link_interactor.py}"),
])
def test_a_feedback_link_to_a_host_file_is_a_judge_error_and_never_read(toy: Path, tmp_path: Path, folder: str,
                                                                        program: str, line: str) -> None:
    plant(tmp_path, toy / folder, program)
    add_yaml(toy, line)
    result = judge(load_problem(toy), right_submission(toy))
    assert {c.verdict for c in result.cells} == {Verdict.JE}
    assert all("its feedback file judgemessage.txt is not a regular file" in c.message for c in result.cells)
    assert SECRET not in json.dumps([asdict(c) for c in result.cells], default=str)


def test_a_checker_flooding_its_feedback_folder_is_stopped_at_the_cap_and_judged_je(toy: Path, tmp_path: Path) -> None:
    shutil.copytree(HOSTILE, toy / "checkers", ignore=shutil.ignore_patterns("*.py"))
    add_yaml(toy, "checker: {type: program, source: checkers/feedback_flood_checker.cpp, convention: kattis}")
    checker = load_checker(load_problem(toy), cache_for(toy).dir)
    for name, body in (("in", "1 2\n"), ("ans", "3\n"), ("out", "3\n")):
        (tmp_path / name).write_text(body)
    with pytest.raises(CheckerError, match=r"it filled its feedback folder \(the cap is 16 MiB in 63 files\)"):
        checker.check(tmp_path / "in", tmp_path / "ans", tmp_path / "out")


def test_a_proof_generators_batch_link_to_a_host_file_is_refused_by_name(toy: Path, tmp_path: Path) -> None:
    name = plant(tmp_path, toy / "proof", "batch_link_generator.py")
    add_yaml(toy, f"proof: {{generator: proof/{name}, args: \"--max 4\"}}")
    with pytest.raises(OjpackError, match=f"proof generator proof/{name} must write only plain files: "
                                          "001.in is not a regular file") as e:
        check(load_problem(toy))
    assert SECRET not in str(e.value)
    assert not list((cache_for(toy).dir / "proof").iterdir())   # nothing of it is kept
