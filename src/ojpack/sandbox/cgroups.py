"""A throw-away cgroup (v1 memory + pids) per run: a hard memory cap, a process cap, the peak memory of
every process of the run (an orphan nobody reaps included), and a way to kill every process a run
started, even those that left its process group with setsid()."""

from __future__ import annotations

import atexit
import itertools
import os
import signal
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

MOUNT = Path("/sys/fs/cgroup")
_counter = itertools.count()


@cache
def _own_path(controller: str) -> Path | None:
    """Where this process sits in a v1 hierarchy: runs nest below it, so outer accounting still holds."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if controller in controllers.split(","):
            return MOUNT / controller / path.lstrip("/")
    return None


_probe_lock = threading.Lock()


def available() -> bool:
    """True when memory and pids cgroups can be made here (root on a v1 host)."""
    # Threads of one process share the probe's name: two probing at once made the second fail (EEXIST)
    # and report the sandbox missing.
    with _probe_lock:
        return _available()


@cache
def _available() -> bool:
    probe = [p for p in (_own_path("memory"), _own_path("pids")) if p is not None]
    if len(probe) != 2:
        return False
    for parent in probe:   # leftovers of processes that died without cleaning up
        for stale in parent.glob("ojpack-*"):
            pid = stale.name.split("-")[1]
            if pid.isdigit() and not Path(f"/proc/{pid}").exists():
                _rmdir(stale)
    made: list[Path] = []
    try:
        for parent in probe:
            d = parent / f"ojpack-probe-{os.getpid()}"
            d.mkdir()
            made.append(d)
        return True
    except OSError:
        return False
    finally:
        for d in made:
            _rmdir(d)


# A reused cage whose memory still holds this much of earlier runs' page cache (a compiler's headers read
# cold) is swapped for a fresh one: the run's peak is measured above what is left, and the kernel could
# reclaim that under pressure, hiding as much of the run's own use.
STALE_BYTES = 8 << 20


@dataclass(frozen=True)
class Cage:
    memory: Path
    pids: Path
    memory_bytes: int | None = None
    max_processes: int = 0
    oom_seen: list[int] = field(default_factory=lambda: [0])   # OOM kills counted so far (mutable cell)
    # The files every run touches, kept open: pread/pwrite on them costs ~0.5 µs, a fresh open ~16 µs.
    knobs: dict[str, int] = field(default_factory=dict)
    base: list[int] = field(default_factory=lambda: [0])   # bytes still charged here before this run

    @classmethod
    def create(cls, memory_bytes: int | None, max_processes: int) -> Cage:
        name = f"ojpack-{os.getpid()}-{next(_counter)}"
        mem, pids = _own_path("memory"), _own_path("pids")
        assert mem is not None and pids is not None
        cage = cls(mem / name, pids / name, memory_bytes, max_processes)
        cage.memory.mkdir()
        cage.pids.mkdir()
        if memory_bytes is not None:
            _set_memory(cage.memory, memory_bytes)
        (cage.pids / "pids.max").write_text(str(max_processes))
        cage.knobs["peak"] = os.open(cage.memory / "memory.max_usage_in_bytes", os.O_RDWR | os.O_CLOEXEC)
        cage.knobs["pids"] = os.open(cage.pids / "pids.current", os.O_RDONLY | os.O_CLOEXEC)
        cage.knobs["usage"] = os.open(cage.memory / "memory.usage_in_bytes", os.O_RDONLY | os.O_CLOEXEC)
        return cage

    def task_files(self) -> tuple[str, str]:
        return str(self.memory / "cgroup.procs"), str(self.pids / "cgroup.procs")

    def peak_bytes(self) -> int | None:
        """The run's peak: the group's, above what earlier runs left charged here (see STALE_BYTES)."""
        peak = self._read("peak")
        return None if peak is None else max(0, peak - self.base[0])

    def stale_bytes(self) -> int:
        return self._read("usage") or 0

    def _read(self, knob: str) -> int | None:
        try:
            return int(os.pread(self.knobs[knob], 32, 0))
        except (OSError, ValueError, KeyError):
            return None

    def oom_kills(self) -> int:
        try:
            fields = dict(line.split() for line in (self.memory / "memory.oom_control").read_text().splitlines())
            return int(fields.get("oom_kill", "0"))
        except (OSError, ValueError):
            return 0

    def prepare(self, memory_bytes: int | None, max_processes: int) -> None:
        """Make a reused cage ready for the next run."""
        if memory_bytes != self.memory_bytes:
            _set_memory(self.memory, memory_bytes)
            object.__setattr__(self, "memory_bytes", memory_bytes)
        if max_processes != self.max_processes:
            (self.pids / "pids.max").write_text(str(max_processes))
            object.__setattr__(self, "max_processes", max_processes)
        os.pwrite(self.knobs["peak"], b"0", 0)   # peak := current
        self.base[0] = self._read("peak") or 0

    def new_oom_kill(self) -> bool:
        """Did the kernel OOM-kill something here since the last call?"""
        now = self.oom_kills()
        fresh, self.oom_seen[0] = now > self.oom_seen[0], now
        return fresh

    def kill_all(self) -> None:
        if self._tasks() == 0:   # the common case: everything the run started has exited and been reaped
            return
        for attempt in range(400):
            procs = _procs(self.pids)   # the same processes as the memory cage: one read is enough
            if not procs:
                if self._tasks() > 0:
                    # Killed orphans stay charged until init reaps them; a run in this cage now could
                    # be refused threads, so this thread moves to a fresh cage (this one goes at exit).
                    if getattr(_local, "cage", None) is self:
                        _local.cage = None
                return
            for pid in procs:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            time.sleep(0.001 if attempt < 20 else 0.02)

    def _tasks(self) -> int:
        try:
            return int(os.pread(self.knobs["pids"], 32, 0))
        except (OSError, ValueError, KeyError):
            return _count(self.pids / "pids.current")

    def remove(self) -> None:
        self.kill_all()
        for fd in self.knobs.values():
            os.close(fd)
        self.knobs.clear()
        for _ in range(100):
            if _rmdir(self.memory) and _rmdir(self.pids):
                return
            time.sleep(0.01)


@dataclass(frozen=True)
class Spares:
    """Cages of threads that have ended, for the next new thread (a pool's next check): a long process then
    holds as many cages as it ever ran threads at once, not one per thread it ever started, each with its
    knobs open. `idle`: nothing of an earlier run is left in the cage (orphans still charged there keep it out)."""
    idle: Callable[[Any], bool]
    cages: list[Any] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self) -> Any:
        with self.lock:
            return self.cages.pop() if self.cages else None

    def adopt(self, cage: Any) -> None:
        """`cage` is this thread's: handed on when the thread ends."""
        weakref.finalize(threading.current_thread(), self._give, cage)

    def _give(self, cage: Any) -> None:
        with self.lock:
            if cage.knobs and self.idle(cage):   # not removed meanwhile
                self.cages.append(cage)


_local = threading.local()
_made: list[Cage] = []
_spares = Spares(lambda cage: cage._tasks() == 0)


def for_thread() -> Cage:
    """This thread's cage, made on first use (or handed on from an ended thread) and reused run after run
    (making and removing cgroup folders costs more than starting a small program). All are removed when the
    process exits, and by the guard when it is killed."""
    cage = getattr(_local, "cage", None)
    if cage is None and (cage := _spares.take()) is not None:
        _local.cage = cage
        _spares.adopt(cage)
    if cage is not None and cage.stale_bytes() > STALE_BYTES:
        _local.cage = None
        cage.remove()
        _made.remove(cage)
        cage = None
    if cage is None:
        _start_guard()
        cage = _local.cage = Cage.create(None, 64)
        _made.append(cage)
        _spares.adopt(cage)
    return cage


_guard: list[tuple[int, int]] = []   # the guard's pid and the write end of its pipe, open while this process lives
_guard_lock = threading.Lock()


def _start_guard(folders: list[str] | None = None) -> None:
    """Once per process: the helper's guard mode waits for this process to end, however it ends, and
    then removes our cgroups (ojpack-PID-*) under `folders` (default: our v1 memory and pids places).
    Started in its own session, so Ctrl-C does not stop it before it has cleaned up."""
    from .launch import launcher   # launch builds the helper; imported late, it does not need cgroups
    with _guard_lock:
        helper = launcher()
        if _guard or helper is None:
            return
        dirs = folders if folders is not None else [str(p) for p in (_own_path("memory"), _own_path("pids")) if p]
        read_end, write_end = os.pipe()
        try:
            pid = os.posix_spawn(helper, [helper, "guard", f"ojpack-{os.getpid()}-", *dirs], {},
                                 file_actions=[(os.POSIX_SPAWN_DUP2, read_end, 0)], setsid=True)
        except OSError:
            os.close(write_end)
            return
        finally:
            os.close(read_end)
        _guard.append((pid, write_end))   # close-on-exec: no child inherits it, so only our end closes it


start_guard = _start_guard   # for cgroups_v2, whose per-run folders the same guard sweeps


@atexit.register
def _remove_all() -> None:
    for cage in _made:
        cage.remove()
    # our cgroups are gone: the guard has nothing left to do. It is told now and reaped, rather than left
    # to end after us as a zombie of the host's init (which, in a container, may never reap it).
    for pid, write_end in _guard:
        os.close(write_end)
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass
    _guard.clear()


def _set_memory(folder: Path, limit: int | None) -> None:
    """memory+swap must never be below memory alone: open it up, set memory, then close it to match
    (no swapping around the cap where swap accounting exists)."""
    memsw = folder / "memory.memsw.limit_in_bytes"
    has_memsw = memsw.exists()
    if has_memsw:
        memsw.write_text("-1")
    (folder / "memory.limit_in_bytes").write_text(str(limit if limit is not None else -1))
    if has_memsw and limit is not None:
        memsw.write_text(str(limit))


def join(task_files: tuple[str, str]) -> None:
    """Runs in the forked child before exec: move itself into the cage (plain syscalls only)."""
    pid = str(os.getpid()).encode()
    for path in task_files:
        fd = os.open(path, os.O_WRONLY)
        try:
            os.write(fd, pid)
        finally:
            os.close(fd)


def _procs(d: Path) -> set[int]:
    try:
        return {int(x) for x in (d / "cgroup.procs").read_text().split()}
    except OSError:
        return set()


def _count(f: Path) -> int:
    try:
        return int(f.read_text())
    except (OSError, ValueError):
        return 0


def _rmdir(d: Path) -> bool:
    try:
        d.rmdir()
        return True
    except FileNotFoundError:
        return True
    except OSError:
        return False
