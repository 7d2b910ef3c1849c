"""Interactive problems: the submission plays against the package's interactor, both sandboxed.

Convention (Kattis / DOMjudge output validators in interactive mode): the interactor runs as
`interactor input answer feedback_dir/`; what the submission writes arrives on its stdin, what it
writes arrives on the submission's stdin (through `relay.Relay`, run by the exec helper: relay_native.py). Exit 42 accepts, 43 rejects, with its
message in feedback_dir/judgemessage.txt; any other exit, a signal or a limit hit is a judge error (JE):
never the contestant's fault.

The verdict (as problemtools' verifyproblem and BAPCtools' `bt run` give it): an interactor that fails
(JE) voids the run whoever stopped first; otherwise the submission's own failure -- a limit (TLE, MLE, OLE)
or a crash (RE) -- wins, unless the interactor had already rejected it (WA) before the submission exited. Idleness, both sides waiting for the other, ends when the
submission hits its wall limit: TLE (the interactor's limits are looser, so it outlasts the submission).
"""

from __future__ import annotations

import json
import os
import signal
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import OjpackError
from ..problem import Problem
from ..sandbox import (CageFileError, CappedFolder, CompileError, RunLimits, RunResult, claim_cpu, pinned_thread,
                       prepare, run)
from ..testdata import BuiltTest
from .checker import TestKey, feedback_message, own_args, shown_folder, test_key
from .relay import Transcript
from .relay_native import make_relay
from .verdicts import Verdict, of_run

ACCEPT, REJECT = 42, 43
MIB = 1024 * 1024
# The interactor runs in threads of their own, reused so each keeps its sandbox cgroup between runs. The
# pool only grows as far as runs overlap (one per judging worker); its cap must never make an interactor
# wait for a thread while its submission's wall clock runs.
_POOL = ThreadPoolExecutor(max_workers=1024, thread_name_prefix="ojpack-interactor")


@dataclass(frozen=True)
class Interactor:
    argv: tuple[str, ...]
    address_space: bool = True
    name: str = ""          # its source file, for messages
    key: str = ""           # content hash of the compiled interactor (for remembered runs)
    readable: tuple[Path, ...] = ()   # what it may read besides its argv: its own folder (helpers)
    args: tuple[str, ...] = ()        # after feedback_dir (problem.yaml interactor.args)
    own: dict[TestKey, tuple[str, ...]] = field(default_factory=dict)   # tests with arguments of their own


@dataclass(frozen=True)
class Interaction:
    submission: RunResult
    judge: RunResult
    transcript: Transcript
    message: str            # the interactor's judgemessage.txt (or the tail of its stderr)
    verdict: Verdict
    note: str               # why: the interactor's message, or how a side failed


def load_interactor(problem: Problem, cache_dir: Path) -> Interactor | None:
    """The problem's interactor, compiled (once), or None for a problem that is not interactive."""
    spec = problem.spec.interactor
    if spec is None:
        return None
    try:
        program = prepare(problem.path(spec.source), cache_dir)
    except CompileError as e:
        raise OjpackError(f"interactor {spec.source} does not compile:\n{e.message}") from None
    # its arguments key remembered runs with its build (a test's own are in the checker's identity)
    key = program.key + (f" {json.dumps(spec.args)}" if spec.args else "")
    return Interactor(program.argv, program.language.address_space, spec.source, key,
                      (program.source.parent,), tuple(spec.args), own_args(problem))


# What problemtools and BAPCtools give an output validator (their default `validation_time`): a judge that
# still answers a flood of queries after the submission was stopped may take that long to read to the end.
VALIDATION_SECONDS = 60.0


def interactor_limits(limits: RunLimits) -> RunLimits:
    """Looser than the submission's in every way, so that when both wait for each other the submission
    is the one stopped (TLE), and a slow submission is never blamed on the judge."""
    return RunLimits(cpu=max(limits.wall + 5, VALIDATION_SECONDS), wall=max(limits.wall + 10, VALIDATION_SECONDS),
                     memory_mib=1024, output_mib=64)


