"""Start one program under its limits and wait for it, killing it at the CPU or wall limit.

Isolated (the default): the helper's cage mode, which enforces every limit itself (`run_cage`).
Unisolated (--no-sandbox), three ways in, cheapest first: the exec helper becomes the program (when a cgroup measures memory);
the helper forks the program from its own tiny process and reports its usage (no cgroup: ru_maxrss
must then measure the program alone); fork + preexec_fn from Python (no C compiler for the helper)."""

from __future__ import annotations

import ctypes
import fcntl
import functools
import os
import resource
import select
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Callable, Sequence

from ..interrupt import stop_children, unreaped_after
from . import cgroups
from .limits import RunLimits, child_setup, fsize, limit_args, num as _num, rlimits

_TICK = os.sysconf("SC_CLK_TCK")

Outcome = tuple[bool, int, float, float]   # (killed at a limit, wait status, CPU seconds, peak MiB)
# Called once the program's side holds its descriptors (the caller may then close its own copies)
Spawned = Callable[[], None]


def nothing() -> None:
    pass


def run_helper(helper: str, argv: list[str] | tuple[str, ...], cwd: str, fds: tuple[int, int, int],
                limits: RunLimits, cage: cgroups.Cage | None, address_space: bool, start: float,
                spawned: Spawned = nothing) -> Outcome:
    """Without a cgroup: posix_spawn (vfork) the helper, which forks the program from its own tiny
    process and reports its usage. Returns (killed, wait status, CPU seconds, peak MiB)."""
    read_end, write_end = os.pipe()
    helper_pid = _spawn([helper, "fork", cwd, *limit_args(limits, cage, address_space), "--", *argv],
                        (*fds, write_end))
    os.close(write_end)
    spawned()
    with os.fdopen(read_end, "rb") as report:
        first = report.readline()
        if not first:   # the helper could not even fork
            os.waitpid(helper_pid, 0)
            raise OSError("the exec helper failed to start the program")
        program = int(first)
        try:
            killed, _, _ = _wait(helper_pid, limits, start, watch=program)
        finally:
            kill_group(program)
        status, utime, stime, maxrss = map(int, report.read().split())
    return killed, status, (utime + stime) / 1e6, maxrss / 1024


def run_exec(helper: str, argv: list[str] | tuple[str, ...], cwd: str, fds: tuple[int, int, int],
              limits: RunLimits, cage: cgroups.Cage | None, address_space: bool, start: float,
              spawned: Spawned = nothing) -> Outcome:
    """The cheapest path: posix_spawn (vfork) the helper, which sets the limits and execs the program."""
    pid = _spawn([helper, "exec", cwd, *limit_args(limits, cage, address_space), "--", *argv], fds)
    spawned()
    try:
        killed, status, usage = _wait(pid, limits, start, watch=pid)
    finally:
        kill_group(pid)
    return killed, status, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


class CageError(OSError):
    """The helper could not build the cage (its own words)."""


def run_cage(helper: str, skeleton: str, argv: list[str] | tuple[str, ...], cwd: str, binds: list[str],
             fds: tuple[int, int, int], limits: RunLimits, cage: cgroups.Cage | None, address_space: bool,
             scratch_bytes: int, mounts: Sequence[tuple[str, int]] = (), spawned: Spawned = nothing) -> Outcome:
    """posix_spawn the helper in cage mode and wait: it kills the program at the CPU or wall limit and
    takes every process of the run down with it, so Python only waits. A killed waiter (Ctrl-C) kills
    the helper, and with it the cage. `mounts`: (path, descriptor of a detached mount) shown writable
    at path; they go to the helper as fds 5, 6, ... (fd 4 is then /dev/null when there is no netns)."""
    cpu, out, mem, as_bytes = rlimits(limits, cage, address_space)
    tasks = cage.task_files() if cage else ("-", "-")
    netns = worker_netns()
    read_end, write_end = os.pipe()
    placeholder = os.open(os.devnull, os.O_RDONLY | os.O_CLOEXEC) if mounts and netns is None else None
    fourth = netns if netns is not None else placeholder
    extra = (*(() if fourth is None else (fourth,)), *(fd for _, fd in mounts))
    try:
        pid = _spawn([helper, "cage", skeleton, cwd, str(round(limits.cpu * 1000)), str(round(limits.wall * 1000)),
                      fsize(limits, out), _num(mem), _num(as_bytes), str(scratch_bytes), *tasks,
                      "-" if netns is None else "4", *binds, *(f"m:{path}" for path, _ in mounts), "--", *argv],
                     (*fds, write_end, *extra), CAGE_ENVIRON)
    finally:
        os.close(write_end)
        if placeholder is not None:
            os.close(placeholder)
    spawned()
    with os.fdopen(read_end, "rb") as report:
        try:
            _, helper_status = os.waitpid(pid, 0)
        except BaseException:
            stop(pid)   # it kills and reaps init, and the cage goes with init
            raise
        text = report.read().decode(errors="replace").strip()
    if text.startswith("E ") or not text:
        why = text[2:] if text else f"helper ended with status {os.waitstatus_to_exitcode(helper_status)}"
        raise CageError(f"sandbox: {why}")
    killed, status, utime, stime, maxrss, all_cpu = map(int, text.split())
    # killed 2: stopped past the output limit, which the output's size (limit + 1 bytes) already shows;
    # all_cpu: every process of the cage's, an orphan the program never reaped included
    return killed == 1, status, max(utime + stime, all_cpu) / 1e6, maxrss / 1024


_CLONE_NEWNET = 0x40000000
_worker = threading.local()


