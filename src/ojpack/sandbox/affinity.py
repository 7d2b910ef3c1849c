"""One CPU for an interactive run: its submission, its interactor and the relay between them.

Why: a dialogue is nothing but wake-ups, each side blocked until the other's line arrives. When the
writer and the woken reader sit on different CPUs, every wake-up crosses CPUs (an inter-processor
interrupt; in a VM, often an idle vCPU's exit and re-entry): ~20 us each on the 2-core VM this was
measured on, where anti-Nim's longest dialogue took 15-19 ms a test over bare pipes unpinned and 3.5 ms
with both programs on one CPU (bench/interact.py). Judges bind each judging worker to a core for the same
reason, and for steadier times (DOMjudge pins a judgedaemon to a core).

What it changes: the two sides can no longer compute at once. Their CPU time is unchanged, but a
protocol in which both compute between messages gets serialised, and the submission's wall time then
takes in the interactor's CPU time too (its wall limit is twice its CPU limit plus a second, and the
interactor's own looser still). A JVM pinned to one CPU sees one processor and sizes itself for one
(serial GC, fewer compiler threads). OJPACK_PIN=0 leaves every run to the scheduler.

Which CPU: each run claims one of the CPUs ojpack itself may use (its affinity at start), the one least
claimed, counting claims per physical core first, so that two judging workers' runs at once get two
cores (not two hyperthreads of one) while there are cores enough; released when the run ends. Other
ojpack processes of the same user (a cluster's local workers, a second check) claim theirs too: a CPU
free here is taken only when its lock file (flock, in the helper's folder) is free, so runs of two
processes do not share a CPU while another is free; when none is, runs share the least claimed here.
With one CPU allowed there is nothing to choose: no pinning."""

from __future__ import annotations

import fcntl
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from ..errors import OjpackError
from .launch import helper_folder

_lock = threading.Lock()
_claims: dict[int, int] = {}   # CPU -> this process's interactive runs on it now
_held: dict[int, int] = {}     # CPU -> the open lock file this process holds it by (while claimed here)


def pinning_enabled() -> bool:
    return os.environ.get("OJPACK_PIN", "1") != "0" and len(_allowed()) > 1


@cache
def _allowed() -> tuple[int, ...]:
    """The CPUs ojpack's main thread may use (a pinned worker thread's own set would be its one CPU)."""
    try:
        return tuple(sorted(os.sched_getaffinity(os.getpid())))
    except OSError:
        return ()


@cache
def _core_of(cpu: int) -> tuple[int, int]:
    """(package, core) of a CPU, so that hyperthreads of one core count as one; its own number unknown."""
    top = Path(f"/sys/devices/system/cpu/cpu{cpu}/topology")
    try:
        return int((top / "physical_package_id").read_text()), int((top / "core_id").read_text())
    except (OSError, ValueError):
        return -1, cpu


@contextmanager
def claim_cpu() -> Iterator[int | None]:
    """The CPU an interactive run's processes share while it lasts, or None (no pinning)."""
    if not pinning_enabled():
        yield None
        return
    with _lock:
        cores: dict[tuple[int, int], int] = {}
        for cpu in _allowed():
            cores[_core_of(cpu)] = cores.get(_core_of(cpu), 0) + _claims.get(cpu, 0)
        order = sorted(_allowed(), key=lambda c: (cores[_core_of(c)], _claims.get(c, 0), c))
        # free here and in no other process, else the least claimed here
        cpu = next((c for c in order if not _claims.get(c) and _lock_file(c)), order[0])
        _claims[cpu] = _claims.get(cpu, 0) + 1
    try:
        yield cpu
    finally:
        with _lock:
            _claims[cpu] -= 1
            if not _claims[cpu] and cpu in _held:
                os.close(_held.pop(cpu))   # closing it lets the lock go


def _lock_file(cpu: int) -> bool:
    """Hold `cpu`'s lock file, if no other process does (a killed process's lock goes with it)."""
    try:
        fd = os.open(helper_folder() / f"cpu-{cpu}.lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    except (OSError, OjpackError):
        return True   # no folder to coordinate in (an unsafe TMPDIR): this process's own claims alone
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return False
    _held[cpu] = fd
    return True


@contextmanager
def pinned_thread(cpu: int | None) -> Iterator[None]:
    """The calling thread on `cpu` alone, and so every process it starts meanwhile (a child inherits its
    parent thread's affinity); its own set back afterwards. None: nothing changes."""
    if cpu is None:
        yield
        return
    try:
        before = os.sched_getaffinity(0)
        os.sched_setaffinity(0, {cpu})
    except OSError:   # a CPU taken offline, or a cpuset changed under us: run unpinned
        yield
        return
    try:
        yield
    finally:
        try:
            os.sched_setaffinity(0, before)
        except OSError:
            pass
