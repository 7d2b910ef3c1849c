"""Run one program on one input under limits, and report what it used.

Limits: CPU time (watched from /proc and backed by RLIMIT_CPU), wall time, memory (a per-run memory
cgroup when the host allows one, else RLIMIT_AS; the verdict always comes from the measured peak),
output size (RLIMIT_FSIZE), stack up to the memory limit, and a private temporary working directory.
Every process the run started is killed before `run` returns."""

from __future__ import annotations

import math
import os
import resource
import select
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from . import cgroups
from .launch import launcher

Status = Literal["ok", "tle", "mle", "ole", "re"]
MIB = 1024 * 1024
_TICK = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class RunLimits:
    cpu: float                 # seconds of CPU time (user + system)
    wall: float                # seconds of real time
    memory_mib: int | None     # None: unlimited
    output_mib: int | None     # None: unlimited
    processes: int = 64        # threads + processes, where a pids cgroup can count them


@dataclass(frozen=True)
class RunResult:
    status: Status
    cpu: float                 # seconds
    wall: float                # seconds
    memory_mib: float          # peak resident memory
    exit_code: int | None      # None when a signal ended it
    signal: int | None
    output_bytes: int = 0
    sandbox: str = "rlimit"    # "cgroup" when a memory cgroup capped the run


