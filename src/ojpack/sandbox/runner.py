"""Run one program on one input under limits, and report what it used.

Limits: CPU time (watched from /proc and backed by RLIMIT_CPU), wall time, memory (a per-run memory
cgroup when the host allows one, else RLIMIT_AS; the verdict always comes from the measured peak),
output size (in the cage, the helper drains stdout and drops what passes it, so a flood that never ends is
TLE and one that ends in time OLE, as problemtools, DOMjudge and BAPCtools judge; unisolated, RLIMIT_FSIZE;
stderr is not counted, the cage keeps its first 64 KiB), stack up to the memory limit, and a private
temporary working directory.
Every process the run started is killed before `run` returns."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Literal

from . import pool, spawn
from .affinity import pinned_thread
from .isolation import (SCRATCH_MIB, SandboxUnavailable, cage_binds, cage_path, hand_over, isolation_enabled,
                        require_isolation)
from .launch import launcher, skeleton
from .limits import MIB, RunLimits, memory_cap
from .modes import run_cgroup, sandbox_mode
from .rlimit_limits import allocation_failed, cage_options

Status = Literal["ok", "tle", "mle", "ole", "re"]


@dataclass(frozen=True)
class RunResult:
    status: Status
    cpu: float                 # seconds
    wall: float                # seconds
    memory_mib: float          # peak resident memory
    exit_code: int | None      # None when a signal ended it
    signal: int | None
    output_bytes: int = 0
    sandbox: str = "rlimit"    # "cage" when isolated, "cgroup" when only a memory cgroup capped the run


def run(argv: list[str] | tuple[str, ...], stdin: Path | int, stdout: Path | int, limits: RunLimits,
        stderr: Path | None = None, *, address_space: bool = True, cgroup: bool | None = None,
        readable: Sequence[Path] = (), writable: Sequence[Path] = (), cwd: Path | None = None,
        isolate: bool | None = None, mounts: Sequence[tuple[str, int]] = (),
        spawned: Callable[[], None] | None = None, scratch_mib: int = SCRATCH_MIB, session: bool = True,
        on_cpu: int | None = None) -> RunResult:
    """Run `argv` with stdin/stdout bound to files, in its own session and temporary directory.

    stdin/stdout may also be open file descriptors (e.g. pipe ends for an interactive run): they are
    used as they are and left open for the caller; the output limit then cannot be measured here.
    Isolated (the default, see isolation.py) it runs in the cage: it sees the paths its argv names,
    `readable` (read-only) and `writable`, and works in `cwd` (one of those) or the cage's private /tmp.
    `address_space=False` (e.g. for a JVM) forbids the RLIMIT_AS fallback; `cgroup=None` uses a memory
    cgroup when the host allows one. `mounts` (caged runs only): (path, descriptor of a detached mount,
    see cagefiles.CappedFolder) shown writable at path; `scratch_mib`: the size of the cage's private /tmp. `spawned` is called once the program holds its
    descriptors: a caller that passed pipe ends may close its own copies then (its partner then sees EOF
    as soon as the program closes its end, not only when it exits). `session=False` (caged runs): the program
    leads a process group but no session, so it shares ojpack's scheduler autogroup (each side of an
    interactive pair, with the relay: see launch.c's own_group). `on_cpu`: the program runs on that CPU alone
    (an interactive pair's, see affinity.py); None: wherever the scheduler puts it."""
    if limits.files is not None:
        raise ValueError("a run with named files goes through fileio.run_with_files")
    caged = isolation_enabled() if isolate is None else isolate
    after = spawned or (lambda: None)
    if caged:
        require_isolation()
    cage = run_cgroup(cgroup)
    helper = launcher()
    binds: list[str] = []
    if caged:
        if helper is None:
            raise SandboxUnavailable("sandbox unavailable: the exec helper (launch.c) could not be built")
        hand_over(writable)
        binds = cage_binds(argv, readable, writable) + ([] if session else ["g:1"])
        binds += [] if on_cpu is None else [f"c:{on_cpu}"]
        if cage is None:   # rlimits alone: a process cap, and init watches memory instead of an address cap (see rlimit_limits)
            binds += cage_options(limits)
            address_space = False
        argv = [cage_path(arg) for arg in argv]   # a submission under /dev/shm is shown elsewhere
        workdir = cage_path(str(cwd)) if cwd else "/tmp"
    else:
        workdir = str(cwd) if cwd else _workdir()
    pooled = caged and pool.poolable(cage, mounts, binds)
    if cage:   # init and the program's processes, pooled or not (a prepared cage's keeper stays outside)
        cage.prepare(memory_cap(limits.memory_mib) if limits.memory_mib else None, limits.processes)
    try:
        # unisolated, the program inherits the CPU of the thread that starts it
        with _bind(stdin, "rb") as fin, _bind(stdout, "wb") as fout, open(stderr or os.devnull, "wb") as ferr, \
                pinned_thread(None if caged else on_cpu):
            start = time.monotonic()
            fds = (fin.fileno(), fout.fileno(), ferr.fileno())
            try:
                if pooled:
                    outcome = pool.run_pooled(helper, skeleton(), argv, workdir, pool.unmounted(binds, mounts), fds,
                                              limits, cage, address_space, scratch_mib * MIB, after, mounts)
                elif caged:
                    outcome = spawn.run_cage(helper, skeleton(), argv, workdir, binds, fds, limits, cage,
                                             address_space, scratch_mib * MIB, mounts, after)
                elif helper and cage:   # the cgroup measures the peak: the helper may become the program
                    outcome = spawn.run_exec(helper, argv, workdir, fds, limits, cage, address_space, start, after)
                elif helper:
                    outcome = spawn.run_helper(helper, argv, workdir, fds, limits, cage, address_space, start, after)
                else:
                    outcome = spawn.run_direct(argv, workdir, fds, limits, cage, address_space, start, after)
                killed, status, cpu, peak = outcome
            except spawn.CageError as e:
                raise SandboxUnavailable(str(e)) from None
            finally:
                if cage:   # a process that called setsid() escaped the group kill, not the cage
                    cage.kill_all()
            # the OOM killer sends SIGKILL; only then is its counter worth a read
            oom = cage is not None and os.WIFSIGNALED(status) and cage.new_oom_kill()
            charged = cage.peak_bytes() if cage else None
            if cage is not None and hasattr(cage, "cpu_seconds"):   # cgroup v2: every process of the run
                cpu = max(cpu, cage.cpu_seconds())
            wall = time.monotonic() - start
    finally:
        if not caged and not cwd:
            _empty(workdir)
    if charged is not None:
        # The whole group's peak, so an orphan nobody reaps is seen. Unisolated, the program was exec'd from
        # a vfork of this process, whose high-water mark its ru_maxrss inherits: the group's figure alone.
        peak = max(peak, charged / MIB) if caged else charged / MIB
    code = os.waitstatus_to_exitcode(status)
    sig = -code if code < 0 else None
    size = stdout.stat().st_size if isinstance(stdout, Path) else 0
    verdict = _classify(limits, killed, cpu, peak, oom, sig, code, size)
    if verdict == "re" and limits.memory_mib and allocation_failed(stderr):
        verdict = "mle"   # a refused allocation (rlimits: the only sign of a big one made at once; a JVM's -Xmx)
    return RunResult(verdict, cpu, wall, peak, None if sig else code, sig, size,
                     "cage" if caged else "cgroup" if cage else "rlimit")


def _bind(target: Path | int, mode: str) -> IO[bytes]:
    """A file opened for the run, or a caller's descriptor wrapped without taking it over."""
    if isinstance(target, int):
        return open(target, mode, closefd=False)
    return open(target, mode)


_local = threading.local()


def _workdir() -> str:
    """This thread's private working directory, emptied after every run: removing and re-creating a
    directory per run costs about as much as starting a small program."""
    cwd = getattr(_local, "cwd", None)
    if cwd is None or not os.path.isdir(cwd):
        cwd = _local.cwd = tempfile.mkdtemp(prefix="ojpack-run-")
        weakref.finalize(threading.current_thread(), shutil.rmtree, cwd, True)
    return cwd


def _empty(cwd: str) -> None:
    with os.scandir(cwd) as entries:
        leftovers = [e.path for e in entries]
    for path in leftovers:
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path, ignore_errors=True)
        else:
            try:
                os.unlink(path)
            except OSError:
                pass
    os.chmod(cwd, 0o700)   # a run may have changed it


def _classify(limits: RunLimits, killed: bool, cpu: float, peak: float, oom: bool, sig: int | None,
              code: int, size: int) -> Status:
    if killed or cpu > limits.cpu or sig == signal.SIGXCPU:
        return "tle"
    if limits.memory_mib and (peak > limits.memory_mib or oom):
        return "mle"
    if limits.output_mib and (size > limits.output_mib * MIB or sig == signal.SIGXFSZ):
        return "ole"
    return "re" if code != 0 else "ok"


