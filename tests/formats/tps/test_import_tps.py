"""A real TPS task (tests/formats/fixtures/tps-decks, see its SOURCE.txt) imports and builds: gen/data's
subtasks with @include and manual tests, testlib generators, the global testlib validator through Polygon's
adapter, subtasks.json's scores, and solutions.json's verdicts with their per-subtask `except`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from ojpack.errors import OjpackError
from ojpack.judging import Verdict, judge
from ojpack.problem import load_problem
from ojpack.publish import import_package

FIXTURE = Path(__file__).parents[1] / "fixtures" / "tps-decks"


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, list[str], Path]:
    out = tmp_path_factory.mktemp("tps") / "decks"
    report = import_package(FIXTURE, out)
    assert report.format == "tps"
    return yaml.safe_load((out / "problem.yaml").read_text()), report.notes, out


@pytest.mark.slow   # compiles three testlib generators, the testlib validator and solutions (~90 s on 2 cores)
def test_subtasks_tests_and_includes(imported: tuple[dict, list[str], Path]) -> None:
    spec, notes, _ = imported
    # the worthless samples subtask is ojpack's sample group; the others' 10+5+10+25 scaled to 100
    assert [(s["group"], s["score"]) for s in spec["subtasks"]] == [("s1", 20), ("s2", 10), ("s3", 20), ("s4", 50)]
    assert len(spec["tests"]["sample"]) == 3 and len(spec["tests"]["s1"]) == 3 + 3   # @include samples
    assert len(spec["tests"]["s4"]) == 3 + 6 + 2 + 4 + 1
    assert spec["tests"]["s2"][0]["gen"] == "gen2.cpp 1 1 1 1"
    assert spec["limits"] == {"time": 1.0, "memory": 128} and spec["validator"] == "validators/validate.cpp"
    assert any("per-subtask validators (val1.cpp) are not run" in n for n in notes)
    assert spec["judging"] == {"verdict": "first_failure"}


@pytest.mark.slow
def test_solutions_json_verdicts_and_exceptions(imported: tuple[dict, list[str], Path]) -> None:
    spec, _, out = imported
    assert spec["model_solution"] == "solutions/accepted/sol.cpp"
    assert spec["solutions"]["solutions/time_limit_exceeded/tle.cpp"] == {"s1": "AC", "s2": "AC", "s3": "TLE",
                                                                          "s4": "TLE"}
    assert spec["solutions"]["solutions/run_time_error/re.cpp"] == {"s1": "RE", "s2": "AC", "s3": "RE", "s4": "RE"}
    judged = judge(load_problem(out), out / "solutions/run_time_error/re.cpp")
    got = {s.group: s.verdict for s in judged.subtasks}
    # as its `except` says: s1 RE, s2 AC (s3's and s4's failing tests are trimmed away but s4's sample)
    assert (judged.verdict, got["s1"], got["s2"], got["s4"]) == (Verdict.RE, Verdict.RE, Verdict.AC, Verdict.RE)


def test_graders_declared_but_missing_and_a_missing_manual_test_are_refused(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(FIXTURE, source)
    meta = json.loads((source / "problem.json").read_text())
    (source / "problem.json").write_text(json.dumps({**meta, "has_grader": True}))
    with pytest.raises(OjpackError, match=r"says the task has graders, but there is no graders/<lang>/grader"):
        import_package(source, tmp_path / "a")
    (source / "problem.json").write_text(json.dumps(meta))
    (source / "gen" / "manual" / "sample2.in").unlink()
    with pytest.raises(OjpackError, match=r"gen/data:3: manual sample2.in: no such file"):
        import_package(source, tmp_path / "b")
