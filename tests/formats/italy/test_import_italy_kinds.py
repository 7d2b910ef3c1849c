"""CMS italy_yaml and task-maker tasks of the other CMS task types (tests/formats/fixtures/italy, SOURCE.txt):
Batch with graders, Communication (one or two processes, FIFOs or stdin / stdout, with stubs or alone) and
OutputOnly (with or without a comparator) import as ojpack's kinds and judge as CMS and task-maker do."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from ojpack.errors import OjpackError
from ojpack.judging import Verdict, judge
from ojpack.problem import load_problem
from ojpack.publish import import_package

FIXTURES = Path(__file__).parents[1] / "fixtures" / "italy"


def imported(source: Path, tmp_path: Path) -> tuple[dict, list[str], Path]:
    out = tmp_path / f"{source.name}-out"
    report = import_package(source, out)
    return yaml.safe_load((out / "problem.yaml").read_text()), report.notes, out


def verdict(out: Path, solution: str) -> tuple[Verdict, float]:
    judged = judge(load_problem(out), out / "solutions" / solution)
    return judged.verdict, judged.score


def copy_of(name: str, tmp_path: Path) -> Path:
    source = tmp_path / name
    shutil.copytree(FIXTURES / name, source)
    return source


def test_a_batch_task_with_graders_links_each_language_with_its_own(tmp_path: Path) -> None:
    spec, _, out = imported(FIXTURES / "con-batchgrader", tmp_path)
    assert spec["kind"] == "grader"
    grader = spec["grader"]
    assert grader["submission_name"] == "batchgrader"   # CMS builds batchgrader.java, `unit batchgrader`
    assert grader["java"] == {"files": ["graders/grader.java"], "main": "grader"}
    assert [grader[lang]["files"] for lang in ("cpp", "c", "pascal")] == \
        [["graders/grader.cpp"], ["graders/grader.c"], ["graders/grader.pas"]]
    assert (out / "graders/grader.pas").read_bytes() == (FIXTURES / "con-batchgrader/sol/grader.pas").read_bytes()
    assert sorted(p.name for p in (out / "solutions/accepted").iterdir()) == \
        ["solution.cpp", "solution.java", "solution.pas"]   # the graders are not solutions
    assert verdict(out, "accepted/solution.cpp") == (Verdict.AC, 100)
    assert verdict(out, "accepted/solution.pas") == (Verdict.AC, 100)
    wrong = out / "solutions/wrong_answer/minus.cpp"   # the model's copy: the answers stay the model's
    wrong.parent.mkdir()
    wrong.write_text((out / "solutions/accepted/solution.cpp").read_text().replace("a+b", "a-b"))
    assert verdict(out, "wrong_answer/minus.cpp")[0] is Verdict.WA


def test_a_communication_task_runs_its_manager_as_cms_does(tmp_path: Path) -> None:
    """con_test's manager opens input.txt and writes output.txt in its folder; the stub asks it for more."""
    spec, _, out = imported(FIXTURES / "con-communicationtwoways", tmp_path)
    comm = spec["communication"]
    assert spec["kind"] == "communication" and "io" not in spec   # task.yaml's default infile means nothing here
    assert (comm["manager"], comm["processes"], comm["channel"]) == ("graders/manager.cpp", 1, "fifo")
    assert comm["stub"]["cpp"]["files"] == ["graders/stub.cpp", "graders/communicationtwoways.h"]
    assert comm["stub"]["java"] == {"files": ["graders/stub.java"], "main": "stub"}
    assert (out / "graders/manager_cms.h").read_bytes() == \
        (FIXTURES / "con-communicationtwoways/check/manager.cpp").read_bytes()
    assert not list(out.glob("generators/manual/*/*.ans"))   # the manager judges: no answers kept
    assert verdict(out, "accepted/solution.c") == (Verdict.AC, 100)
    assert verdict(out, "accepted/solution.cpp") == (Verdict.AC, 100)
    wrong = out / "solutions/wrong_answer/no_c.cpp"
    wrong.parent.mkdir()
    wrong.write_text((out / "solutions/accepted/solution.cpp").read_text().replace("a+b+c", "a+b"))
    assert verdict(out, "wrong_answer/no_c.cpp")[0] is Verdict.WA


