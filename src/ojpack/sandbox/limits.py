"""What a run may use, and how that becomes rlimits for the program's process."""

from __future__ import annotations

import math
import resource
from dataclasses import dataclass

from . import cgroups

MIB = 1024 * 1024


@dataclass(frozen=True)
class Files:
    """The names a solution reads its test from and writes its answer to in its working directory (OI
    problems); None: the standard stream. Runs with files go through fileio.run_with_files."""
    input: str | None = None
    output: str | None = None


@dataclass(frozen=True)
class RunLimits:
    cpu: float                 # seconds of CPU time (user + system)
    wall: float                # seconds of real time
    memory_mib: int | None     # None: unlimited
    output_mib: int | None     # None: unlimited
    processes: int = 64        # threads + processes, where a pids cgroup can count them
    # False: past the output limit the cage drops the rest and the run goes on, so a flood that never ends is
    # TLE and one that ends in time OLE (Kattis' tools); True: the run ends there, OLE. Unisolated runs stop.
    output_stops: bool = True
    files: Files | None = None  # a solution's test and answer files (fileio.run_with_files), else the streams


def memory_cap(limit_mib: int) -> int:
    """The hard cap in bytes: above the limit, so the verdict comes from the measured peak rather
    than from where an allocation happened to fail, yet close enough to stop a runaway promptly."""
    return (limit_mib + max(64, limit_mib // 4)) * MIB


def rlimits(limits: RunLimits, cage: cgroups.Cage | None, address_space: bool) -> tuple[int, int, int, int | None]:
    """(cpu seconds, output bytes, stack bytes, address space bytes or None); -1 = unlimited."""
    mem = limits.memory_mib * MIB if limits.memory_mib else resource.RLIM_INFINITY
    out = limits.output_mib * MIB + 1 if limits.output_mib else resource.RLIM_INFINITY
    cpu = math.ceil(limits.cpu) + 1   # a backstop: the watcher below kills at the exact limit
    cap_as = cage is None and address_space and limits.memory_mib is not None
    return cpu, out, mem, (2 * mem + 64 * MIB if cap_as else None)


def limit_args(limits: RunLimits, cage: cgroups.Cage | None, address_space: bool) -> list[str]:
    cpu, out, mem, as_bytes = rlimits(limits, cage, address_space)
    tasks = cage.task_files() if cage else ("-", "-")
    return [str(cpu), num(out), num(mem), num(as_bytes), *tasks]


def fsize(limits: RunLimits, out: int) -> str:
    """The cage's FSIZE: the bytes of output kept, and "+" when the run goes on past them."""
    return num(out) + ("" if limits.output_stops or out == resource.RLIM_INFINITY else "+")


def num(value: int | None) -> str:
    return "-" if value is None or value == resource.RLIM_INFINITY else str(value)


def child_setup(limits: RunLimits, cage: cgroups.Cage | None, address_space: bool):
    cpu, out, mem, as_limit = rlimits(limits, cage, address_space)
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
