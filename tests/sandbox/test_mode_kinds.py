"""Hostile submissions to grader and communication tasks get the verdict CMS gives them, as root and as a
plain user (the rootless cage): a contestant's own `main` does not link (CE); `exit()` before returning
leaves the grader without an answer (WA), a communication task's other process without a message (0); a print goes into a grader's output (WA) but not
into a communication process's FIFOs (AC); a process cannot open another's FIFO; a forked child dies with
the run (it was alive when the function returned, and is gone once judging ends)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ojpack.judging.verdicts import Verdict
from ojpack.scaffold import new_problem

from cage_identities import Identity
from test_isolation import TESTS, host_processes_with, identity, judged, pytestmark  # noqa: F401

GRADER_SUBS = TESTS / "judging" / "grader_subs"
COMMUNICATION_SUBS = TESTS / "judging" / "communication_subs"
TOKEN = "41.2718281"   # a sleep's argument no other process on the machine has
# The child sleeps on in a process of its own; the function answers right only while that child lives.
FORKS = """#include "{header}"
#include <sys/wait.h>
#include <unistd.h>
long long {function}(int n, const std::vector<long long>& a) {{
    pid_t child = fork();
    if (child == 0) {{ execlp("sleep", "sleep", "{token}", (char*)nullptr); _exit(1); }}
    usleep(300000);
    int status;
    if (child < 0 || waitpid(child, &status, WNOHANG) != 0) return -1;
    long long s = 0;
    for (auto x : a) s = (s + x) % 1000000007LL;
    return s;
}}
"""


@pytest.fixture(scope="module")
def tasks(identity: Identity, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = identity.folder(tmp_path_factory.mktemp("kinds"))
    made = {kind: new_problem(base / kind, kind).root for kind in ("grader", "communication")}
    subs = base / "subs"
    for kind, folder in (("grader", GRADER_SUBS), ("communication", COMMUNICATION_SUBS)):
        shutil.copytree(folder, subs / kind)
    (subs / "grader" / "forks.cpp").write_text(FORKS.format(header="sum.h", function="sum_mod", token=TOKEN))
    (subs / "communication" / "forks.cpp").write_text(
        FORKS.format(header="relay.h", function="encode", token=TOKEN) + "long long decode(long long m) { return m; }\n")
    identity.own(base)
    for root in made.values():
        identity.build(base, root)
    made["subs"] = subs
    yield made
    if identity.driver is not None:
        shutil.rmtree(base, ignore_errors=True)


@pytest.mark.parametrize("kind, name, verdict, said", [
    ("grader", "own_main.cpp", Verdict.CE, ""),
    ("grader", "exits.cpp", Verdict.WA, "output ends"),
    ("grader", "prints.py", Verdict.WA, "found 'debug:'"),
    ("grader", "forks.cpp", Verdict.AC, ""),
    ("communication", "own_main.cpp", Verdict.CE, ""),
    # process 0 ends without a message: the manager scores 0 and leaves, process 1 meets end of file on the
    # FIFO it was opening and fails; CMS leaves it waiting to its wall limit. 0 points, a process's failure.
    ("communication", "exits.cpp", Verdict.RE, "process 1: RE"),
    ("communication", "prints.py", Verdict.AC, "correct"),
    ("communication", "other_fifo.cpp", Verdict.AC, "correct"),
    ("communication", "forks.cpp", Verdict.AC, "correct"),
])
def test_hostile_submissions_get_cms_verdicts_in_each_cage(tasks: dict[str, Path], identity: Identity, kind: str,
                                                           name: str, verdict: Verdict, said: str) -> None:
    got, cells = judged(identity, tasks[kind], tasks["subs"] / kind / name)
    assert got is verdict, cells
    assert all(said in m for v, m in cells if v is not Verdict.AC or verdict is Verdict.AC), cells
    if name == "forks.cpp":
        assert host_processes_with(TOKEN) == []
