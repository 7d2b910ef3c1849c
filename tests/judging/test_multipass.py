"""Multi-pass runs: the validator's nextpass.in runs the submission again, the feedback folder is kept
between passes, and the verdict follows problemtools / BAPCtools (a fault in any pass; a validator that
contradicts itself or asks for too many passes is a judge error)."""

from __future__ import annotations

import tempfile
import textwrap
from pathlib import Path

from ojpack.judging.checker import ProgramChecker
from ojpack.judging.interact import Interactor
from ojpack.judging.multipass import MultiPass, run_passes
from ojpack.judging.verdicts import Verdict
from ojpack.sandbox import RunLimits
from ojpack.sandbox.languages import real_python

LIMITS = RunLimits(cpu=1.0, wall=3.0, memory_mib=256, output_mib=1)

# Pass 1 (a negative input): the output must be positive; it becomes pass 2's input, which must be echoed.
# The judge counts its runs in a file of its feedback folder: pass 2 sees pass 1's file.
HEAD = """
import pathlib, sys
fb = pathlib.Path(sys.argv[3])
runs = fb / "runs"
runs.write_text(runs.read_text() + "x" if runs.exists() else "x")
given = int(pathlib.Path(sys.argv[1]).read_text())
"""
RULES = """
def wa(m):
    (fb / "judgemessage.txt").write_text(m)
    sys.exit(43)
if given < 0:
    if got < 0:
        wa("pass 1: negative")
    if given == -7:   # a judge that contradicts itself: asks again, yet rejects
        (fb / "nextpass.in").write_text(str(got))
        wa("rejected anyway")
    (fb / "nextpass.in").write_text(str(got))
    sys.exit(42)
if got != given:
    wa(f"pass 2: {got} is not {given}")
if runs.read_text() != "xx":
    wa("the feedback folder was not kept between passes")
(fb / "judgemessage.txt").write_text("both passes right")
sys.exit(42)
"""
# An output validator reads the output; an interactor sends the number and reads the answer.
VALIDATOR = HEAD + "got = int(sys.stdin.read().split()[0])\n" + RULES
INTERACTOR = HEAD + "print(given, flush=True)\ngot = int(sys.stdin.readline())\n" + RULES
ABSOLUTE = "print(abs(int(input())))\n"
NEGATE = "print(-int(input()))\n"


def script(folder: Path, name: str, body: str) -> tuple[str, ...]:
    path = folder / f"{name}.py"
    path.write_text(textwrap.dedent(body))
    return (real_python(), str(path))


def passes(tmp_path: Path, submission: str, passes: int = 2, interactive: bool = False, given: int = -5):
    (tmp_path / "test.in").write_text(f"{given}\n")
    (tmp_path / "test.ans").write_text("")
    if interactive:
        judge: ProgramChecker | Interactor = Interactor(script(tmp_path, "judge", INTERACTOR), name="judge.py")
    else:
        judge = ProgramChecker(script(tmp_path, "judge", VALIDATOR), "kattis", name="judge.py")
    return run_passes(script(tmp_path, "sub", submission), True, tmp_path / "test.in", tmp_path / "test.ans",
                      LIMITS, LIMITS.cpu, MultiPass(judge, passes), Path(tempfile.mkdtemp(dir=tmp_path)))


def test_two_passes_accepted_with_the_feedback_folder_kept(tmp_path: Path) -> None:
    got = passes(tmp_path, ABSOLUTE)
    assert (got.verdict, got.passes, got.message) == (Verdict.AC, 2, "pass 2: both passes right")


def test_a_wrong_second_pass_is_wrong_answer(tmp_path: Path) -> None:
    got = passes(tmp_path, NEGATE)
    assert (got.verdict, got.passes) == (Verdict.WA, 2)
    assert got.message == "pass 2: pass 2: -5 is not 5"


def test_a_failure_in_the_first_pass_ends_the_test(tmp_path: Path) -> None:
    got = passes(tmp_path, NEGATE.replace("-int", "int"))
    assert (got.verdict, got.passes, got.message) == (Verdict.WA, 1, "pass 1: negative")
    crashed = passes(tmp_path, "raise SystemExit(3)\n")
    assert (crashed.verdict, crashed.passes) == (Verdict.RE, 1)


def test_asking_for_more_passes_than_allowed_is_a_judge_error(tmp_path: Path) -> None:
    # with one pass allowed (below the schema's minimum, to reach the rule quickly) the request is too many
    got = passes(tmp_path, ABSOLUTE, passes=1)
    assert got.verdict is Verdict.JE and "after 1 (multi_pass.passes)" in got.message


def test_rejecting_and_asking_for_another_pass_is_a_judge_error(tmp_path: Path) -> None:
    got = passes(tmp_path, ABSOLUTE, given=-7)
    assert got.verdict is Verdict.JE and "rejected pass 1 yet wrote nextpass.in" in got.message


def test_interactive_multi_pass(tmp_path: Path) -> None:
    played = passes(tmp_path, ABSOLUTE, interactive=True)
    assert (played.verdict, played.passes, played.message) == (Verdict.AC, 2, "pass 2: both passes right")
    wrong = passes(tmp_path, NEGATE, interactive=True)
    assert (wrong.verdict, wrong.passes) == (Verdict.WA, 2)
