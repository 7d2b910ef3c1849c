"""Run programs on built tests in parallel over the cores, and grade every run with the checker."""

from __future__ import annotations

import hashlib
import json
import math
import os
import shutil
import signal
import tempfile
import threading
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Protocol

from ..cache import key, write_atomic
from ..problem import Problem
from .checker import Checker, CheckerError, CheckResult, output_scratch
from ..sandbox import Program
from ..testdata import BuiltTest, problem_files
from ..sandbox import RunLimits, RunResult, excerpt_of, excerpt_text, head_of, isolation_enabled, run_with_files, sandbox_mode
from .rundetail import Trace, dialogue_head, trace_of
from .aside import Turns
from .affine import Affine
from .verdicts import Verdict, of_run
from .interact import Interactor, interact
from .multipass import MultiPass, run_passes
from .communication import Communicator, communicate


@dataclass(frozen=True)
class Cell:
    """One program on one test."""
    test: str            # BuiltTest.id
    verdict: Verdict
    time: float          # CPU seconds
    wall: float
    memory: float        # peak MiB
    message: str = ""    # the checker's word, or how the run ended
    output: str = ""     # hash of the output's tokens (clean runs only): do two programs agree?
    transcript: str = "" # interactive runs: the last lines of the dialogue
    late: Verdict | None = None  # a run over the time limit that ended by itself within the cut-off: its
                                 # verdict without the limit (problemtools' "OK with extra time")
    fraction: float | None = None  # a partially correct (PC) test's share of its points, in (0, 1)
    trace: Trace | None = None     # how the run went: exit, heads of its output and stderr, first difference

    @property
    def share(self) -> float:
        """The share of the test's points this run earns: 1 accepted, 0 failed, the checker's fraction if PC."""
        return 1.0 if self.verdict is Verdict.AC else (self.fraction or 0.0)


def at_margin(cell: Cell, time_limit: float, margin: float) -> Verdict:
    """The cell's verdict had the limit been `time_limit` x `margin` (problemtools' "with extra time")."""
    if cell.verdict is Verdict.TLE and cell.late is not None and cell.time <= time_limit * margin:
        return cell.late
    return cell.verdict


@dataclass(frozen=True)
class Job:
    owner: str           # whose run this is (a solution's name); cells come back keyed by it
    program: Program
    test: BuiltTest
    traced: bool = True  # keep the run's Trace in its cell (a rejudge of many submissions keeps none)


def limits_for(time_limit: float, memory_mib: int, output_mib: int, stretch: float = 1.0,
               output_stops: bool = True) -> RunLimits:
    """`stretch` > 1 lets slow runs go on past the limit, to see how far over they are; `output_stops`:
    problem.yaml's limits.output_stops."""
    cpu = time_limit * stretch
    # A sleeping or blocked program uses no CPU: the wall limit catches it, at about twice the CPU limit.
    return RunLimits(cpu=cpu, wall=2 * cpu + 1, memory_mib=memory_mib, output_mib=output_mib,
                     output_stops=output_stops)


def problem_limits(problem: Problem, time_limit: float | None = None, stretch: float = 1.0) -> RunLimits:
    """The limits of a solution's runs on `problem`: its memory and output limits and how output past the
    limit ends (limits.output_stops), at `time_limit` (default: the problem's) x `stretch`, and the files
    it reads and writes (problem.yaml's `io`; its runs go through run_with_files)."""
    lim = problem.spec.limits
    return replace(limits_for(lim.time if time_limit is None else time_limit, lim.memory, lim.output, stretch,
                              lim.output_stops), files=problem_files(problem))


@dataclass(frozen=True)
class Memo:
    """Remembered cells: a run is a pure function of program, test, limits and checker (`salt`)."""
    folder: Path
    salt: str
    traced: bool = False   # a remembered run without its trace (an older one, or a rejudge's) is run again

    def path(self, job: Job, limits: RunLimits, time_limit: float) -> Path | None:
        t = job.test
        if not (job.program.key and t.input_sha256 and t.answer_sha256):
            return None
        # the sandbox mode too: a run measured under rlimits alone is not one measured in a cgroup
        mode = sandbox_mode().describe() if isolation_enabled() else "unsandboxed"
        k = key(self.salt, job.program.key, *job.program.argv, t.input_sha256, t.answer_sha256,
                repr(limits), repr(time_limit), mode)
        return self.folder / k[:2] / f"{k}.json"