def interact(submission: tuple[str, ...], address_space: bool, interactor: Interactor, input: Path,
             answer: Path, limits: RunLimits, time_limit: float, work: Path,
             kept: CappedFolder | None = None) -> Interaction:
    """Run one submission against the interactor on one test; `work` is a private scratch folder. `kept`:
    a feedback folder the caller keeps (a multi-pass problem's, kept across passes)."""
    if kept is not None:
        return _interact(submission, address_space, interactor, input, answer, limits, time_limit, work, kept)
    with CappedFolder(work / "feedback") as feedback:
        return _interact(submission, address_space, interactor, input, answer, limits, time_limit, work, feedback)


def _interact(submission: tuple[str, ...], address_space: bool, interactor: Interactor, input: Path,
              answer: Path, limits: RunLimits, time_limit: float, work: Path, feedback: CappedFolder) -> Interaction:
    # The submission, the interactor and the relay share one CPU: a message then wakes its reader on the
    # writer's own CPU, not across CPUs (see sandbox/affinity.py; OJPACK_PIN=0: unpinned).
    with claim_cpu() as cpu:
        return _pinned(submission, address_space, interactor, input, answer, limits, time_limit, work, feedback, cpu)


def _pinned(submission: tuple[str, ...], address_space: bool, interactor: Interactor, input: Path, answer: Path,
            limits: RunLimits, time_limit: float, work: Path, feedback: CappedFolder, cpu: int | None) -> Interaction:
    sub_in_r, sub_in_w = os.pipe()
    sub_out_r, sub_out_w = os.pipe()
    judge_in_r, judge_in_w = os.pipe()
    judge_out_r, judge_out_w = os.pipe()
    gone_r, gone_w = os.pipe()   # EOF when the interactor has exited (its output may close before)
    left_r, left_w = os.pipe()   # EOF when the submission has exited
    relay = make_relay(sub_out_r, judge_in_w, judge_out_r, sub_in_w,
                       limits.output_mib * MIB if limits.output_mib else None, gone_r, left_r)
    transcript: list[Transcript] = []
    failed: list[OSError] = []

    def relaying() -> None:   # a failure is the caller's to report (one line), not a thread's traceback
        try:
            with pinned_thread(cpu):   # the helper's relay inherits it; the Python one runs in this thread
                transcript.append(relay.run())
        except OSError as e:
            failed.append(e)

    relay_thread = threading.Thread(target=relaying, name="ojpack-relay", daemon=True)
    relay_thread.start()
    argv = [*interactor.argv, str(input.resolve()), str(answer.resolve()), str(feedback.path) + os.sep,
            *interactor.own.get(test_key(answer), interactor.args)]
    # shown the folders of its test's files, as a checker is (checker.shown_folder): its runs over one
    # group's tests then keep their binds, and so the thread's prepared cage (sandbox/pool.py)
    readable = (*interactor.readable, *map(shown_folder, (input, answer)))
    judged = _POOL.submit(_side, argv, judge_in_r, judge_out_w, interactor_limits(limits), work / "judge.err",
                          interactor.address_space, readable, feedback, gone_w, True, cpu)
    try:
        played = _side(list(submission), sub_in_r, sub_out_w, limits, work / "submission.err", address_space,
                       gone=left_w, cpu=cpu)
    finally:
        judge_run = judged.result()
        relay_thread.join()
    if failed:   # the helper that carries the dialogue died (ojpack is being stopped, or it was killed)
        raise OjpackError(f"the relay between {interactor.name or 'the interactor'} and the submission on "
                          f"{input.name} failed: {failed[0]}")
    try:
        message = feedback_message(feedback, work / "judge.err", ("judgemessage.txt", "judgeerror.txt"))
    except CageFileError as e:   # the interactor's own fault, whatever the submission did
        note = f"{interactor.name or 'interactor'} failed: {e}"
        return Interaction(played, judge_run, transcript[0], "", Verdict.JE, note)
    verdict, note = decide(played, judge_run, transcript[0], time_limit, message, interactor.name)
    return Interaction(played, judge_run, transcript[0], message, verdict, note)


