"""An interactive run's programs and relay share one CPU (sandbox/affinity.py), unless OJPACK_PIN=0."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from ojpack.judging.interact import Interactor, interact
from ojpack.judging.verdicts import Verdict
from ojpack.sandbox import RunLimits, claim_cpu, pinned_thread
from ojpack.sandbox.languages import real_python

LIMITS = RunLimits(cpu=1.0, wall=3.0, memory_mib=256, output_mib=1)
ALLOWED = sorted(os.sched_getaffinity(0))
pytestmark = pytest.mark.skipif(len(ALLOWED) < 2, reason="one CPU allowed: nothing to pin")

# Each side says which CPUs it may run on; the judge accepts and reports both sets.
JUDGE = """
import os, sys
mine = " ".join(map(str, sorted(os.sched_getaffinity(0))))
print(mine, flush=True)
theirs = sys.stdin.readline().strip()
open(sys.argv[3] + "judgemessage.txt", "w").write(f"judge {mine} / submission {theirs}")
sys.exit(42)
"""
SUBMISSION = """
import os
input()
print(" ".join(map(str, sorted(os.sched_getaffinity(0)))), flush=True)
"""
# Both sides compute at the same time: the judge after sending its question, the submission before answering.
# On one CPU they take turns; the wall limit (here 3x the CPU limit, 2x + 1 s for a problem's runs) covers it.
BUSY = "def busy():\n    n = 0\n    for i in range(5_000_000):\n        n += i\n    return n\n"
BUSY_JUDGE = BUSY + """
import sys
print(1, flush=True)
busy()
ok = sys.stdin.readline().strip() == "2"
sys.exit(42 if ok else 43)
"""
BUSY_SUBMISSION = BUSY + "n = int(input())\nbusy()\nprint(n + 1, flush=True)\n"


def play(folder: Path, submission: str, judge: str):
    (folder / "test.in").write_text("1\n")
    (folder / "test.ans").write_text("")
    (folder / "judge.py").write_text(textwrap.dedent(judge))
    (folder / "sub.py").write_text(textwrap.dedent(submission))
    interactor = Interactor((real_python(), str(folder / "judge.py")), name="judge.py")
    return interact((real_python(), str(folder / "sub.py")), True, interactor, folder / "test.in",
                    folder / "test.ans", LIMITS, LIMITS.cpu, Path(tempfile.mkdtemp(dir=folder)))


def test_both_sides_run_on_one_and_the_same_cpu(tmp_path: Path) -> None:
    played = play(tmp_path, SUBMISSION, JUDGE)
    assert played.verdict is Verdict.AC, played.note
    judge, submission = (side.split(" ", 1)[1] for side in played.note.split(" / "))
    assert judge == submission and len(judge.split()) == 1 and int(judge) in ALLOWED


def test_switched_off_both_sides_may_run_anywhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OJPACK_PIN", "0")
    played = play(tmp_path, SUBMISSION, JUDGE)
    assert played.verdict is Verdict.AC, played.note
    everywhere = " ".join(map(str, ALLOWED))
    assert played.note == f"judge {everywhere} / submission {everywhere}"


def test_sides_that_compute_at_once_still_pass_on_one_cpu(tmp_path: Path) -> None:
    played = play(tmp_path, BUSY_SUBMISSION, BUSY_JUDGE)
    assert played.verdict is Verdict.AC, played.note
    assert played.transcript.last == (("judge", "1"), ("submission", "2"))


@pytest.fixture
def own_locks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """CPU claims coordinated in a folder of the test's own, not the machine's (where other ojpack runs
    may hold CPUs): the folder a process started with TMPDIR=tmp_path uses too."""
    from ojpack.sandbox import affinity
    folder = tmp_path / f"ojpack-{os.geteuid()}"
    folder.mkdir()
    monkeypatch.setattr(affinity, "helper_folder", lambda: folder)
    return tmp_path


def test_runs_at_once_get_cpus_of_their_own_and_give_them_back(own_locks: Path) -> None:
    with claim_cpu() as first, claim_cpu() as second:
        assert first is not None and second is not None and first != second
    with claim_cpu() as again:
        assert again == min(first, second)   # both released: the least claimed, lowest first


def test_another_ojpack_process_s_claim_is_left_to_it_while_a_cpu_is_free(own_locks: Path) -> None:
    tmp_path = own_locks
    other = subprocess.Popen([sys.executable, "-c", "import sys\nfrom ojpack.sandbox import claim_cpu\n"
                              "with claim_cpu() as cpu:\n    print(cpu, flush=True)\n    sys.stdin.read()\n"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "TMPDIR": str(tmp_path)})
    try:
        theirs = int(other.stdout.readline())
        assert (tmp_path / f"ojpack-{os.geteuid()}" / f"cpu-{theirs}.lock").exists()
        with claim_cpu() as mine:
            assert mine != theirs
    finally:
        other.communicate("")
    with claim_cpu() as mine:   # it has exited: its CPU is free again
        assert mine == min(ALLOWED)


def test_a_pinned_thread_starts_its_processes_on_its_cpu_and_gets_its_own_set_back() -> None:
    probe = [sys.executable, "-c", "import os; print(*sorted(os.sched_getaffinity(0)))"]
    before = os.sched_getaffinity(0)
    with pinned_thread(ALLOWED[-1]):   # the relay helper is started this way
        started = subprocess.run(probe, capture_output=True, text=True, check=True).stdout.split()
    assert started == [str(ALLOWED[-1])]
    assert os.sched_getaffinity(0) == before
