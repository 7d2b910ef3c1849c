"""Run one program on one input under limits, and report what it used."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

Status = Literal["ok", "tle", "mle", "ole", "re"]


@dataclass(frozen=True)
class RunLimits:
    cpu: float                 # seconds
    wall: float                # seconds
    memory_mib: int | None     # None: unlimited
    output_mib: int | None


@dataclass(frozen=True)
class RunResult:
    status: Status
    cpu: float
    wall: float
    memory_mib: float
    exit_code: int | None
    signal: int | None


def run(argv: list[str] | tuple[str, ...], stdin: Path, stdout: Path, limits: RunLimits,
        stderr: Path | None = None) -> RunResult:
    """Run `argv` with stdin/stdout bound to files, in its own session and temporary directory."""
    mem = limits.memory_mib * 1024 * 1024 if limits.memory_mib else resource.RLIM_INFINITY
    out_cap = limits.output_mib * 1024 * 1024 if limits.output_mib else resource.RLIM_INFINITY
    cpu_cap = int(limits.cpu) + 1

    def child_limits() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_cap, cpu_cap + 1))
        resource.setrlimit(resource.RLIMIT_STACK, (mem, mem))
        resource.setrlimit(resource.RLIMIT_FSIZE, (out_cap + 1, out_cap + 1) if limits.output_mib else (out_cap, out_cap))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    with tempfile.TemporaryDirectory(prefix="ojpack-run-") as cwd, open(stdin, "rb") as fin, \
            open(stdout, "wb") as fout, open(stderr or os.devnull, "wb") as ferr:
        start = time.monotonic()
        proc = subprocess.Popen(argv, stdin=fin, stdout=fout, stderr=ferr, cwd=cwd,
                                preexec_fn=child_limits, start_new_session=True)
        timed_out = threading.Event()

        def kill() -> None:
            timed_out.set()
            _kill_group(proc.pid)

        timer = threading.Timer(limits.wall, kill)
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
            _kill_group(proc.pid)
        wall = time.monotonic() - start
        proc.returncode = status  # keep Popen from waiting again
    cpu = usage.ru_utime + usage.ru_stime
    peak = usage.ru_maxrss / 1024
    code = os.waitstatus_to_exitcode(status)
    sig = -code if code < 0 else None
    exit_code = code if code >= 0 else None
    size = stdout.stat().st_size
    if timed_out.is_set() or cpu > limits.cpu or sig == signal.SIGXCPU:
        verdict: Status = "tle"
    elif limits.output_mib and (size > out_cap or sig == signal.SIGXFSZ):
        verdict = "ole"
    elif limits.memory_mib and peak > limits.memory_mib:
        verdict = "mle"
    elif code != 0:
        verdict = "re"
    else:
        verdict = "ok"
    return RunResult(verdict, cpu, wall, peak, exit_code, sig)


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