def _side(argv: list[str], stdin: int, stdout: int, limits: RunLimits, stderr: Path | None,
          address_space: bool, readable: tuple[Path, ...] = (), feedback: CappedFolder | None = None,
          gone: int | None = None, own_output: bool = False, cpu: int | None = None) -> RunResult:
    """One program of the pair. Our copies of its pipe ends are closed as soon as it is done, and `gone`
    with them: the relay learns so. `own_output` (the interactor): our copy of its output goes as soon as
    it runs, so its closing its output reaches the submission as EOF at once (as BAPCtools and a direct
    pipe do), and its exit does too, without waiting for the sandbox to tear its cage down."""
    held = [stdout]

    def spawned() -> None:
        if own_output and held:
            os.close(held.pop())
    try:   # in the cage a program sees only what it is given: the interactor writes its feedback folder
        return run(argv, stdin, stdout, limits, stderr, address_space=address_space, readable=readable,
                   writable=feedback.writable if feedback else (), mounts=feedback.mounts if feedback else (),
                   spawned=spawned, session=False, on_cpu=cpu)
    finally:
        os.close(stdin)
        for fd in held:
            os.close(fd)
        if gone is not None:
            os.close(gone)


def decide(sub: RunResult, judge: RunResult, transcript: Transcript, time_limit: float, message: str,
           name: str = "interactor") -> tuple[Verdict, str]:
    """The verdict of one interactive run, and the note that explains it."""
    if judge.status in ("ok", "re") and judge.exit_code in (ACCEPT, REJECT):
        judged, note = (Verdict.AC, message) if judge.exit_code == ACCEPT else \
            (Verdict.WA, message or "rejected by the interactor")
    else:
        judged, note = Verdict.JE, f"{name or 'interactor'} failed: {_how(judge)}" + (f": {message}" if message else "")
    failed = Verdict.OLE if transcript.output_exceeded else of_run(sub, time_limit)
    if judged is Verdict.JE and failed is Verdict.TLE and judge.status == "tle" and judge.cpu <= 0.5 * judge.wall:
        # The submission ran out of time and the interactor, idle while it waited, then ran out of its own
        # (a busy machine can delay the first's end past the second's clock): TLE, as judges that stop the
        # interactor with the submission call it, not a judge error.
        return Verdict.TLE, f"{_how(sub)}; the interactor was left waiting"
    if failed is None or judged is Verdict.JE:   # a broken judge voids the run, whatever the submission did
        return judged, note
    if judged is not Verdict.AC and transcript.first_to_stop == "judge":
        return judged, note   # the judge had its say before the submission broke down
    if judged is Verdict.AC and transcript.first_to_stop == "judge" and sub.signal == signal.SIGPIPE:
        # It wrote on after the interactor had accepted and gone. Kattis keeps that pipe open once its
        # validator accepts (so such writes land in the pipe), and accepts the submission: so does ojpack.
        return judged, "accepted; the submission wrote on after the interactor had accepted (SIGPIPE, not counted)"
    return failed, _how(sub) if failed is not Verdict.OLE else "wrote more than the output limit to the judge"


def _how(res: RunResult) -> str:
    if res.status == "tle":
        return "ran out of time" if res.cpu > 0.5 * res.wall else "ran out of time waiting (idle: both sides waiting)"
    if res.status == "mle":
        return "ran out of memory"
    if res.status == "ole":
        return "wrote too much"
    if res.signal:
        return f"killed by signal {res.signal}"
    return f"exit code {res.exit_code}"


def sample_dialogues(problem: Problem, tests: list[BuiltTest], cache_dir: Path) -> dict[str, str]:
    """test id -> the model solution's whole dialogue with the interactor on each sample test, in the
    `.interaction` notation judges show in statements. Empty for a problem that is not interactive."""
    interactor = load_interactor(problem, cache_dir)
    if interactor is None or not problem.spec.model_solution:   # no model: no dialogue to show
        return {}
    model = prepare(problem.path(problem.spec.model_solution), cache_dir,
                    problem.language_of(problem.spec.model_solution), includes=problem.includes())
    lim = problem.spec.limits
    limits = RunLimits(cpu=lim.time, wall=2 * lim.time + 1, memory_mib=lim.memory, output_mib=lim.output)
    out: dict[str, str] = {}
    for test in (t for t in tests if t.group == "sample"):
        with tempfile.TemporaryDirectory(prefix="ojpack-sample-") as tmp:
            played = interact(model.argv, model.language.address_space, interactor, test.input, test.answer,
                              limits, lim.time, Path(tmp))
        text = played.transcript.interaction()
        if played.verdict is not Verdict.AC or text is None:
            raise OjpackError(f"{test.id}: the model solution's dialogue with the interactor "
                              + (f"failed ({played.verdict}: {played.note})" if played.verdict is not Verdict.AC
                                 else "is too long for a sample"))
        out[test.id] = text
    return out
