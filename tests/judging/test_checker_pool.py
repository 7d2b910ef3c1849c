"""A testlib checker's runs take the thread's prepared cage (sandbox/pool.py), as solution runs do: it has no
feedback folder (a detached mount no prepared cage can take) and is shown its files' folders, which a judge
keeps from test to test, so one cage per folder of tests serves every check."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from ojpack.judging.checker import CheckResult, ProgramChecker
from ojpack.sandbox import isolation_problem, sandbox_mode
from ojpack.sandbox.compile import prepare
from ojpack.sandbox.pool import pooled_cages

# prepared cages are the cage's, and not (yet) made for cgroup v2 runs
pytestmark = pytest.mark.skipif(isolation_problem() is not None or sandbox_mode().limits == "cgroup v2",
                                reason="no prepared cages here")

CHECKER = r"""#include <stdio.h>
int main(int argc, char **argv) {
    long long want, got;
    FILE *ans = fopen(argv[3], "r"), *out = fopen(argv[2], "r");
    if (!ans || !out || fscanf(ans, "%lld", &want) != 1) return 3;
    if (fscanf(out, "%lld", &got) != 1 || got != want) { fprintf(stderr, "expected %lld", want); return 1; }
    return 0;
}
"""


def _in_a_new_thread(work) -> tuple[list[CheckResult], int]:
    """`work()`'s results and how many prepared cages its thread holds after it (a new thread has none)."""
    got: list = []
    thread = threading.Thread(target=lambda: got.extend([work(), pooled_cages()]))
    thread.start()
    thread.join()
    return got[0], got[1]


def test_checks_of_one_folder_of_tests_share_one_prepared_cage(tmp_path: Path) -> None:
    (tmp_path / "chk.c").write_text(CHECKER)
    checker = ProgramChecker(prepare(tmp_path / "chk.c", tmp_path / "cache").argv, "testlib", True, "chk.c")
    data, worker = tmp_path / "data" / "secret", tmp_path / "worker"
    for folder in (data, worker):
        folder.mkdir(parents=True)
        folder.chmod(0o755)   # as a judge makes them: the cage's uid may enter
    for i in range(5):
        (data / f"{i}.in").write_text(f"{i}\n")
        (data / f"{i}.ans").write_text(f"{i * i}\n")
    out = worker / "out"

    def judge_all() -> list[CheckResult]:
        results = []
        for i in range(5):
            out.write_text(f"{i * i if i != 3 else 7}\n")   # the output file is rewritten in place, as a judge does
            results.append(checker.check(data / f"{i}.in", data / f"{i}.ans", out))
        return results

    results, cages = _in_a_new_thread(judge_all)
    assert [r.ok for r in results] == [True, True, True, False, True]
    assert results[3].message == "expected 9"
    assert cages == 1


SEES_SIBLING = """import os, sys
secret = os.path.join(os.path.dirname(sys.argv[2]), "secret")
sys.exit(3 if os.path.exists(secret) else 0)
"""


def test_a_folder_anyone_may_write_to_is_never_shown_whole(tmp_path: Path) -> None:
    """An output in a shared folder (/tmp, /dev/shm: 1777) is shown alone, not beside other programs' files."""
    (tmp_path / "chk.py").write_text(SEES_SIBLING)
    checker = ProgramChecker(prepare(tmp_path / "chk.py", tmp_path / "cache").argv, "testlib", True, "chk.py")
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    for name in ("in", "ans", "out", "secret"):
        (shared / name).write_text("1\n")
    assert checker.check(shared / "in", shared / "ans", shared / "out").ok
