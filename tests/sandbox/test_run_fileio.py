"""Runs with named test and answer files (OI style): the test copied into the run's own working folder,
the answer read back as hostile (no link followed, no FIFO waited on, no more than the output limit), in
the cage and without it (--no-sandbox)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import host_secret
from ojpack.sandbox import Files, RunLimits, isolation_problem, run, run_with_files, set_isolation
from ojpack.sandbox.languages import real_python

FILES = Files("game.in", "game.out")
LIMITS = RunLimits(cpu=5.0, wall=10.0, memory_mib=256, output_mib=1, files=FILES)

SUM = "a, b = map(int, open('game.in').read().split())\nopen('game.out', 'w').write(f'{a + b}\\n')\n"


@pytest.fixture(params=["cage", "unisolated"])
def caged(request: pytest.FixtureRequest):
    if request.param == "cage" and isolation_problem() is not None:
        pytest.skip(f"no sandbox here: {isolation_problem()}")
    set_isolation(request.param == "cage")
    yield request.param
    set_isolation(True)


def ran(tmp_path: Path, source: str, limits: RunLimits = LIMITS, test: bytes = b"3 4\n"):
    program = tmp_path / "prog.py"
    program.write_text(source)
    (tmp_path / "in").write_bytes(test)
    out = tmp_path / "out"
    done = run_with_files([real_python(), str(program)], tmp_path / "in", out, limits, stderr=tmp_path / "err")
    return done, out.read_bytes()


def test_the_test_is_a_file_and_the_answer_comes_from_one(tmp_path: Path, caged: str) -> None:
    done, answer = ran(tmp_path, SUM)
    assert (done.result.status, done.lost, answer) == ("ok", "", b"7\n")
    assert done.result.output_bytes == 2


def test_standard_input_is_empty_and_standard_output_is_dropped(tmp_path: Path, caged: str) -> None:
    done, answer = ran(tmp_path, "import sys\nopen('game.out', 'w').write(repr(sys.stdin.read()))\nprint(99)\n")
    assert (done.result.status, done.lost, answer) == ("ok", "", b"''")


def test_an_answer_on_standard_output_is_no_answer(tmp_path: Path, caged: str) -> None:
    done, answer = ran(tmp_path, "a, b = map(int, open('game.in').read().split())\nprint(a + b)\n")
    assert done.result.status == "ok" and answer == b""
    assert done.lost == "it wrote no output file game.out"


def test_an_answer_file_that_links_to_a_host_file_is_not_followed(tmp_path: Path, caged: str) -> None:
    secret = host_secret(tmp_path, "7")   # the right answer, on the host: never read through the link
    done, answer = ran(tmp_path, f"import os\nos.symlink({str(secret)!r}, 'game.out')\n")
    assert done.result.status == "ok" and answer == b""
    assert done.lost == "its output file game.out is not a regular file"


def test_an_answer_file_that_is_a_fifo_is_not_waited_on(tmp_path: Path, caged: str) -> None:
    done, answer = ran(tmp_path, "import os\nos.mkfifo('game.out')\n")
    assert done.lost == "its output file game.out is not a regular file" and answer == b""


def test_the_test_file_is_a_copy_the_program_may_change(tmp_path: Path, caged: str) -> None:
    done, answer = ran(tmp_path, "f = open('game.in', 'r+')\nf.write('9')\nf.close()\n"
                                 "open('game.out', 'w').write(open('game.in').read())\n")
    assert (done.result.status, answer) == ("ok", b"9 4\n")
    assert (tmp_path / "in").read_bytes() == b"3 4\n"


def test_an_answer_file_over_the_output_limit_is_ole(tmp_path: Path, caged: str) -> None:
    """Python ignores SIGXFSZ and dies of EFBIG: the file one byte over the limit still makes it OLE."""
    done, answer = ran(tmp_path, "open('game.out', 'w').write('x' * (2 << 20))\n")
    assert done.result.status == "ole" and answer == b""


def test_one_file_and_one_stream(tmp_path: Path, caged: str) -> None:
    done, answer = ran(tmp_path, "import sys\nopen('ans.txt', 'w').write(str(sum(map(int, input().split()))))\n",
                       RunLimits(5.0, 10.0, 256, 1, files=Files(None, "ans.txt")))
    assert (done.result.status, done.lost, answer) == ("ok", "", b"7")
    done, answer = ran(tmp_path, "print(sum(map(int, open('q.txt').read().split())))\n",
                       RunLimits(5.0, 10.0, 256, 1, files=Files("q.txt", None)))
    assert (done.result.status, done.lost, answer) == ("ok", "", b"7\n")


def test_a_plain_run_refuses_limits_with_files(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="run_with_files"):
        run(["/bin/true"], Path(os.devnull), tmp_path / "out", LIMITS)