def recall(memo: Memo, job: Job, limits: RunLimits, time_limit: float) -> Cell | None:
    remembered = memo.path(job, limits, time_limit)
    if not (remembered and remembered.is_file()):
        return None
    raw = json.loads(remembered.read_text())
    if memo.traced and job.traced and raw.get("trace") is None:
        return None
    return Cell(job.test.id, Verdict(raw["verdict"]), raw["time"], raw["wall"], raw["memory"], raw["message"],
                raw.get("output", ""), raw.get("transcript", ""), Verdict(raw["late"]) if raw.get("late") else None,
                raw.get("fraction"), Trace.from_json(raw["trace"]) if raw.get("trace") else None)


def remember(memo: Memo, job: Job, limits: RunLimits, time_limit: float, cell: Cell) -> None:
    remembered = memo.path(job, limits, time_limit)
    # a judge error is the checker's fault of the moment, never remembered
    if remembered and cell.verdict is not Verdict.JE and not near_limit(cell, limits, time_limit):
        write_atomic(remembered, json.dumps({**asdict(cell), "verdict": cell.verdict.value,
                                             "late": cell.late.value if cell.late else None,
                                             "trace": cell.trace.to_json() if cell.trace else None}).encode())


def run_one(job: Job, limits: RunLimits, time_limit: float, checker: Checker | Interactor, scratch: Path,
            memo: Memo | None = None) -> Cell:
    cell = recall(memo, job, limits, time_limit) if memo else None
    if cell is None:
        cell = _run_one(job, limits, time_limit, checker, scratch)
        if memo:
            remember(memo, job, limits, time_limit, cell)
    return cell


# A run at or above half the time limit is one whose timing decides something: an accepted run there already
# fails the 2x headroom rule, and machine load alone can double a time. Remembering it would repeat one
# unlucky measurement forever; below half, no verdict or margin depends on the exact time.
NEAR_TIME = 0.5
NEAR_MEMORY = 0.9   # memory barely varies with load: only a run right at the cap is in doubt


def near_limit(cell: Cell, limits: RunLimits, time_limit: float) -> bool:
    """True for a run that hit a limit or came near one: its outcome may differ on a quieter machine.

    Except a time-out the CPU watch cut at the stretched limit (1.5x): CPU time, unlike wall time, hardly
    grows with load, and such a run is over the limit by half again on any machine; and a run over the
    memory or output limit, which load does not change. Remembering them is what lets a warm check skip
    the solutions meant to fail that way (a time-out alone would cost 1.5x the limit again)."""
    if cell.verdict is Verdict.TLE and cell.time >= limits.cpu > time_limit:
        return False
    if cell.verdict in (Verdict.MLE, Verdict.OLE):   # memory and output size do not depend on load
        return False
    if cell.verdict is Verdict.TLE:
        return True
    if cell.time >= NEAR_TIME * time_limit or cell.wall >= NEAR_TIME * limits.wall:
        return True
    return bool(limits.memory_mib) and cell.memory >= NEAR_MEMORY * limits.memory_mib


def rerun_slow(jobs: Sequence[Job], cells: dict[tuple[str, str], Cell], limits: RunLimits, time_limit: float,
               checker: Checker | Interactor) -> dict[tuple[str, str], Cell]:
    """Run `jobs` again one at a time (the quietest the machine gets) and keep each one's faster run: load
    only ever slows a program down, so the faster of two runs is the truer one."""
    again = execute(jobs, limits, time_limit, checker, workers=1)
    return {k: min(cells[k], c, key=lambda x: x.time) for k, c in again.items()}


