"""Interactive runs: who decides the verdict when the submission and the interactor disagree or fail."""

from __future__ import annotations

import tempfile
import textwrap
from pathlib import Path

import pytest

from ojpack.judging.interact import Interactor, interact
from ojpack.judging.verdicts import Verdict
from ojpack.sandbox import RunLimits
from ojpack.sandbox.languages import real_python

LIMITS = RunLimits(cpu=1.0, wall=3.0, memory_mib=256, output_mib=1)

# A small protocol: the judge sends the number from the input file, the submission answers it plus one.
JUDGE = """
import sys
number = int(open(sys.argv[1]).read())
feedback = sys.argv[3]
def finish(ok, message):
    open(feedback + "judgemessage.txt", "w").write(message)
    sys.exit(42 if ok else 43)
print(number, flush=True)
line = sys.stdin.readline()
if not line:
    finish(False, "no answer: the output ended")
if line.strip() != str(number + 1):
    finish(False, f"expected {number + 1}, got {line.strip()!r}")
finish(True, "right")
"""
RIGHT = "n = int(input())\nprint(n + 1, flush=True)\n"


def script(folder: Path, name: str, body: str) -> tuple[str, ...]:
    path = folder / f"{name}.py"
    path.write_text(textwrap.dedent(body))
    return (real_python(), str(path))


def play(tmp_path: Path, submission: str, judge: str = JUDGE, limits: RunLimits = LIMITS):
    (tmp_path / "test.in").write_text("41\n")
    (tmp_path / "test.ans").write_text("")
    interactor = Interactor(script(tmp_path, "judge", judge), name="judge.py")
    return interact(script(tmp_path, "sub", submission), True, interactor, tmp_path / "test.in",
                    tmp_path / "test.ans", limits, limits.cpu, Path(tempfile.mkdtemp(dir=tmp_path)))


def test_right_answer_is_accepted_with_a_transcript_of_both_directions(tmp_path: Path) -> None:
    played = play(tmp_path, RIGHT)
    assert played.verdict is Verdict.AC, played.note
    assert played.note == "right"
    assert played.transcript.to_submission == b"41\n"
    assert played.transcript.from_submission == b"42\n"
    assert played.transcript.last == (("judge", "41"), ("submission", "42"))


def test_wrong_answer_carries_the_interactors_message(tmp_path: Path) -> None:
    played = play(tmp_path, "n = int(input())\nprint(n, flush=True)\n")
    assert played.verdict is Verdict.WA
    assert played.note == "expected 42, got '41'"
    assert "submission > 41" in played.transcript.tail()


def test_submission_that_closes_its_output_early_is_wrong_not_a_judge_error(tmp_path: Path) -> None:
    # It reads the question, then closes stdout and goes on living a little: the judge sees EOF.
    played = play(tmp_path, "import os, time\ninput()\nos.close(1)\ntime.sleep(0.3)\n")
    assert played.verdict is Verdict.WA
    assert played.note == "no answer: the output ended"
    played = play(tmp_path, "input()\n")   # or simply exits without a word
    assert played.verdict is Verdict.WA


@pytest.mark.parametrize("crash", [
    "import sys\nsys.exit(3)\n",                              # an exit code outside 42/43
    "import os\nos.kill(os.getpid(), 11)\n",                   # a signal
    JUDGE.replace("finish(True, \"right\")", "raise ValueError('bug in the judge')"),
])
def test_interactor_that_crashes_is_a_judge_error_never_the_contestants(tmp_path: Path, crash: str) -> None:
    played = play(tmp_path, RIGHT, judge=crash)
    assert played.verdict is Verdict.JE
    assert played.note.startswith("judge.py failed")


def test_idleness_ends_as_time_limit_by_the_wall_clock(tmp_path: Path) -> None:
    # Reads the question, then waits for more input that never comes; the judge waits for an answer.
    played = play(tmp_path, "import sys\ninput()\nsys.stdin.read()\n")
    assert played.verdict is Verdict.TLE
    assert played.submission.cpu < LIMITS.cpu          # stopped by the wall clock, not by CPU
    assert "idle" in played.note


def test_submission_crash_before_the_judge_decides_is_a_runtime_error(tmp_path: Path) -> None:
    played = play(tmp_path, "input()\nraise SystemExit(7)\n")
    assert played.verdict is Verdict.RE
    assert played.note == "exit code 7"


def test_judge_that_rejected_first_keeps_its_word_when_the_submission_then_crashes(tmp_path: Path) -> None:
    # A wrong answer, then the submission reads the judge's EOF and crashes on it: WA, as on Kattis.
    played = play(tmp_path, "n = int(input())\nprint(n, flush=True)\nint(input())\n")
    assert played.verdict is Verdict.WA
    assert played.transcript.first_to_stop == "judge"


