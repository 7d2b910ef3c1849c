"""Limits for a run when no cgroup can be had (a user without a delegated cgroup v2 subtree): what the
cage's rlimits are, and how an MLE is told apart from a crash.

Processes: RLIMIT_NPROC, which the kernel counts per user namespace, so it caps the run's own processes and
threads (the cage's init is one of them). Memory: RLIMIT_AS at twice the limit (plus room for the
loader), except for a JVM, which reserves far more address space than it ever touches and maps a full
-Xss stack (our limit) for each of its threads, so no address or data cap fits it: it relies on its own
-Xmx. The same for Go's toolchain and PyPy (their languages say `address_space: false` when they run a
program; a compile command is known by its tool's name). The verdict comes from the largest resident size of any process of the run (the cage's init reaps
them all and reports RUSAGE_CHILDREN), or from the signature an allocation failure leaves on stderr."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from .limits import RunLimits

WEAKER = ("memory is approximate: the peak resident size of the run's largest process, under an "
          "address-space cap (Java: its -Xmx only), /tmp's pages not counted")
# Tools that reserve far more address space than they use: RLIMIT_AS would stop them at start-up.
_RESERVERS = ("java", "javac", "jshell", "kotlin", "kotlinc", "scala", "go", "pypy", "pypy3")
# What a program that could not get memory says as it dies, in the languages ojpack runs.
ALLOCATION_FAILURES = (b"MemoryError", b"std::bad_alloc", b"java.lang.OutOfMemoryError",
                       b"Could not reserve enough space", b"Cannot allocate memory",
                       b"There is insufficient memory for the Java Runtime Environment")
_TAIL = 64 * 1024


def reserves_address_space(argv: Sequence[str]) -> bool:
    """Is the tool `argv` starts (past an `env VAR=value ...` prefix) one of those?"""
    args = list(argv)
    if args and os.path.basename(args[0]) == "env":
        args = [a for a in args[1:] if "=" not in a]
    return bool(args) and os.path.basename(args[0]) in _RESERVERS


def cage_options(limits: RunLimits) -> list[str]:
    """The launcher's options for a run limited by rlimits alone: its process cap (+ the cage's init,
    counted in the same namespace)."""
    return [f"n:{limits.processes + 1}"]


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
