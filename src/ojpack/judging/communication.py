"""Communication tasks (`kind: communication`, CMS's Communication type): a manager and 1..N processes of
the submission (each linked with the stub of its language), every one in a cage of its own, joined by FIFOs.

As CMS runs them: the manager gets the test's input on stdin and, as arguments, the FIFOs of each process in
turn (`u<i>_to_m m_to_u<i>` …); process i gets its own pair (`m_to_u<i> u<i>_to_m`, or them as stdin and
stdout with `channel: stdio`) and, when there are several processes, its 0-based index. Each process sees
only its own FIFO folder, so it cannot write into another's. The manager's stdout is the score (0..1),
its stderr's first line the message; a process that fails (a limit, a crash) makes the test 0 with its
failure, as CMS does; a manager that fails is a judge error. The manager may use N x (time limit + 1) s.

With `channel: stdio` both FIFOs are opened read-write for the process (opening one end alone would wait
for the manager), so a process reading past what the manager sent waits rather than seeing end of file."""

from __future__ import annotations

import math
import os
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import dataclass, replace
from pathlib import Path

from ..errors import OjpackError
from ..problem import Problem
from ..sandbox import CompileError, Program, RunLimits, RunResult, head_of, prepare, run
from ..testdata import BuiltTest
from .verdicts import Verdict, of_run

_POOL = ThreadPoolExecutor(max_workers=256, thread_name_prefix="ojpack-communication")


@dataclass(frozen=True)
class Communicator:
    """What judges a communication task's run: the compiled manager and how the processes are joined."""
    manager: Program
    processes: int
    channel: str    # fifo | stdio

    @property
    def key(self) -> str:
        return f"{self.manager.key} {self.processes} {self.channel}"


@dataclass(frozen=True)
class Communicated:
    verdict: Verdict
    message: str
    fraction: float | None
    users: tuple[RunResult, ...]
    manager: RunResult


def load_communicator(problem: Problem, cache_dir: Path) -> Communicator | None:
    spec = problem.spec.communication
    if spec is None:
        return None
    source = problem.path(spec.manager)
    try:
        manager = prepare(source, cache_dir)
    except CompileError as e:
        raise OjpackError(f"manager {spec.manager} does not compile:\n{e.message}") from None
    return Communicator(manager, spec.processes, spec.channel)


def _fifos(work: Path, n: int) -> list[tuple[Path, Path]]:
    """Per process: (u<i>_to_m, m_to_u<i>), each pair in a folder of its own."""
    out = []
    work.chmod(0o755)
    for i in range(n):
        folder = work / f"fifo{i}"
        folder.mkdir()
        pair = (folder / f"u{i}_to_m", folder / f"m_to_u{i}")
        for f in pair:
            os.mkfifo(f)
            f.chmod(0o666)   # the cages run as another user
        folder.chmod(0o755)
        out.append(pair)
    return out


def _release(pairs: list[tuple[Path, Path]]) -> None:
    """Open and close the far end of every FIFO without waiting, so a process blocked opening its own end
    goes on and meets end of file (or a broken pipe) instead of waiting for its wall limit."""
    for to_m, from_m in pairs:
        for path, flags in ((from_m, os.O_WRONLY), (to_m, os.O_RDONLY)):
            try:
                os.close(os.open(path, flags | os.O_NONBLOCK))
            except OSError:   # ENXIO: nobody is reading that FIFO, so nobody waits on it
                pass


def _unblock(pairs: list[tuple[Path, Path]]) -> None:
    """Open and close both ends of every FIFO without waiting, so a manager blocked opening one (after the
    processes, which a stdio channel lets exit before it opens anything, are gone) goes on and meets end of
    file or a broken pipe instead of waiting for its wall limit."""
    for path in (p for pair in pairs for p in pair):
        for flags in (os.O_RDONLY, os.O_WRONLY):
            try:
                os.close(os.open(path, flags | os.O_NONBLOCK))
            except OSError:   # ENXIO: nobody is reading that FIFO, so nobody waits on it
                pass


def _score(text: str) -> float | None:
    try:
        value = float(text.split()[0]) if text.split() else math.nan
    except ValueError:
        return None
    return value if 0 <= value <= 1 else None


def communicate(program: Program, judge: Communicator, test: BuiltTest, limits: RunLimits, time_limit: float,
                work: Path) -> Communicated:
    """One test: the manager and the processes run at once; `work` is a private, empty folder."""
    n = judge.processes
    pairs = _fifos(work, n)
    mgr_limits = replace(limits, cpu=n * (time_limit + 1), wall=2 * n * (time_limit + 1) + 1, memory_mib=None,
                         output_mib=16)
    mgr_argv = (*judge.manager.argv, *(str(p) for pair in pairs for p in pair))
    mgr_out, mgr_err = work / "manager.out", work / "manager.err"

    def manager() -> RunResult:
        return run(mgr_argv, test.input, mgr_out, mgr_limits, mgr_err, address_space=judge.manager.language.address_space,
                   writable=[p[0].parent for p in pairs])

    def user(i: int) -> RunResult:
        to_m, from_m = pairs[i]
        index = [str(i)] if n > 1 else []
        if judge.channel == "fifo":
            return run((*program.argv, str(from_m), str(to_m), *index), Path(os.devnull), work / f"user{i}.out",
                       limits, work / f"user{i}.err", address_space=program.language.address_space,
                       writable=[to_m.parent])
        fds = [os.open(from_m, os.O_RDWR), os.open(to_m, os.O_RDWR)]
        try:
            return run((*program.argv, *index), fds[0], fds[1], limits, work / f"user{i}.err",
                       address_space=program.language.address_space, writable=[to_m.parent])
        finally:
            for fd in fds:
                os.close(fd)

    mgr = _POOL.submit(manager)
    users = [_POOL.submit(user, i) for i in range(n)]
    while wait([mgr], timeout=0.05).not_done:
        if all(u.done() for u in users):
            _unblock(pairs)   # every process is gone: a FIFO the manager is opening would wait for nothing
    ran = mgr.result()
    while wait(users, timeout=0.05).not_done:
        _release(pairs)   # the manager is gone: a process still opening its FIFOs would wait for nothing
    results = tuple(u.result() for u in users)
    if ran.status != "ok" or ran.exit_code:
        said = head_of(mgr_err)
        return Communicated(Verdict.JE, f"the manager failed ({ran.status}, exit {ran.exit_code})"
                            + (f": {said}" if said else ""), None, results, ran)
    for i, res in enumerate(results):
        failed = of_run(res, time_limit)
        if failed is not None:
            said = head_of(work / f"user{i}.err")
            return Communicated(failed, f"process {i}: {failed}" + (f": {said}" if said else ""), None, results, ran)
    text = mgr_out.read_text(errors="replace")
    score = _score(text)
    message = (head_of(mgr_err) or "").splitlines()[0] if head_of(mgr_err) else ""
    if score is None:
        return Communicated(Verdict.JE, f"the manager's stdout is not a score in 0..1: {text[:40]!r}", None, results, ran)
    verdict = Verdict.AC if score >= 1 else Verdict.WA if score <= 0 else Verdict.PC
    return Communicated(verdict, message, score if verdict is Verdict.PC else None, results, ran)