def test_cpu_hog_after_a_right_answer_is_still_time_limit(tmp_path: Path) -> None:
    played = play(tmp_path, RIGHT + "while True: pass\n")
    assert played.verdict is Verdict.TLE


def test_flood_to_a_judge_that_keeps_reading_is_output_limit(tmp_path: Path) -> None:
    reader = "import sys\nsys.stdin.buffer.read()\nsys.exit(43)\n"
    played = play(tmp_path, "import sys\nwhile True: sys.stdout.write('x' * 65536)\n", judge=reader)
    assert played.verdict is Verdict.OLE
    assert played.transcript.received > LIMITS.output_mib * 1024 * 1024


def test_judge_writing_after_the_submission_left_is_not_killed_by_sigpipe(tmp_path: Path) -> None:
    # The submission leaves at once; the judge still writes a lot, then rejects: WA, not a judge error,
    # because the relay keeps draining what it writes.
    chatty = ("import sys\nfor _ in range(2000): print('x' * 100, flush=True)\n"
              "open(sys.argv[3] + 'judgemessage.txt', 'w').write('gone')\nsys.exit(43)\n")
    played = play(tmp_path, "pass\n", judge=chatty)
    assert played.verdict is Verdict.WA
    assert played.note == "gone"
    assert played.transcript.sent == 2000 * 101


def test_problem_yaml_names_a_missing_interactor_and_refuses_a_checker_beside_it(toy: Path) -> None:
    from ojpack.errors import ProblemConfigError
    from ojpack.problem import load_problem
    yaml_file = toy / "problem.yaml"
    base = yaml_file.read_text()
    yaml_file.write_text(base + "interactor: {source: interactor/judge.py}\n")
    with pytest.raises(ProblemConfigError, match=r"'interactor.source': file interactor/judge.py does not exist"):
        load_problem(toy)
    (toy / "interactor").mkdir()
    (toy / "interactor" / "judge.py").write_text(JUDGE)
    assert load_problem(toy).spec.interactor is not None
    yaml_file.write_text(base + "interactor: {source: interactor/judge.py}\nchecker: {type: tokens, case_sensitive: false}\n")
    assert load_problem(toy).spec.interactor is not None   # the default token rule is simply unused
    yaml_file.write_text(base.replace("answers: []", "answers: [x]") + "interactor: {source: interactor/judge.py}\n")
    with pytest.raises(ProblemConfigError, match="answers are empty"):
        load_problem(toy)


def test_judge_on_an_interactive_toy_uses_the_interactor_for_every_test(toy: Path) -> None:
    from ojpack.judging import judge
    from ojpack.problem import load_problem
    (toy / "interactor").mkdir()
    # The toy's inputs are "a b"; this judge sends them and wants the sum back.
    (toy / "interactor" / "judge.py").write_text(
        "import sys\na, b = map(int, open(sys.argv[1]).read().split())\nprint(a, b, flush=True)\n"
        "ok = sys.stdin.readline().strip() == str(a + b)\n"
        "open(sys.argv[3] + 'judgemessage.txt', 'w').write('sum' if ok else 'not the sum')\nsys.exit(42 if ok else 43)\n")
    (toy / "problem.yaml").write_text((toy / "problem.yaml").read_text() + "interactor: {source: interactor/judge.py}\n")
    right = toy / "right.py"
    right.write_text("a, b = map(int, input().split())\nprint(a + b, flush=True)\n")
    result = judge(load_problem(toy), right)
    assert result.verdict is Verdict.AC and result.score == 100
    assert {c.message for c in result.cells} == {"sum"}
    wrong = toy / "wrong.py"
    wrong.write_text("a, b = map(int, input().split())\nprint(a - b, flush=True)\n")
    result = judge(load_problem(toy), wrong)
    assert {c.verdict for c in result.cells} == {Verdict.WA}
    assert all(c.transcript.splitlines()[-1].startswith("submission >") for c in result.cells)


def test_writing_on_after_the_judge_accepted_and_left_is_still_accepted(tmp_path: Path) -> None:
    # As on Kattis (problemtools keeps the pipe open once its validator accepts, BAPCtools' guessnoeofcheck
    # expects AC): a right answer, then more output after the judge has gone. Killed by SIGPIPE here, which
    # is not the contestant's failure.
    late = RIGHT + ("import signal, time\nsignal.signal(signal.SIGPIPE, signal.SIG_DFL)\ntime.sleep(0.5)\n"
                    "for _ in range(1000): print('extra', flush=True)\n")
    played = play(tmp_path, late)
    assert played.submission.signal == 13
    assert played.verdict is Verdict.AC, played.note
    assert "SIGPIPE" in played.note