def _run_one(job: Job, limits: RunLimits, time_limit: float, checker: Checker | Interactor, scratch: Path) -> Cell:
    if isinstance(checker, Communicator):   # a manager and the processes, joined by FIFOs of their own
        work = Path(tempfile.mkdtemp(prefix="comm-", dir=scratch))
        try:
            c = communicate(job.program, checker, job.test, limits, time_limit, work)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return Cell(job.test.id, c.verdict, round(max(r.cpu for r in c.users), 3), round(max(r.wall for r in c.users), 3),
                    round(max(r.memory_mib for r in c.users), 1), c.message, fraction=c.fraction)
    if isinstance(checker, (Interactor, MultiPass)):   # feedback files must start from nothing: a folder per run
        work = Path(tempfile.mkdtemp(prefix="cell-", dir=scratch))
        try:
            if isinstance(checker, MultiPass):
                p = run_passes(job.program.argv, job.program.language.address_space, job.test.input,
                               job.test.answer, limits, time_limit, checker, work)
                return Cell(job.test.id, p.verdict, round(p.cpu, 3), round(p.wall, 3), round(p.memory, 1),
                            p.message, transcript=p.transcript, trace=Trace(transcript_head=p.transcript or None))
            return _interactive(job, limits, time_limit, checker, work)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    # One folder per worker thread, its two files overwritten by each run: the runner opens them truncated,
    # and the checker reads the output before the thread starts its next run.
    work = scratch / f"worker-{threading.get_ident()}"
    work.mkdir(exist_ok=True)
    out, said = work / "out", work / "stderr"
    ran = run_with_files(job.program.argv, job.test.input, out, limits, stderr=said,
                         address_space=job.program.language.address_space)
    res = ran.result
    failed = of_run(res, time_limit)
    over = failed is Verdict.TLE and res.status != "tle"   # over the limit, yet it ended within the cut-off
    late = of_run(res, math.inf) if over else None         # (then: how it ended, None when cleanly)
    output, fraction = "", None
    clean = failed is None or (over and late is None)
    compared = clean and not ran.lost
    if clean:   # only a clean run is worth checking
        try:
            if ran.lost:   # no answer file, or a link or a FIFO there: wrong, the checker not asked
                verdict, message, fraction = Verdict.WA, ran.lost, None
            else:
                checked = checker.check(job.test.input, job.test.answer, out)
                verdict, message, fraction = of_check(checked), checked.message, checked.fraction
        except CheckerError as e:   # the judging failed, not the program: JE, and not remembered
            verdict, message = Verdict.JE, str(e)
        output = hashlib.sha256(b" ".join(out.read_bytes().split())).hexdigest()[:16]
        if over:   # judged as it would be with more time; the verdict at the limit stays TLE
            late, verdict, message, output, fraction = verdict, Verdict.TLE, f"{verdict} after the time limit", "", None
    else:
        # What the program said (a traceback, a Java exception) is what the author needs to see.
        verdict, message = failed, ": ".join(x for x in (_how_it_ended(res), head_of(said)) if x)
    trace = trace_of(res, out, said, job.test.answer, late if over and late else verdict, checker, compared) \
        if job.traced else None
    return Cell(job.test.id, verdict, round(res.cpu, 3), round(res.wall, 3), round(res.memory_mib, 1), message,
                output, late=late, fraction=fraction, trace=trace)


def of_check(checked: CheckResult) -> Verdict:
    """The verdict of a checked output: AC, PC (part of the points) or WA."""
    return Verdict.AC if checked.ok else Verdict.PC if checked.fraction else Verdict.WA


def _interactive(job: Job, limits: RunLimits, time_limit: float, interactor: Interactor, work: Path) -> Cell:
    played = interact(job.program.argv, job.program.language.address_space, interactor, job.test.input,
                      job.test.answer, limits, time_limit, work)
    res = played.submission
    note = played.note
    if played.verdict in (Verdict.RE, Verdict.TLE, Verdict.MLE, Verdict.OLE):   # the submission's own failure
        note = ": ".join(x for x in (note, head_of(work / "submission.err")) if x)
    t = played.transcript
    trace = Trace(res.exit_code, res.signal, excerpt_text(t.from_submission),
                  t.received, excerpt_of(work / "submission.err"), None, dialogue_head(t.opening))
    return Cell(job.test.id, played.verdict, round(res.cpu, 3), round(res.wall, 3), round(res.memory_mib, 1),
                note, transcript=t.tail(), trace=trace if job.traced else None)


def _how_it_ended(res: RunResult) -> str:
    if res.signal:
        return f"killed by signal {res.signal} ({signal.Signals(res.signal).name})"
    return f"exit code {res.exit_code}" if res.exit_code else ""


@dataclass(frozen=True)
class FirstFailure:
    """A chain key (`chain_of`) whose chain stops at any failing cell, a time-out the wall clock cut short
    too: under the first-failure rule that cell's verdict is the solution's (or its subtask's), however slow."""
    owner: str
    group: str
    costly: bool = True   # its runs may use their whole limit (see Chain)


