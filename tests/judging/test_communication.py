"""Communication tasks: `ojpack new --communication` (two processes and a manager, the shape of IOI 2024
"message") builds and checks as it is, and hostile submissions get the verdict CMS gives them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ojpack.errors import ProblemConfigError
from ojpack.judging import Verdict, judge
from ojpack.problem import copy_sources, load_problem
from ojpack.scaffold import new_problem

HOSTILE = Path(__file__).parent / "communication_subs"


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args], capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, "COLUMNS": "100"}, timeout=900)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = new_problem(tmp_path_factory.mktemp("cm") / "cm", "communication").root
    for step in ("build", "check"):
        r = _cli(step, cwd=root)
        assert r.returncode == 0, r.stdout + r.stderr
    assert "check passed: 4 solutions" in r.stdout   # C++, Java, Python, the wrong one
    return root


@pytest.mark.parametrize("name, verdict, said", [
    ("other_fifo.cpp", Verdict.AC, "correct"),      # process 1's FIFO is not in process 0's cage
    ("prints.py", Verdict.AC, "correct"),           # a process's own stdout is not the channel (fifo)
    ("crashes.cpp", Verdict.RE, "process 0: RE"),   # a failing process fails the test, manager or not
    ("own_main.cpp", Verdict.CE, "multiple definition of `main'"),
    ("forks.cpp", Verdict.AC, "correct"),           # the child dies with its process
])
def test_hostile_processes_get_cms_verdicts(built: Path, name: str, verdict: Verdict, said: str) -> None:
    result = judge(load_problem(built), HOSTILE / name)
    assert result.verdict is verdict
    assert said in (result.compile_error or "") + " ".join(c.message for c in result.cells)


def test_a_java_submission_is_linked_with_the_java_stub(built: Path, tmp_path: Path) -> None:
    """Class `task` compiled with graders/stub.java, run by the stub's main, one process each side."""
    right = built / "solutions" / "accepted" / "relay_java.java"
    result = judge(load_problem(built), right)
    assert result.verdict is Verdict.AC and all(c.message == "correct" for c in result.cells)
    wrong = tmp_path / "no_mod" / "task.java"
    wrong.parent.mkdir()
    wrong.write_text(right.read_text().replace("% 1000000007L", ""))
    result = judge(load_problem(built), wrong)
    assert result.verdict is Verdict.WA and "wrong answer" in " ".join(c.message for c in result.cells)


def test_c_and_pascal_stubs_link_their_submissions(built: Path, tmp_path: Path) -> None:
    """Every language a stub is given for: C compiled with stub.c, Pascal's stub program using unit task."""
    copy = copy_sources(built, tmp_path / "p")
    for name in ("stub.c", "stub.pas"):
        (copy / "graders" / name).write_bytes((HOSTILE / name).read_bytes())
    text = (copy / "problem.yaml").read_text()
    (copy / "problem.yaml").write_text(text.replace("    python: {files: [graders/stub.py]}",
                                                    "    python: {files: [graders/stub.py]}\n"
                                                    "    c: {files: [graders/stub.c]}\n"
                                                    "    pascal: {files: [graders/stub.pas]}"))
    for name in ("relay.c", "relay_unit.pas"):
        result = judge(load_problem(copy), HOSTILE / name)
        assert result.verdict is Verdict.AC, (name, result.compile_error, [c.message for c in result.cells])


def test_the_manager_score_between_0_and_1_is_partial(built: Path, tmp_path: Path) -> None:
    copy = copy_sources(built, tmp_path / "p")
    manager = copy / "graders" / "manager.cpp"
    manager.write_text(manager.read_text().replace('verdict(0, "wrong answer")', 'verdict(0.25, "close")'))
    result = judge(load_problem(copy), built / "solutions" / "wrong_answer" / "no_mod.cpp")
    pcs = [c for c in result.cells if c.verdict is Verdict.PC]
    assert pcs and all(c.share == 0.25 and c.message == "close" for c in pcs)


def test_communication_keys_are_read_strictly(built: Path, tmp_path: Path) -> None:
    copy = copy_sources(built, tmp_path / "p")
    text = (copy / "problem.yaml").read_text()
    (copy / "problem.yaml").write_text(text.replace("processes: 2", "processes: 0"))
    with pytest.raises(ProblemConfigError, match=r"line \d+: 'communication.processes'"):
        load_problem(copy)
    (copy / "problem.yaml").write_text(text.replace("channel: fifo", "channel: pipes"))
    with pytest.raises(ProblemConfigError, match=r"'communication.channel': should be one of 'fifo', 'stdio'"):
        load_problem(copy)


def test_cms_export_carries_the_manager_and_stubs(built: Path) -> None:
    """As CMS's italy_yaml loader reads a Communication task: check/manager (a binary), sol/stub.<ext> with
    the headers, num_processes and user_io in task.yaml (asserted on the files: the loader needs CMS)."""
    import yaml

    r = _cli("export", "--to", "cms", cwd=built)
    assert r.returncode == 0, r.stdout + r.stderr
    cms = built / "build" / "export" / "cms"
    assert os.access(cms / "check" / "manager", os.X_OK)
    assert sorted(p.name for p in (cms / "sol").iterdir()) == ["no_mod.cpp", "relay.h", "relay.py", "relay_java.java",
                                                               "soluzione.cpp", "stub.cpp", "stub.java", "stub.py"]
    conf = yaml.safe_load((cms / "task.yaml").read_text())
    assert (conf["num_processes"], conf["user_io"]) == (2, "fifo_io")
    # the compiled manager speaks CMS's protocol: FIFOs as arguments, the score on stdout
    assert b"u0_to_m" in (cms / "check" / "manager.cpp").read_bytes()


def test_the_stdio_channel_gives_each_process_its_fifos_as_stdin_and_stdout(built: Path, tmp_path: Path) -> None:
    copy = copy_sources(built, tmp_path / "p")
    (copy / "graders" / "stub_stdio.py").write_bytes((HOSTILE / "stub_stdio.py").read_bytes())
    text = (copy / "problem.yaml").read_text()
    (copy / "problem.yaml").write_text(text.replace("channel: fifo", "channel: stdio").replace(
        "python: {files: [graders/stub.py]}", "python: {files: [graders/stub_stdio.py]}"))
    result = judge(load_problem(copy), built / "solutions" / "accepted" / "relay.py")
    assert result.verdict is Verdict.AC and all(c.message == "correct" for c in result.cells)