# A "pseudo-interactive" judge (BAPCtools' pseudointeraction): it sends the whole input, closes its output
# and only then reads the answer, and any output after it until the submission exits.
CLOSES_EARLY = """
import os, sys
numbers = [int(x) for x in open(sys.argv[1]).read().split()]
sys.stdout.write("\\n".join(map(str, numbers)) + "\\n")
sys.stdout.flush()
os.close(1)
got = sys.stdin.readline().strip()
rest = sys.stdin.read()
ok = got == str(sum(numbers)) and not rest.strip()
open(sys.argv[3] + "judgemessage.txt", "w").write("sum" if ok else f"got {got!r} then {rest!r}")
sys.exit(42 if ok else 43)
"""


def test_a_judge_that_closes_its_output_gives_the_submission_eof_at_once(tmp_path: Path) -> None:
    # The submission reads until EOF: it must see the judge's close while the judge still runs, as with a
    # direct pipe (problemtools, BAPCtools). Held-open copies of the pipe left both waiting: TLE.
    played = play(tmp_path, "import sys\nprint(sum(int(x) for x in sys.stdin.read().split()), flush=True)\n",
                  judge=CLOSES_EARLY)
    assert played.verdict is Verdict.AC, played.note
    assert played.transcript.to_submission == b"41\n" and played.transcript.from_submission == b"41\n"
    trailing = play(tmp_path, "import sys\nprint(sum(int(x) for x in sys.stdin.read().split()))\nprint('Hello')\n",
                    judge=CLOSES_EARLY)
    assert trailing.verdict is Verdict.WA and "Hello" in trailing.note


def test_a_judge_that_fails_voids_the_run_even_after_the_submission_crashed(tmp_path: Path) -> None:
    # The submission crashes first; the judge then fails on the missing answer. problemtools and BAPCtools
    # both report the broken judge (JE), not the contestant's RE.
    broken = "import sys\nprint(1, flush=True)\nint(sys.stdin.readline())\nsys.exit(42)\n"
    played = play(tmp_path, "raise SystemExit(7)\n", judge=broken)
    assert played.verdict is Verdict.JE, played.note


def test_a_submission_that_crashes_on_the_judges_eof_after_a_rejection_is_wrong_answer(tmp_path: Path) -> None:
    # BAPCtools' GuessCrash: a bad move, the judge rejects and exits, the submission then reads EOF and
    # crashes. The judge's exit is seen when its output ends, not when the sandbox has torn its cage down.
    for _ in range(3):   # a race by nature: it must not depend on which teardown finishes first
        played = play(tmp_path, "n = int(input())\nprint(-1, flush=True)\nint(input())\n")
        assert played.verdict is Verdict.WA, played.note


def test_an_idle_interactor_outlived_by_a_timed_out_submission_is_not_a_judge_error() -> None:
    # dj-boolfind's loop submission floods queries and never reads; on a busy machine its end reached the
    # interactor after the interactor's own (looser) clock ran out, and the run was judged JE, not TLE
    from ojpack.judging.interact import decide
    from ojpack.judging.relay import Transcript
    from ojpack.sandbox.runner import RunResult
    said = Transcript(b"", b"", 0, 0, (), (), "submission", False)
    sub = RunResult("tle", 1.0, 3.0, 10.0, None, 9)
    idle = RunResult("tle", 0.2, 60.0, 5.0, None, 9)
    busy = RunResult("tle", 59.0, 60.0, 5.0, None, 9)
    assert decide(sub, idle, said, 1.0, "")[0] is Verdict.TLE
    assert "left waiting" in decide(sub, idle, said, 1.0, "")[1]
    # an interactor that burned its time computing is still the judge's fault, and so is one that hung
    # while the submission was fine
    assert decide(sub, busy, said, 1.0, "")[0] is Verdict.JE
    fine = RunResult("ok", 0.1, 0.2, 10.0, 0, None)
    assert decide(fine, idle, said, 1.0, "")[0] is Verdict.JE


def test_a_relay_that_fails_is_one_error_not_a_thread_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capfd: pytest.CaptureFixture[str]) -> None:
    """The relay helper dying (an import of ioi-2022-kattis radiotowers stopped mid-run) printed a traceback from
    the relay thread, then failed again reading a transcript that was never made."""
    import os

    from ojpack.errors import OjpackError
    from ojpack.judging import interact as module

    class Dying:   # like the helper's relay when it is killed: every pipe end closed, no report read back
        def __init__(self, *fds: int | None) -> None:
            self.fds = [fd for fd in fds[:4] + fds[5:] if fd is not None]

        def run(self) -> None:
            for fd in self.fds:
                os.close(fd)
            raise OSError("the relay helper failed")

    monkeypatch.setattr(module, "make_relay", Dying)
    with pytest.raises(OjpackError, match=r"the relay between judge\.py and the submission on test\.in failed: "
                                          r"the relay helper failed"):
        play(tmp_path, RIGHT)
    assert "Traceback" not in capfd.readouterr().err