def test_an_imported_communication_task_exports_to_cms_and_imports_again(tmp_path: Path) -> None:
    """The CMS export's check/manager.cpp is the import's adapter; the original beside it (manager_cms.h)
    is what the next import keeps, so the manager is wrapped once, not twice."""
    _, _, out = imported(FIXTURES / "con-communicationtwoways", tmp_path)
    done = subprocess.run([sys.executable, "-m", "ojpack.cli", "export", "--to", "cms", "--no-check"], cwd=out,
                          capture_output=True, text=True, env={**os.environ, "COLUMNS": "100"}, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    again = tmp_path / "again"
    shutil.copytree(out / "build/export/cms", again)
    _, _, back = imported(again, tmp_path)   # the export's sol/ holds the solutions: nothing added by hand
    assert (back / "graders/manager_cms.h").read_bytes() == \
        (FIXTURES / "con-communicationtwoways/check/manager.cpp").read_bytes()
    assert verdict(back, "accepted/soluzione.cpp") == (Verdict.AC, 100)
    assert verdict(back, "accepted/accepted_solution.c") == (Verdict.AC, 100)


def test_task_maker_two_processes_get_their_index(tmp_path: Path) -> None:
    spec, _, out = imported(FIXTURES / "tm-communication", tmp_path)
    assert spec["communication"]["processes"] == 2 and spec["communication"]["channel"] == "fifo"
    # task-maker's own expectations (tests/communication.rs): solution 100, wrong 0 with "Ko!"
    assert verdict(out, "accepted/solution.cpp") == (Verdict.AC, 100)
    assert verdict(out, "wrong_answer/wrong.cpp") == (Verdict.WA, 0)


def test_a_communication_task_without_stubs_runs_the_submission_alone_on_stdio(tmp_path: Path) -> None:
    source = copy_of("tm-communication-stdio", tmp_path)
    manager = source / "check" / "manager.cpp"   # late to open its FIFOs: the process is gone by then
    manager.write_text("#include <unistd.h>\n" + manager.read_text().replace(
        "signal(SIGPIPE, SIG_IGN);", "signal(SIGPIPE, SIG_IGN); usleep(300000);"))
    spec, notes, out = imported(source, tmp_path)
    comm = spec["communication"]
    assert comm["channel"] == "stdio" and sorted(comm["stub"]) == ["c", "cpp", "python"]
    assert any("built alone" in n for n in notes)
    # task-maker (tests/communication_stdio.rs): solution.py 100, no_output 0 as a wrong answer
    assert verdict(out, "accepted/solution.py") == (Verdict.AC, 100)
    assert verdict(out, "wrong_answer/no_output.cpp") == (Verdict.WA, 0)


def outputs(source: Path, folder: Path, spoil: int | None = None) -> Path:
    """CMS's output-only submission: output/output<i>.txt as output_<iii>.txt, one of them wrong."""
    folder.mkdir()
    for i in range(10):
        data = (source / "output" / f"output{i}.txt").read_text()
        (folder / f"output_{i:03d}.txt").write_text("-1\n" if i == spoil else data)
    return folder


@pytest.mark.parametrize("comparator", [True, False])
def test_an_output_only_task_judges_the_output_files(comparator: bool, tmp_path: Path) -> None:
    source = copy_of("con-outputonlycomparator", tmp_path)
    if not comparator:
        shutil.rmtree(source / "check")
    spec, notes, out = imported(source, tmp_path)
    assert spec["kind"] == "output_only" and spec["output_only"] == {} and "model_solution" not in spec
    assert spec["checker"]["type"] == ("program" if comparator else "tokens")
    assert "no solver in sol/: the answers are output/'s files, as CMS judges with them" in notes
    problem = load_problem(out)
    good = judge(problem, outputs(source, tmp_path / "good"))
    assert (good.verdict, good.score) == (Verdict.AC, 100)
    bad = judge(problem, outputs(source, tmp_path / "bad", spoil=9))   # the last subtask's, worth 30
    assert (bad.verdict, bad.score) == (Verdict.WA, 70)


@pytest.mark.parametrize("change, said", [("manager.cpp", "compiled manager without its C\\+\\+ source"),
                                          ("controller.cpp", "starts neither start_one_solution nor start_many"),
                                          ("infile", "a task with graders that reads or writes files")])
def test_what_ojpack_cannot_build_is_refused_in_one_line(change: str, said: str, tmp_path: Path) -> None:
    """A compiled manager alone; a task-maker controller whose number of processes cannot be read;
    graders reading input.txt (CMS's default when task.yaml names no infile)."""
    source = copy_of("con-batchgrader" if change == "infile" else "con-communicationtwoways", tmp_path)
    if change == "manager.cpp":
        (source / "check" / "manager.cpp").rename(source / "check" / "manager")
    elif change == "controller.cpp":
        shutil.rmtree(source / "check")
        (source / "check").mkdir()
        (source / "check" / "controller.cpp").write_text("int test(FILE*, FILE*);\n")
        (source / "task.yaml").rename(source / "task.yaml.orig")
    else:
        conf = source / "task.yaml"
        conf.write_text(conf.read_text().replace('infile: ""\n', "").replace('outfile: ""\n', ""))
    with pytest.raises(OjpackError, match=said):
        import_package(source, tmp_path / "out")


@pytest.mark.parametrize("task, processes, expected", [
    ("tm-interactive", 1, {"solution.cpp": (Verdict.AC, 100), "wrong.cpp": (Verdict.WA, 0),
                           "wrong_protocol.cpp": (Verdict.WA, 0), "crash.cpp": (Verdict.RE, 0)}),
    ("tm-interactive-many", 20, {"solution.cpp": (Verdict.AC, 100), "wrong.cpp": (Verdict.WA, 0),
                                 "crash.cpp": (Verdict.RE, 0)})])
def test_a_task_maker_controller_runs_as_a_communication_manager(task: str, processes: int, expected: dict,
                                                                 tmp_path: Path) -> None:
    """task-maker's interactive type (tests/interactive.rs: the scores, and a crash is a runtime error): the
    controller, kept as it is, speaks task-maker's protocol (START_SOLUTION, the fds on stdin, SCORE: on
    stderr) to an adapter that speaks ojpack's; its solutions' stdin and stdout are the channel."""
    spec, notes, out = imported(FIXTURES / task, tmp_path)
    section = spec["communication"]
    assert spec["kind"] == "communication" and (section["processes"], section["channel"]) == (processes, "stdio")
    assert (out / "graders" / "controller_tm.h").read_bytes() == (FIXTURES / task / "check" / "controller.cpp").read_bytes()
    problem = load_problem(out)
    for name, want in expected.items():
        path = next((out / "solutions").rglob(name))
        judged = judge(problem, path)
        assert (judged.verdict, judged.score) == want, name
