"""Which sandbox is in force here, chosen once at start-up: who builds the cage (root, or a user through
its own user namespaces) and what limits a run (cgroup v1 as root, a delegated cgroup v2 subtree, or
rlimits alone), and the cgroup a run joins under that choice."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cache
from typing import Literal

from . import cgroups, cgroups_v2
from .rlimit_limits import WEAKER
from .rootless import is_rootless

LimitsBy = Literal["cgroup v1", "cgroup v2", "rlimits"]


@dataclass(frozen=True)
class SandboxMode:
    rootless: bool
    limits: LimitsBy

    def describe(self) -> str:
        """One line naming the mode, e.g. "sandbox: rootless, limits by rlimits (memory is approximate: ...)"."""
        text = f"sandbox: {'rootless' if self.rootless else 'root'}, limits by {self.limits}"
        return f"{text} ({self.weaker})" if self.weaker else text

    @property
    def weaker(self) -> str | None:
        """What this mode does not guarantee that the cgroup modes do; None for those."""
        return WEAKER if self.limits == "rlimits" else None


_lock = threading.Lock()


def sandbox_mode() -> SandboxMode:
    with _lock:
        return _mode()


@cache
def _mode() -> SandboxMode:
    rootless = is_rootless()
    if not rootless and cgroups.available():
        return SandboxMode(rootless, "cgroup v1")
    if cgroups_v2.available():
        return SandboxMode(rootless, "cgroup v2")
    return SandboxMode(rootless, "rlimits")


def run_cgroup(cgroup: bool | None) -> cgroups.Cage | cgroups_v2.Cage2 | None:
    """The cgroup this thread's runs join (`cgroup=False`: none): v1 when the host allows one, else a
    delegated v2 one when there is one, else none (rlimits alone)."""
    if cgroup is not False and cgroups.available():
        return cgroups.for_thread()
    if cgroup is not False and sandbox_mode().limits == "cgroup v2":
        return cgroups_v2.for_thread()
    return None