def memory_cap(limit_mib: int) -> int:
    """The hard cap in bytes: above the limit, so the verdict comes from the measured peak rather
    than from where an allocation happened to fail, yet close enough to stop a runaway promptly."""
    return (limit_mib + max(64, limit_mib // 4)) * MIB


def run(argv: list[str] | tuple[str, ...], stdin: Path, stdout: Path, limits: RunLimits,
        stderr: Path | None = None, *, address_space: bool = True, cgroup: bool | None = None) -> RunResult:
    """Run `argv` with stdin/stdout bound to files, in its own session and temporary directory.

    `address_space=False` (e.g. for a JVM) forbids the RLIMIT_AS fallback; `cgroup=None` uses a memory
    cgroup when the host allows one."""
    use_cgroup = cgroups.available() if cgroup is None else cgroup
    cage = cgroups.for_thread() if use_cgroup else None
    if cage:
        cage.prepare(memory_cap(limits.memory_mib) if limits.memory_mib else None, limits.processes)
    helper = launcher()
    cwd = _workdir()
    try:
        with open(stdin, "rb") as fin, open(stdout, "wb") as fout, open(stderr or os.devnull, "wb") as ferr:
            start = time.monotonic()
            pid = _spawn(helper, argv, cwd, (fin.fileno(), fout.fileno(), ferr.fileno()), limits, cage, address_space)
            status = 0   # stays 0 only if the wait itself was interrupted
            try:
                killed, status, usage = _wait(pid, limits, start)
            finally:
                _kill_group(pid)
                if cage:   # a process that called setsid() escaped the group kill, not the cage
                    cage.kill_all()
                # the OOM killer sends SIGKILL; only then is its counter worth a read
                oom = bool(cage) and os.WIFSIGNALED(status) and cage.new_oom_kill()
                charged = cage.peak_bytes() if cage else None
            wall = time.monotonic() - start
    finally:
        _empty(cwd)
    cpu = usage.ru_utime + usage.ru_stime
    # ru_maxrss keeps the high-water mark of the forked parent across exec, so it overstates small
    # programs by the size of this Python process; the cgroup's own charge does not.
    peak = usage.ru_maxrss / 1024
    if charged is not None:
        peak = min(peak, charged / MIB)
    code = os.waitstatus_to_exitcode(status)
    sig = -code if code < 0 else None
    size = stdout.stat().st_size
    verdict = _classify(limits, killed, cpu, peak, oom, sig, code, size)
    return RunResult(verdict, cpu, wall, peak, None if sig else code, sig, size, "cgroup" if cage else "rlimit")


def _spawn(helper: str | None, argv: list[str] | tuple[str, ...], cwd: str, fds: tuple[int, int, int],
           limits: RunLimits, cage: cgroups.Cage | None, address_space: bool) -> int:
    """Start the program in its own session with its limits; returns its pid (the caller reaps it)."""
    if helper:   # the helper sets the limits, so a plain posix_spawn (vfork) will do: the cheap path
        args = [helper, cwd, *_limit_args(limits, cage, address_space), "--", *argv]
        actions = [(os.POSIX_SPAWN_DUP2, fd, target) for target, fd in enumerate(fds)]
        return os.posix_spawn(helper, args, os.environ, file_actions=actions)
    proc = subprocess.Popen(argv, stdin=fds[0], stdout=fds[1], stderr=fds[2], cwd=cwd, close_fds=True,
                            preexec_fn=_child_setup(limits, cage, address_space), start_new_session=True)
    proc.returncode = 0   # we reap it ourselves with wait4; Popen must not try again
    return proc.pid


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


def _rlimits(limits: RunLimits, cage: cgroups.Cage | None, address_space: bool) -> tuple[int, int, int, int | None]:
    """(cpu seconds, output bytes, stack bytes, address space bytes or None); -1 = unlimited."""
    mem = limits.memory_mib * MIB if limits.memory_mib else resource.RLIM_INFINITY
    out = limits.output_mib * MIB + 1 if limits.output_mib else resource.RLIM_INFINITY
    cpu = math.ceil(limits.cpu) + 1   # a backstop: the watcher below kills at the exact limit
    cap_as = cage is None and address_space and limits.memory_mib is not None
    return cpu, out, mem, (2 * mem + 64 * MIB if cap_as else None)


def _limit_args(limits: RunLimits, cage: cgroups.Cage | None, address_space: bool) -> list[str]:
    cpu, out, mem, as_bytes = _rlimits(limits, cage, address_space)
    tasks = cage.task_files() if cage else ("-", "-")
    return [str(cpu), _num(out), _num(mem), _num(as_bytes), *tasks]


def _num(value: int | None) -> str:
    return "-" if value is None or value == resource.RLIM_INFINITY else str(value)


def _child_setup(limits: RunLimits, cage: cgroups.Cage | None, address_space: bool):
    cpu, out, mem, as_limit = _rlimits(limits, cage, address_space)
    tasks = cage.task_files() if cage else None
    cap_as = as_limit is not None
    as_bytes = as_limit or 0

    def setup() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        resource.setrlimit(resource.RLIMIT_STACK, (mem, mem))
        resource.setrlimit(resource.RLIMIT_FSIZE, (out, out))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if cap_as:
            resource.setrlimit(resource.RLIMIT_AS, (as_bytes, as_bytes))
        if tasks:
            cgroups.join(tasks)

    return setup


def _wait(pid: int, limits: RunLimits, start: float) -> tuple[bool, int, resource.struct_rusage]:
    """Wait for `pid`, killing its group once it passes the CPU or wall limit. Returns (killed, status, usage)."""
    try:
        pidfd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        pidfd = None
    killed = False
    used = 0.0   # nothing to read before the first wait: most runs end long before any limit
    try:
        while True:
            remaining_wall = start + limits.wall - time.monotonic()
            if not killed and (remaining_wall <= 0 or used > limits.cpu):
                _kill_group(pid)
                killed = True
            # CPU can grow at most ~cores × wall, so sleeping half the CPU left never oversleeps much.
            delay = 0.05 if killed else max(0.005, min(remaining_wall, (limits.cpu - used) / 2))
            if pidfd is not None:
                select.select([pidfd], [], [], delay)
            got, status, usage = os.wait4(pid, os.WNOHANG)
            if got == pid:
                return killed, status, usage
            if pidfd is None:
                time.sleep(min(delay, 0.01))
            used = _cpu_of(pid)
    finally:
        if pidfd is not None:
            os.close(pidfd)


def _cpu_of(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        return sum(int(x) for x in fields[11:15]) / _TICK
    except (OSError, IndexError, ValueError):
        return 0.0


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
