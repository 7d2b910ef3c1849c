"""The sandbox's mode: how it is chosen and named, a delegated cgroup v2 subtree found (on a fake tree),
and the rlimits-only rules."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ojpack.sandbox import RunLimits, sandbox_mode
from ojpack.sandbox.cgroups_v2 import cgroup2_mounts, delegated
from ojpack.sandbox.limits import memory_cap
from ojpack.sandbox.modes import SandboxMode
from ojpack.sandbox.rlimit_limits import allocation_failed, cage_options

MOUNTINFO = """\
25 30 0:22 / /sys/fs/cgroup rw,nosuid - tmpfs tmpfs rw,mode=755
33 25 0:29 / /sys/fs/cgroup/memory rw,relatime shared:12 - cgroup cgroup rw,memory
38 25 0:34 / /sys/fs/cgroup/unified rw,relatime shared:17 - cgroup2 cgroup2 rw
"""


def test_the_mode_is_named_in_one_line_and_only_rlimits_admits_weaker_points() -> None:
    assert SandboxMode(False, "cgroup v1").describe() == "sandbox: root, limits by cgroup v1"
    assert SandboxMode(True, "cgroup v2").weaker is None
    line = SandboxMode(True, "rlimits").describe()
    assert line.startswith("sandbox: rootless, limits by rlimits (memory is approximate") and "\n" not in line


def test_this_process_mode_matches_who_runs_it() -> None:
    mode = sandbox_mode()
    assert mode.rootless is (os.geteuid() != 0)
    assert mode.limits != "cgroup v1" or not mode.rootless   # v1 cgroups are root's alone


def test_cgroup2_mounts_are_read_from_mountinfo() -> None:
    assert cgroup2_mounts(MOUNTINFO) == [Path("/sys/fs/cgroup/unified")]


def _fake_cgroup(root: Path, own: str, controllers: str) -> Path:
    folder = root / own.lstrip("/")
    folder.mkdir(parents=True)
    (folder / "cgroup.controllers").write_text(controllers + "\n")
    for name in ("cgroup.procs", "cgroup.subtree_control"):
        (folder / name).write_text("")
    return folder


def test_a_delegated_subtree_needs_the_memory_and_pids_controllers(tmp_path: Path) -> None:
    own = "/user.slice/user-1000.slice/user@1000.service/app.slice/run.scope"
    good = _fake_cgroup(tmp_path / "a", own, "cpu io memory pids")
    assert delegated(f"0::{own}\n", [tmp_path / "missing", tmp_path / "a"]) == good
    _fake_cgroup(tmp_path / "b", own, "cpu io memory")
    assert delegated(f"0::{own}\n", [tmp_path / "b"]) is None
    assert delegated("4:memory:/x\n", [tmp_path / "a"]) is None   # no v2 line: a pure v1 host


def test_rlimits_alone_cap_processes_with_room_for_init_and_have_init_watch_memory_at_the_cgroups_cap() -> None:
    assert cage_options(RunLimits(1, 2, 64, 1, processes=32)) == ["n:33", f"k:{memory_cap(64)}"]
    assert cage_options(RunLimits(1, 2, None, 1, processes=32)) == ["n:33"]


@pytest.mark.parametrize(("tail", "failed"), [
    (b"Traceback (most recent call last):\n  ...\nMemoryError\n", True),
    (b"terminate called after throwing an instance of 'std::bad_alloc'\n", True),
    (b'Exception in thread "main" java.lang.OutOfMemoryError: Java heap space\n', True),
    (b"Traceback (most recent call last):\nValueError: bad input\n", False),
])
def test_an_allocation_failure_is_known_by_the_end_of_stderr(tmp_path: Path, tail: bytes, failed: bool) -> None:
    err = tmp_path / "err"
    err.write_bytes(b"x" * (200 * 1024) + tail)   # far past the part that is read: only the end counts
    assert allocation_failed(err) is failed
    assert allocation_failed(None) is False

