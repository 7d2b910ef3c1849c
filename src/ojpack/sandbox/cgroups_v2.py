"""Limits from a cgroup v2 subtree this user may write (a delegated one, e.g. a systemd user scope with
Delegate=yes): memory.max, pids.max, memory.peak and memory.events for MLE, cpu.stat for the CPU time
of every process of a run, cgroup.kill to end them all.

The delegated cgroup D holds ojpack itself; v2 lets a cgroup either hold processes or hand controllers to
its children, so on first use ojpack moves itself into D/ojpack-self-PID, enables memory and pids for D's
children, and makes one cgroup per worker thread, D/ojpack-PID-N, reused run after run."""

from __future__ import annotations

import atexit
import itertools
import os
import threading
import time
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from .cgroups import Spares, _rmdir, start_guard

NEEDED = ("memory", "pids")
_counter = itertools.count()


def cgroup2_mounts(mountinfo: str) -> list[Path]:
    """The mount points of cgroup2 file systems in a /proc/self/mountinfo text."""
    found = []
    for line in mountinfo.splitlines():
        left, _, right = line.partition(" - ")
        if right.split(" ", 1)[0] == "cgroup2":
            found.append(Path(left.split()[4].replace("\\040", " ")))
    return found


def delegated(proc_cgroup: str, mounts: list[Path]) -> Path | None:
    """This process's own v2 cgroup (the "0::PATH" line of /proc/self/cgroup) under one of `mounts`, when
    this user may write it and it offers the memory and pids controllers; else None."""
    own = next((line[3:] for line in proc_cgroup.splitlines() if line.startswith("0::")), None)
    if own is None:
        return None
    for mount in mounts:
        folder = mount / own.lstrip("/")
        try:
            offered = (folder / "cgroup.controllers").read_text().split()
        except OSError:
            continue
        writable = all(os.access(p, os.W_OK) for p in (folder, folder / "cgroup.procs", folder / "cgroup.subtree_control"))
        if writable and all(c in offered for c in NEEDED):
            return folder
    return None


_setup_lock = threading.Lock()


def base() -> Path | None:
    """The delegated cgroup, set up for per-run children (once per process); None when there is none."""
    with _setup_lock:
        return _base()


@cache
def _base() -> Path | None:
    try:
        folder = delegated(Path("/proc/self/cgroup").read_text(), cgroup2_mounts(Path("/proc/self/mountinfo").read_text()))
    except OSError:
        return None
    if folder is None:
        return None
    for stale in folder.glob("ojpack-self-*"):   # left by processes that were killed
        if not Path(f"/proc/{stale.name.rsplit('-', 1)[1]}").exists():
            _rmdir(stale)
    me = folder / f"ojpack-self-{os.getpid()}"
    try:
        me.mkdir(exist_ok=True)
        (me / "cgroup.procs").write_text(str(os.getpid()))
        control = (folder / "cgroup.subtree_control").read_text().split()
        missing = [c for c in NEEDED if c not in control]
        if missing:
            (folder / "cgroup.subtree_control").write_text(" ".join(f"+{c}" for c in missing))
    except OSError:   # another process shares the cgroup (EBUSY), or the delegation is partial
        try:
            (folder / "cgroup.procs").write_text(str(os.getpid()))
        except OSError:
            pass
        _rmdir(me)
        return None
    return folder


def available() -> bool:
    return base() is not None