@dataclass(frozen=True)
class Chain:
    """A chain key (`chain_of`) that says whether its runs may use their whole limit (`costly`: the
    solution may time out, or run out of memory or output): those take a costly turn (aside.Turns)."""
    owner: str
    group: str
    costly: bool = True


def settled(cell: Cell, limits: RunLimits, any_failure: bool = False) -> bool:
    """Whether a chain stops at this cell: it failed. A time-out that the wall clock cut short (a busy
    machine) has not shown how slow the program is (unless `any_failure`: a FirstFailure chain), and one
    that passed after the limit (`late`) may pass at the safety margin's limit, where the verdict is then a
    later test's: the next test gets its turn."""
    if cell.verdict in (Verdict.AC, Verdict.PC) or cell.late is Verdict.AC:   # a PC test settles no score
        return False
    return any_failure or not (cell.verdict is Verdict.TLE and cell.time < limits.cpu)


def execute(jobs: Sequence[Job], limits: RunLimits, time_limit: float, checker: Checker | Interactor,
            workers: int | None = None, on_done: Callable[[Job, Cell], None] | None = None,
            memo: Memo | None = None, chain_of: Callable[[Job], Hashable | None] | None = None,
            turns: Turns | None = None) -> dict[tuple[str, str], Cell]:
    """All jobs, `workers` at a time (default: one per core); returns {(owner, test id): cell}. `turns`
    instead: a chained run takes a costly turn, any other an ordinary one (see aside.py).

    Jobs that `chain_of` puts in one chain (e.g. a solution meant to time out, or its tests of one
    subtask) run one after another, in the order given, and stop at the chain's first failing cell: the
    verdict is settled there, and a solution meant to time out would otherwise spend the whole cut-off on
    every remaining test. The chain's later tests are then absent from the result."""
    out: dict[tuple[str, str], Cell] = {}
    scratch = Path(tempfile.mkdtemp(prefix="ojpack-exec-", dir=output_scratch(checker)))
    chains: dict[Hashable, list[Job]] = {}
    singles: list[Job] = []
    for job in jobs:
        link = chain_of(job) if chain_of else None
        (singles if link is None else chains.setdefault(link, [])).append(job)

    def one(job: Job, costly: bool = False) -> Cell:
        with nullcontext() if turns is None else turns.costly() if costly else turns.run():
            cell = run_one(job, limits, time_limit, checker, scratch, memo)
        out[(job.owner, job.test.id)] = cell
        if on_done:
            on_done(job, cell)
        return cell

    def chain(link: Hashable, owned: list[Job]) -> None:
        costly = link.costly if isinstance(link, (Chain, FirstFailure)) else True
        for job in owned:
            if settled(one(job, costly), limits, isinstance(link, FirstFailure)):
                return

    threads = turns.threads if turns else workers or os.cpu_count() or 1
    given = Affine(singles, lambda job: job.owner)   # a thread keeps to one program: one cage for its runs
    try:
        with ThreadPoolExecutor(max_workers=threads) as pool:
            # the chains first: they hold the long runs, and the short ones fill the gaps around them
            futures = [pool.submit(chain, link, owned) for link, owned in chains.items()]
            futures += [pool.submit(given.drain, one) for _ in range(min(threads, len(singles)))]
            try:
                for f in futures:
                    f.result()
            except BaseException:
                given.stop()
                pool.shutdown(wait=True, cancel_futures=True)
                raise
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return out


class Engine(Protocol):
    """Where a batch of runs goes: the local pool (LocalEngine) or a cluster (cluster.DaskEngine). `chain_of`
    as in execute: a chain's runs go one after another and stop at its first failing one."""

    def execute(self, jobs: Sequence[Job], limits: RunLimits, time_limit: float, checker: Checker | Interactor,
                on_done: Callable[[Job, Cell], None] | None, memo: Memo | None,
                chain_of: Callable[[Job], Hashable | None] | None = None) -> dict[tuple[str, str], Cell]: ...


@dataclass(frozen=True)
class LocalEngine:
    workers: int | None = None
    turns: Turns | None = None   # see execute

    def execute(self, jobs: Sequence[Job], limits: RunLimits, time_limit: float, checker: Checker | Interactor,
                on_done: Callable[[Job, Cell], None] | None, memo: Memo | None,
                chain_of: Callable[[Job], Hashable | None] | None = None) -> dict[tuple[str, str], Cell]:
        return execute(jobs, limits, time_limit, checker, self.workers, on_done, memo, chain_of, self.turns)