def worker_netns() -> int | None:
    """A descriptor of an empty network namespace of this thread's own, for every cage it starts (None: each
    cage makes its own, as when namespaces cannot be made here). Making and tearing one down per run costs
    ~0.6 ms and serialises the workers in the kernel; runs of one thread never overlap, and none of a run's
    processes outlives it, so one run can leave the next nothing (nor see another worker's)."""
    if not hasattr(_worker, "netns"):
        _worker.netns = _new_netns()
        if _worker.netns is not None:
            weakref.finalize(threading.current_thread(), os.close, _worker.netns)
    return _worker.netns


def _new_netns() -> int | None:
    """unshare() moves only its calling thread into the new namespace: a throwaway thread does it and hands
    back a descriptor, which keeps the namespace alive after the thread is gone."""
    made: list[int] = []

    def make() -> None:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.unshare(_CLONE_NEWNET) == 0:
            made.append(os.open("/proc/thread-self/ns/net", os.O_RDONLY | os.O_CLOEXEC))

    maker = threading.Thread(target=make, name="ojpack-netns")
    maker.start()
    maker.join()
    if not made:
        return None
    if os.stat(made[0]).st_ino == os.stat("/proc/self/ns/net").st_ino:   # never hand out the host's
        os.close(made[0])
        return None
    return made[0]


# What a caged program sees of the environment: nothing of the host's (root's PATH, ojpack's variables).
CAGE_ENVIRON = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/tmp", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}


@functools.cache
def _environ() -> dict[str, str]:
    """What an unisolated program sees of the environment: the host's search path and a UTF-8 locale.
    Built once: posix_spawn walks a plain dict in C, while os.environ decodes every entry in Python."""
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}


def _spawn(args: list[str], fds: tuple[int, ...], env: dict[str, str] | None = None) -> int:
    """posix_spawn with `fds` as the child's 0, 1, 2 (, 3 (, 4)). The sources are first copied to 10 and
    above, so none already sits where it must go (a closed stdin on this side could otherwise leave an
    input file at fd 0 with close-on-exec still set)."""
    high = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in fds]
    try:
        return os.posix_spawn(args[0], args, env or _environ(),
                              file_actions=[(os.POSIX_SPAWN_DUP2, fd, target) for target, fd in enumerate(high)])
    finally:
        for fd in high:
            os.close(fd)


def run_direct(argv: list[str] | tuple[str, ...], cwd: str, fds: tuple[int, int, int], limits: RunLimits,
                cage: cgroups.Cage | None, address_space: bool, start: float, spawned: Spawned = nothing
                ) -> Outcome:
    """Without the helper (no C compiler): fork + preexec_fn. Slower, and ru_maxrss then includes this
    Python process's own high-water mark, which only a cgroup's charge corrects."""
    proc = subprocess.Popen(argv, stdin=fds[0], stdout=fds[1], stderr=fds[2], cwd=cwd, close_fds=True,
                            preexec_fn=child_setup(limits, cage, address_space), start_new_session=True)
    proc.returncode = 0   # we reap it ourselves with wait4; Popen must not try again
    spawned()
    try:
        killed, status, usage = _wait(proc.pid, limits, start, watch=proc.pid)
    finally:
        kill_group(proc.pid)
    return killed, status, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def _wait(pid: int, limits: RunLimits, start: float, watch: int) -> tuple[bool, int, resource.struct_rusage]:
    """Wait for our child `pid`, killing the group of `watch` (the program) once it passes the CPU or
    wall limit. Returns (killed, status, usage)."""
    try:
        pidfd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        pidfd = None
    # poll, not select: a busy process may hold descriptors numbered past select's 1024
    waiter = select.poll()
    if pidfd is not None:
        waiter.register(pidfd, select.POLLIN)
    killed = False
    used = 0.0   # nothing to read before the first wait: most runs end long before any limit
    reaped = False
    try:
        while True:
            remaining_wall = start + limits.wall - time.monotonic()
            if not killed and (remaining_wall <= 0 or used > limits.cpu):
                kill_group(watch)
                killed = True
            # CPU can grow at most ~cores × wall, so sleeping half the CPU left never oversleeps much.
            delay = 0.05 if killed else max(0.005, min(remaining_wall, (limits.cpu - used) / 2))
            if pidfd is not None:
                waiter.poll(delay * 1000)
            got, status, usage = os.wait4(pid, os.WNOHANG)
            if got == pid:
                reaped = True
                return killed, status, usage
            if pidfd is None:
                time.sleep(min(delay, 0.01))
            used = _cpu_of(watch)
    finally:
        if pidfd is not None:
            os.close(pidfd)
        if not reaped:
            _reap_abandoned(pid, watch)


def exited_within(pid: int, seconds: float) -> bool:
    """Reap our child `pid` once it has exited, waiting up to `seconds`; False if it still runs."""
    return not unreaped_after([pid], seconds)


def stop(pid: int) -> None:
    """End a helper we no longer wait for and reap it (interrupt.stop_children)."""
    stop_children([pid])


def _reap_abandoned(pid: int, watch: int) -> None:
    """A wait cut short (Ctrl-C): the program's group is killed and our child `pid` reaped before the error
    goes on, so no exited helper stays behind as a zombie (re-parented to init once ojpack exits)."""
    kill_group(watch)
    if pid != watch and exited_within(pid, 5.0):   # the fork helper ends once its program has
        return
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    exited_within(pid, 5.0)


def _cpu_of(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        return sum(int(x) for x in fields[11:15]) / _TICK
    except (OSError, IndexError, ValueError):
        return 0.0


def kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