@dataclass(frozen=True)
class Cage2:
    folder: Path
    knobs: dict[str, int] = field(default_factory=dict)
    seen: dict[str, int] = field(default_factory=dict)   # oom kills and CPU µs at the start of the run

    @classmethod
    def create(cls) -> Cage2:
        root = base()
        assert root is not None
        cage = cls(root / f"ojpack-{os.getpid()}-{next(_counter)}")
        cage._make()
        return cage

    def _make(self) -> None:
        self.folder.mkdir()
        swap = self.folder / "memory.swap.max"
        if swap.exists():
            swap.write_text("0")
        for name in ("memory.max", "pids.max"):
            self.knobs[name] = os.open(self.folder / name, os.O_RDWR | os.O_CLOEXEC)
        try:   # writable (resettable, for readers of this descriptor) since Linux 6.12
            self.knobs["memory.peak"] = os.open(self.folder / "memory.peak", os.O_RDWR | os.O_CLOEXEC)
            self.seen["resettable"] = 1
        except OSError:   # older: read-only, or absent before 5.19
            try:
                self.knobs["memory.peak"] = os.open(self.folder / "memory.peak", os.O_RDONLY | os.O_CLOEXEC)
            except OSError:
                pass
            self.seen["resettable"] = 0

    def task_files(self) -> tuple[str, str]:
        return str(self.folder / "cgroup.procs"), "-"

    def prepare(self, memory_bytes: int | None, max_processes: int) -> None:
        """Ready for the next run: a peak that cannot be reset means a fresh cgroup (same name) per run."""
        if "memory.peak" in self.knobs:
            try:
                if not self.seen["resettable"]:
                    raise OSError("memory.peak is read-only here")
                os.pwrite(self.knobs["memory.peak"], b"0", 0)
            except OSError:
                self._close()
                for _ in range(100):
                    if _rmdir(self.folder):
                        break
                    time.sleep(0.01)
                self._make()
        os.pwrite(self.knobs["memory.max"], b"max" if memory_bytes is None else str(memory_bytes).encode(), 0)
        os.pwrite(self.knobs["pids.max"], str(max_processes).encode(), 0)
        self.seen["oom"] = self._oom_kills()
        self.seen["cpu"] = self._cpu_us()

    def peak_bytes(self) -> int | None:
        try:
            return int(os.pread(self.knobs["memory.peak"], 32, 0))
        except (OSError, ValueError, KeyError):
            return None

    def cpu_seconds(self) -> float:
        """CPU time of every process of the run so far, orphans included."""
        return max(0, self._cpu_us() - self.seen.get("cpu", 0)) / 1e6

    def new_oom_kill(self) -> bool:
        now = self._oom_kills()
        fresh, self.seen["oom"] = now > self.seen.get("oom", 0), now
        return fresh

    def kill_all(self) -> None:
        for attempt in range(400):
            if not _populated(self.folder):
                return
            try:
                (self.folder / "cgroup.kill").write_text("1")
            except OSError:
                for pid in _read(self.folder / "cgroup.procs").split():
                    try:
                        os.kill(int(pid), 9)
                    except OSError:
                        pass
            time.sleep(0.001 if attempt < 20 else 0.02)

    def remove(self) -> None:
        self._close()
        for _ in range(100):
            if _rmdir(self.folder):
                return
            time.sleep(0.01)

    def _close(self) -> None:
        self.kill_all()
        for fd in self.knobs.values():
            os.close(fd)
        self.knobs.clear()

    def _oom_kills(self) -> int:
        return _field(self.folder / "memory.events", "oom_kill")

    def _cpu_us(self) -> int:
        return _field(self.folder / "cpu.stat", "usage_usec")


_local = threading.local()
_made: list[Cage2] = []
_spares = Spares(lambda cage: not _populated(cage.folder))


def for_thread() -> Cage2:
    """This thread's cgroup, made on first use (or handed on from an ended thread, as in v1); all are removed
    at exit, and by the guard when killed."""
    cage = getattr(_local, "cage", None)
    if cage is None and (cage := _spares.take()) is not None:
        _local.cage = cage
        _spares.adopt(cage)
    if cage is None:
        root = base()
        assert root is not None
        start_guard([str(root)])   # the v1 module's guard sweeps any cgroup folder by prefix
        cage = _local.cage = Cage2.create()
        _made.append(cage)
        _spares.adopt(cage)
    return cage


@atexit.register
def _remove_all() -> None:
    for cage in _made:
        cage.remove()


def _populated(folder: Path) -> bool:
    return _field(folder / "cgroup.events", "populated") != 0


def _field(path: Path, key: str) -> int:
    for line in _read(path).splitlines():
        name, _, value = line.partition(" ")
        if name == key and value.strip().isdigit():
            return int(value)
    return 0


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""

