"""IOI function tasks in the Kattis format (kattis-problem-ports/ioi-2022-kattis, trimmed under
tests/formats/fixtures/ioi2022-kattis, see its SOURCE.txt): a submission is a function file compiled with
`include/cpp/grader.cpp`, groups are scored by the ports' multiplicative grader (`graders/grader.py`,
`grader_flags: min subtask_score=N`: the output validator's score.txt is a share of the group), and
`partially_accepted/` submissions must earn some points but not all. Each gets its expected verdict and score;
and ojpack's own grader task goes to Kattis and comes back judged the same."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from ojpack.publish import import_package
from ojpack.scaffold import new_problem

FIXTURES = Path(__file__).parents[1] / "fixtures" / "ioi2022-kattis"


def _check(folder: Path) -> dict[str, dict]:
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "check", "--no-proof", "--json", "-p", str(folder)],
                          capture_output=True, text=True)
    report = json.loads(proc.stdout)
    bad = [(s["name"], s["verdict"], s["score"], s["faults"]) for s in report["solutions"] if not s["ok"]]
    assert report["ok"] and not bad, (bad, report.get("problems"), proc.stderr[-600:])
    return {s["name"]: s for s in report["solutions"]}


def test_prisonerchallenge_links_the_grader_and_scores_by_the_ports_grader(tmp_path: Path) -> None:
    report = import_package(FIXTURES / "prisonerchallenge", tmp_path / "p")
    spec = yaml.safe_load((tmp_path / "p" / "problem.yaml").read_text())
    assert spec["solutions"]["include"] == {"cpp": "include/cpp"}
    assert spec["checker"]["score_file"] == "share"
    assert spec["solutions"]["solutions/partial/author_x_24.cpp"] == {"score_range": [0.01, 99.99]}
    said = " | ".join(report.notes)
    assert "multiplicative custom grader" in said and "custom grader (grading: custom) is not run" not in said
    assert "subtask_score" not in said.replace("subtask_score=N", "")
    got = {name: (s["verdict"], s["score"]) for name, s in _check(tmp_path / "p").items()}
    # the model solution (x = 20) earns all of group 3; author_x_24 (x = 22 at N = 2010) 80 of its 90 points
    assert got == {"accepted/model.cpp": ("AC", 100), "partial/author_x_24.cpp": ("PC", 90),
                   "partial/sqrt.cpp": ("WA", 10), "wrong_answer/sample.cpp": ("WA", 0),
                   "time_limit_exceeded/wiwitrifai_tle_heavy_simulate_all.cpp": ("TLE", 0)}, got
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "export", "--to", "kattis", "--no-check", "--json",
                           "-p", str(tmp_path / "p")], capture_output=True, text=True)
    lost = json.loads(proc.stdout)["targets"][0]["cannot_express"]   # Kattis' default grader reads points
    assert any("score.txt is a share of the test's group" in n for n in lost), lost


@pytest.mark.slow   # six C++ compiles and 21 tests x six submissions: prisonerchallenge covers the same paths
def test_thousandsislands_gives_35_percent_of_a_group_through_the_validators_share(tmp_path: Path) -> None:
    import_package(FIXTURES / "thousandsislands", tmp_path / "t")
    got = {name: (s["verdict"], s["score"]) for name, s in _check(tmp_path / "t").items()}
    # claiming a journey exists without a valid one earns 35% of the group (accept_with_score(0.35))
    assert got == {"accepted/model.cpp": ("AC", 100), "partial/yoshiyuki_incorrect_random_branch.cpp": ("PC", 35),
                   "partial/complete.cpp": ("WA", 20.75), "partial/double.cpp": ("WA", 24),
                   "partial/n_equals_two.cpp": ("WA", 5),
                   "wrong_answer/ayaze_double_edge_wa_root_cycle.cpp": ("WA", 0)}, got


def test_a_grader_task_exported_to_kattis_imports_back_and_checks_the_same(tmp_path: Path) -> None:
    made = new_problem(tmp_path / "g", "grader", ("en",)).root   # type: ignore[arg-type]
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "export", "--to", "kattis", "--no-check", "--json",
                           "-p", str(made)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-800:] + proc.stderr[-800:]
    lost = json.loads(proc.stdout)["targets"][0]["cannot_express"]
    # Kattis compiles include/cpp/ with a C++ submission; a Python or Java one would run without its grader
    assert any("solutions/accepted/sum.py left out: include/ carries no python grader" in n for n in lost), lost
    out = next((made / "build" / "export" / "kattis").glob("*/problem.yaml")).parent
    assert sorted(p.name for p in (out / "submissions").rglob("*") if p.is_file()) == ["no_mod.cpp", "sum.cpp"]
    import_package(out, tmp_path / "back")
    got = {name: s["verdict"] for name, s in _check(tmp_path / "back").items()}
    assert got == {"accepted/sum.cpp": "AC", "wrong_answer/no_mod.cpp": "WA"}


def test_a_test_linked_to_a_missing_file_is_left_out_not_a_crash(tmp_path: Path) -> None:
    """ioi-2022-kattis keeps each case once and links the groups that share it; a copy whose linked file is
    missing (catfishfarm's group8 links into group1, whose big inputs a mirror lacked) read as a Python
    FileNotFoundError. The case is left out and the import says so."""
    import os
    import shutil

    from ojpack.formats.importing import read

    src = shutil.copytree(FIXTURES / "prisonerchallenge", tmp_path / "src", symlinks=True)
    group = sorted(p for p in (src / "data" / "secret").iterdir() if p.is_dir())[-1]
    before = len(read(src).tests)
    os.symlink("../group1/999-gone.in", group / "999-gone.in")
    assert len(read(src).tests) == before
    report = import_package(src, tmp_path / "p")
    assert any(n.startswith(f"data/secret/{group.name}/999-gone.in: a symlink to ../group1/999-gone.in, which does "
                            "not exist: left out") for n in report.notes), report.notes
