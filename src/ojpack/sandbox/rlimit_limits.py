"""Limits for a run when no cgroup can be had (a user without a delegated cgroup v2 subtree): what the
cage's rlimits and init's watch are, and how an MLE is told apart from a crash.

Processes: RLIMIT_NPROC, which the kernel counts per user namespace, so it caps the run's own processes and
threads (the cage's init is one of them). Memory: the cage's init watches the run as a memory cgroup would
count it, every 10 ms at most: the resident pages of all its processes plus its /tmp's, and ends the run past
the same hard cap as the cgroup's (`memory_cap`: a little above the limit). The verdict comes from the larger
of that sampled peak and the largest process's own peak (the cage's init reaps them all and reports
RUSAGE_CHILDREN), or from the signature an allocation failure leaves on stderr. There is no address-space
cap: it counts reservations, not memory (a JVM reserves far more than it touches; each C++ or Java thread
reserves a stack of the stack limit, which is the memory limit), so it stopped programs a cgroup lets run."""

from __future__ import annotations

import os
from pathlib import Path

from .limits import RunLimits, memory_cap

WEAKER = ("memory is approximate: the run's resident memory and /tmp, sampled every 10 ms by the cage's "
          "init, with its largest process's own peak")
# What a program that could not get memory says as it dies, in the languages ojpack runs.
ALLOCATION_FAILURES = (b"MemoryError", b"std::bad_alloc", b"java.lang.OutOfMemoryError",
                       b"Could not reserve enough space", b"Cannot allocate memory",
                       b"There is insufficient memory for the Java Runtime Environment")
_TAIL = 64 * 1024


def cage_options(limits: RunLimits) -> list[str]:
    """The launcher's options for a run limited by rlimits alone: its process cap (+ the cage's init,
    counted in the same namespace), and the memory past which init ends the run."""
    watch = [f"k:{memory_cap(limits.memory_mib)}"] if limits.memory_mib else []
    return [f"n:{limits.processes + 1}", *watch]


def allocation_failed(stderr: Path | None) -> bool:
    """Did the program die saying it could not allocate memory (the end of its stderr)?"""
    if stderr is None:
        return False
    try:
        with open(stderr, "rb") as f:
            size = f.seek(0, os.SEEK_END)
            f.seek(max(0, size - _TAIL))
            tail = f.read(_TAIL)
    except OSError:
        return False
    return any(sign in tail for sign in ALLOCATION_FAILURES)
