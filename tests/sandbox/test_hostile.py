"""Hostile programs (tests/sandbox/hostile/) that dodged the cage's limits or saw too much: each now gets
the verdict it earns. They are compiled and run only through the sandbox."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from importlib import resources
from pathlib import Path

import pytest

from ojpack.interrupt import memory_scratch
from ojpack.sandbox import RunLimits, prepare, run
from ojpack.sandbox.isolation import NOBODY, isolation_problem
from ojpack.sandbox.launch import binary_name, skeleton_name

pytestmark = pytest.mark.skipif(isolation_problem() is not None, reason=f"no sandbox here: {isolation_problem()}")
HOSTILE = Path(__file__).parent / "hostile"


def hostile(tmp_path: Path, name: str, stdin: bytes = b"", **kw):
    program = prepare(HOSTILE / name, tmp_path / "cache")
    limits = RunLimits(**{"cpu": 1.0, "wall": 30.0, "memory_mib": 128, "output_mib": 8, **kw})
    (tmp_path / "in").write_bytes(stdin)
    res = run(program.argv, tmp_path / "in", tmp_path / "out", limits, stderr=tmp_path / "err")
    return res, (tmp_path / "out").read_bytes()


def test_cpu_burnt_by_an_unreaped_grandchild_is_the_runs_tle(tmp_path):
    # the program itself only waits; an orphaned grandchild spins for 3 s of CPU against a 1 s limit
    res, _ = hostile(tmp_path, "grandchild.c", stdin=b"cpu\n")
    assert res.status == "tle" and res.cpu >= 1.0, (res, (tmp_path / "err").read_text())


def test_memory_held_by_an_unreaped_grandchild_is_the_runs_mle(tmp_path):
    # the program stays at ~1 MiB; an orphaned grandchild touches 170 MiB against a 128 MiB limit
    res, _ = hostile(tmp_path, "grandchild.c", stdin=b"memory\n", cpu=2.0)
    assert res.status == "mle" and res.memory_mib > 128


_RUN_CAT = r"""
import sys
from pathlib import Path
from ojpack.sandbox import RunLimits, run
tmp = Path(sys.argv[1])
(tmp / "in").write_bytes(b"")
res = run(["/bin/cat", "/etc/passwd"], tmp / "in", tmp / "out", RunLimits(2.0, 10.0, 128, 8))
print(res.status, res.sandbox)
"""


def test_a_launcher_another_user_planted_in_the_helper_folder_never_runs(tmp_path):
    # Another user made $TMPDIR/ojpack-0 first and left a "launcher" there under the exact name the next
    # root run would execute, and a cage skeleton with its own /etc/passwd.
    machine = tmp_path / "machine"
    machine.mkdir()
    os.chmod(machine, 0o1777)
    planted = machine / f"ojpack-{os.geteuid()}"
    planted.mkdir()
    marker = tmp_path / "marker"
    fake = planted / binary_name(resources.files("ojpack.sandbox").joinpath("launch.c").read_bytes())
    fake.write_text(f"#!/bin/sh\ntouch {marker}\nexit 122\n")   # 122: what the real helper's usage check expects
    fake.chmod(0o755)
    etc = planted / skeleton_name() / "etc"
    etc.mkdir(parents=True)
    (etc / "passwd").write_text("PLANTED\n")
    (etc.parent / "dev").mkdir()
    (etc.parent / "ok").touch()
    for path in (planted, *planted.rglob("*")):
        os.chown(path, NOBODY, NOBODY)
    proc = subprocess.run([sys.executable, "-c", _RUN_CAT, str(tmp_path)], capture_output=True, text=True,
                          env={**os.environ, "TMPDIR": str(machine)}, timeout=120)
    assert not marker.exists()
    assert proc.returncode == 0 and proc.stdout.split() == ["ok", "cage"], proc.stderr
    out = (tmp_path / "out").read_text()
    assert "PLANTED" not in out and "nobody" in out


@pytest.mark.parametrize("output_mib, verdict", [(200, "ok"), (64, "ole")])
def test_a_large_output_is_never_charged_as_memory(tmp_path, output_mib, verdict):
    # stdout on tmpfs, as judging keeps it: 150 MiB written under a 32 MiB memory limit
    program = prepare(HOSTILE / "big_output.c", tmp_path / "cache")
    scratch = Path(tempfile.mkdtemp(dir=memory_scratch()))
    try:
        (scratch / "in").write_bytes(b"150\n")
        res = run(program.argv, scratch / "in", scratch / "out", RunLimits(5.0, 30.0, 32, output_mib))
        size = (scratch / "out").stat().st_size
    finally:
        shutil.rmtree(scratch)
    assert res.status == verdict and res.memory_mib < 32
    assert size == (150 << 20 if verdict == "ok" else (output_mib << 20) + 1)


@pytest.mark.parametrize("name", ["stderr_flood.cpp", "stderr_flood.py"])
def test_debug_output_on_stderr_is_capped_apart_from_the_output_limit(tmp_path, name):
    res, out = hostile(tmp_path, name, stdin=b"2 3\n", output_mib=1)
    err = (tmp_path / "err").read_bytes()
    assert (res.status, out) == ("ok", b"5\n")
    assert err.startswith(b"d" * 1023 + b"\n") and len(err) <= 64 << 10


def test_a_python_submission_under_dev_shm_runs(tmp_path):
    # /dev/shm is a host folder the cage replaces with its own /dev: the source is shown elsewhere
    folder = Path(tempfile.mkdtemp(dir="/dev/shm"))
    try:
        (folder / "sub.py").write_text("a, b = map(int, input().split())\nprint(a + b)\n")
        (tmp_path / "in").write_bytes(b"2 3\n")
        res = run(prepare(folder / "sub.py", tmp_path / "cache").argv, tmp_path / "in", tmp_path / "out",
                  RunLimits(2.0, 20.0, 128, 8), stderr=tmp_path / "err")
    finally:
        shutil.rmtree(folder)
    assert (res.status, (tmp_path / "out").read_bytes()) == ("ok", b"5\n"), (tmp_path / "err").read_text()


def test_the_cage_shows_a_minimal_environment_and_no_host_command_line(tmp_path, monkeypatch):
    monkeypatch.setenv("OJPACK_SECRET", "host-only")
    res, out = hostile(tmp_path, "snoop.py")
    seen = json.loads(out)
    assert res.status == "ok"
    assert seen["environ"] == {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/tmp", "LANG": "C.UTF-8",
                               "LC_ALL": "C.UTF-8"}
    assert "/" not in seen["init"] and "cgroup" not in seen["init"], seen["init"]


def test_a_temporary_folder_another_user_can_change_is_refused_in_one_line(tmp_path):
    machine = tmp_path / "machine"
    machine.mkdir(mode=0o777)
    os.chmod(machine, 0o777)   # writable by all, not sticky: anyone may rename ojpack-0 and put their own
    proc = subprocess.run([sys.executable, "-c", _RUN_CAT, str(tmp_path)], capture_output=True, text=True,
                          env={**os.environ, "TMPDIR": str(machine)}, timeout=120)
    assert proc.returncode != 0 and "only you can write" in proc.stderr
    assert not (machine / f"ojpack-{os.geteuid()}").exists()
