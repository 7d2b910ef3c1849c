"""A throw-away cgroup (v1 memory + pids) per run: a hard memory cap, a process cap, and a way to kill
every process a run started, even those that left its process group with setsid()."""

from __future__ import annotations

import itertools
import os
import signal
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path

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


@cache
def available() -> bool:
    """True when memory and pids cgroups can be made here (root on a v1 host)."""
    probe = [p for p in (_own_path("memory"), _own_path("pids")) if p is not None]
    if len(probe) != 2:
        return False
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


@dataclass(frozen=True)
class Cage:
    memory: Path
    pids: Path

    @classmethod
    def create(cls, memory_bytes: int | None, max_processes: int) -> Cage:
        name = f"ojpack-{os.getpid()}-{next(_counter)}"
        mem, pids = _own_path("memory"), _own_path("pids")
        assert mem is not None and pids is not None
        cage = cls(mem / name, pids / name)
        cage.memory.mkdir()
        cage.pids.mkdir()
        if memory_bytes is not None:
            (cage.memory / "memory.limit_in_bytes").write_text(str(memory_bytes))
            try:  # no swapping around the cap where swap accounting exists
                (cage.memory / "memory.memsw.limit_in_bytes").write_text(str(memory_bytes))
            except OSError:
                pass
        (cage.pids / "pids.max").write_text(str(max_processes))
        return cage

    def task_files(self) -> tuple[str, str]:
        return str(self.memory / "cgroup.procs"), str(self.pids / "cgroup.procs")

    def oom_killed(self) -> bool:
        try:
            fields = dict(line.split() for line in (self.memory / "memory.oom_control").read_text().splitlines())
            return int(fields.get("oom_kill", "0")) > 0
        except (OSError, ValueError):
            return False

    def peak_bytes(self) -> int | None:
        try:
            return int((self.memory / "memory.max_usage_in_bytes").read_text())
        except (OSError, ValueError):
            return None

    def kill_all_and_remove(self) -> None:
        for attempt in range(200):
            procs = _procs(self.pids) | _procs(self.memory)
            for pid in procs:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            if not procs and _rmdir(self.memory) and _rmdir(self.pids):
                return
            time.sleep(0.005 if attempt < 20 else 0.05)


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


def _rmdir(d: Path) -> bool:
    try:
        d.rmdir()
        return True
    except FileNotFoundError:
        return True
    except OSError:
        return False
