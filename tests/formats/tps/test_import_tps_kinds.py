"""TPS's other kinds: a Batch task with graders (IOI 2017 simurgh, tests/formats/fixtures/tps-simurgh: C++, Java
and Pascal graders) imports as `kind: grader`, an OutputOnly task (IOI 2017 nowruz) as `kind: output_only`, a
Communication task's manager and stubs as `kind: communication`; TPS 2017's two-stage Communication (the
manager's output judged by a checker) and TwoSteps are refused in one line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from ojpack.errors import OjpackError
from ojpack.formats.tps import importer
from ojpack.publish import import_package

FIXTURES = Path(__file__).parents[1] / "fixtures"


def test_a_grader_task_reads_its_graders_per_language_and_the_public_files() -> None:
    imp = importer.read(FIXTURES / "tps-simurgh")
    assert imp.kind["kind"] == "grader"
    grader = imp.kind["grader"]
    assert grader["cpp"] == {"files": ["graders/cpp/grader.cpp", "graders/cpp/simurgh.h"]}
    assert grader["java"] == {"files": ["graders/java/grader.java"], "main": "grader"}
    assert grader["pascal"] == {"files": ["graders/pascal/grader.pas", "graders/pascal/graderlib.pas"]}
    assert grader["submission_name"] == "simurgh" and "public/cpp/simurgh.h" in grader["public"]
    assert not any(p.endswith(".sh") for p in grader["public"])
    # TPS's default checker (has_checker left out) reads the grader's secret line
    assert imp.checker["source"] == "validators/checker/check.cpp"
    # `failed` with `except`: one folder verdict, the per-subtask sets beside it
    brute = next(s for s in imp.solutions if s.path == "brute-force-all-trees.cpp")
    assert brute.verdicts == ["WA"] and brute.expect is not None and brute.expect["n7"] == ["AC"]


def test_an_output_only_task_and_its_over_long_time_limit() -> None:
    imp = importer.read(FIXTURES / "tps-nowruz")
    assert imp.kind == {"kind": "output_only", "output_only": {}}
    assert imp.limits["time"] == 60.0 and any("100 s" in n for n in imp.notes)
    by = {s.path: s for s in imp.solutions}
    # partially_correct without except: some of the points, not all; incorrect: a share allowed (TPS's labels)
    assert (by["multi_dfs.cpp"].score_range, by["multi_dfs.cpp"].expect) == ((0.01, 99.99), None)
    assert by["addleaves.cpp"].verdicts == ["WA", "PC"] and by["maxleaves-malek-v4.cpp"].verdicts == ["AC"]


def _communication(tmp_path: Path, **meta: object) -> Path:
    """A Communication task: the simurgh fixture's data with a manager and stubs of TPS's later layout."""
    task = tmp_path / "task"
    shutil.copytree(FIXTURES / "tps-simurgh", task, ignore=shutil.ignore_patterns("grader", "checker", "public"))
    base = json.loads((task / "problem.json").read_text())
    (task / "problem.json").write_text(json.dumps({**base, "type": "Communication", **meta}))
    (task / "graders" / "cpp").mkdir(parents=True)
    (task / "graders" / "manager.cpp").write_text("int main() { return 0; }\n")
    (task / "graders" / "cpp" / "stub.cpp").write_text("int main() { return 0; }\n")
    (task / "graders" / "cpp" / "simurgh.h").write_text("int f();\n")
    return task


def test_a_communication_task_becomes_manager_and_stubs(tmp_path: Path) -> None:
    task = _communication(tmp_path, grader_name="stub", num_processes=2, user_io="std_io")
    imp = importer.read(task)
    comm = imp.kind["communication"]
    assert imp.kind["kind"] == "communication" and comm["manager"] == "graders/manager.cpp"
    assert (comm["processes"], comm["channel"]) == (2, "stdio")
    assert comm["stub"] == {"cpp": {"files": ["graders/cpp/stub.cpp", "graders/cpp/simurgh.h"]}}
    assert imp.checker.get("type") == "tokens"   # the manager judges: no checker by default


def test_two_stage_communication_and_two_steps_are_refused(tmp_path: Path) -> None:
    task = _communication(tmp_path, grader_name="stub")
    (task / "checker").mkdir()
    (task / "checker" / "checker.cpp").write_text("int main() {}\n")
    with pytest.raises(OjpackError, match="judged by checker/checker.cpp"):
        importer.read(task)
    (task / "problem.json").write_text(json.dumps({"name": "x", "type": "TwoSteps"}))
    with pytest.raises(OjpackError, match="TwoSteps task"):
        importer.read(task)


@pytest.mark.slow   # compiles generators, validator, checker, eight solutions with their graders (~90 s on 2 cores)
def test_simurgh_imports_as_a_grader_problem_and_every_solution_gets_its_verdict(tmp_path: Path) -> None:
    from ojpack.judging import check
    from ojpack.problem import load_problem
    report = import_package(FIXTURES / "tps-simurgh", tmp_path / "simurgh")
    spec = yaml.safe_load((tmp_path / "simurgh" / "problem.yaml").read_text())
    assert report.format == "tps" and spec["kind"] == "grader" and spec["grader"]["submission_name"] == "simurgh"
    assert (tmp_path / "simurgh" / "graders" / "pascal" / "graderlib.pas").is_file()
    result = check(load_problem(tmp_path / "simurgh"))   # C++, Java and Pascal, each linked with its grader
    assert [r.solution.name for r in result.rows if r.faults] == [] and len(result.rows) == 8


def test_a_tps_cms_export_zip_imports_with_its_task_type_and_verdict_folders(tmp_path: Path) -> None:
    shutil.copytree(FIXTURES / "tps-cms-simurgh", tmp_path / "zip" / "simurgh")
    archive = shutil.make_archive(str(tmp_path / "simurgh-CMS"), "zip", tmp_path / "zip", "simurgh")
    report = import_package(Path(archive), tmp_path / "out")
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text())
    assert report.format == "tps" and spec["kind"] == "grader" and spec["limits"] == {"time": 2.0, "memory": 1024}
    assert spec["grader"]["pascal"]["files"] == ["graders/pascal/grader.pas", "graders/pascal/graderlib.pas"]
    # subtasks/NN-name.json: n50 lists n7's tests too; each subtask carries its own copies
    assert [(s["group"], s["score"]) for s in spec["subtasks"]][:2] == [("n7", 13), ("n50", 17)]
    assert len(spec["tests"]["sample"]) == 1 and len(spec["tests"]["n50"]) == 5
    assert spec["model_solution"] == "solutions/accepted/optimal.cpp"
    assert spec["solutions"]["verdicts"]["solutions/wrong_answer/brute_force.java"] == ["WA", "TLE", "RE", "MLE", "OLE"]
    assert (tmp_path / "out" / "solutions" / "run_time_error" / "increamental-tree.cpp").is_file()
    assert report.answer_diffs == []   # the model's outputs are the export's .out files


@pytest.mark.slow   # generates seven mazes, runs twelve solvers and the checker (~3 min on 2 busy cores)
def test_nowruz_every_solution_gets_its_tps_verdict_in_check(tmp_path: Path) -> None:
    from ojpack.judging import check
    from ojpack.problem import load_problem
    report = import_package(FIXTURES / "tps-nowruz", tmp_path / "nowruz")
    assert any("maxleaves-malek-v3.cpp: no such file" in n for n in report.notes)
    spec = yaml.safe_load((tmp_path / "nowruz" / "problem.yaml").read_text())
    assert spec["kind"] == "output_only"
    assert spec["solutions"]["solutions/wrong_answer/multi_dfs.cpp"] == {"score_range": [0.01, 99.99]}
    result = check(load_problem(tmp_path / "nowruz"))
    assert [r.solution.name for r in result.rows if r.faults] == []
    assert len(result.rows) == 12


MANAGER = """#include <cstdio>
int main(int argc, char** argv) {
    FILE* out = fopen(argv[2], "w"); FILE* in = fopen(argv[1], "r");
    long a, b, c;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    fprintf(out, "%ld %ld\\n", a, b); fflush(out);
    bool ok = fscanf(in, "%ld", &c) == 1 && c == a + b;
    printf(ok ? "1\\n" : "0\\n"); fprintf(stderr, ok ? "ok\\n" : "wrong\\n");
}
"""
STUB = """#include <cstdio>
#include "add.h"
int main(int argc, char** argv) {
    FILE* in = fopen(argv[1], "r"); FILE* out = fopen(argv[2], "w");
    long a, b;
    if (fscanf(in, "%ld %ld", &a, &b) != 2) return 1;
    fprintf(out, "%ld\\n", add(a, b)); fflush(out);
}
"""


def test_a_communication_cms_export_imports_and_its_solutions_get_their_verdicts(tmp_path: Path) -> None:
    """A CMS export of a Communication task (protocol 2: [num_processes, compilation, user_io]), written
    here: no public TPS Communication task whose manager prints the score was found."""
    from ojpack.judging import check
    from ojpack.problem import load_problem
    src = tmp_path / "add"
    files = {"graders/manager.cpp": MANAGER, "graders/stub.cpp": STUB, "graders/add.h": "long add(long, long);\n",
             "solutions/model_solution/add.cpp": '#include "add.h"\nlong add(long a, long b) { return a + b; }\n',
             "solutions/incorrect/sub.cpp": '#include "add.h"\nlong add(long a, long b) { return a - b; }\n',
             "tests/0-01.in": "1 2\n", "tests/1-01.in": "5 7\n", "tests/1-02.in": "3 3\n",
             "subtasks/00-samples.json": '{"score": 0, "testcases": ["0-01"]}',
             "subtasks/01-all.json": '{"score": 100, "testcases": ["1-01", "1-02"]}',
             "problem.json": json.dumps({"protocol_version": 2, "code": "add", "name": "Add", "time_limit": 1.0,
                                         "memory_limit": 2 ** 28, "task_type": "Communication",
                                         "task_type_params": [1, "stub", "fifo_io"]})}
    for rel, text in files.items():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text(text)
    import_package(src, tmp_path / "out")
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text())
    assert spec["kind"] == "communication" and spec["communication"]["stub"]["cpp"]["files"][0] == "graders/cpp/stub.cpp"
    result = check(load_problem(tmp_path / "out"))
    assert {r.solution.name: (str(r.verdict), r.faults) for r in result.rows} == {
        "accepted/add.cpp": ("AC", ()), "wrong_answer/sub.cpp": ("WA", ())}
