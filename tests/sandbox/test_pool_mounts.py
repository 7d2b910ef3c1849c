"""Runs with a capped folder (a detached mount: an interactor's or Kattis checker's feedback folder, a file-I/O
run's working folder) in prepared cages (sandbox/pool.py, launch.c's move_mounts), as root and as a plain
user: one cage serves them all, each run sees its own folder and only it, what it writes there reaches
ojpack and never the host's disk, and a folder the fresh /tmp cannot hold gets a one-shot cage."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from ojpack.sandbox import CappedFolder, RunLimits, run
from ojpack.sandbox.isolation import isolation_problem
from ojpack.sandbox.languages import real_python
from ojpack.sandbox.pool import pooled_cages

from cage_identities import Identity, each_identity

pytestmark = pytest.mark.skipif(isolation_problem() is not None, reason=f"no sandbox here: {isolation_problem()}")

LIMITS = RunLimits(cpu=5.0, wall=20.0, memory_mib=256, output_mib=8)
# Lists its feedback folder, leaves a note there and in /tmp, says where it ran.
WRITER = '''
import json, os, sys
folder = sys.argv[1]
seen = sorted(os.listdir(folder))
open(os.path.join(folder, "note.txt"), "w").write(sys.argv[2])
open("/tmp/left-" + sys.argv[2], "w").write("x")
print(json.dumps({"seen": seen, "tmp": sorted(n for n in os.listdir("/tmp") if n.startswith("left-")),
                  "cwd": os.getcwd()}))
'''
# Runs WRITER `times` times in this thread, each with a capped folder of its own, as an interactor is run.
SEQUENCE = '''
import json, sys
from pathlib import Path
from ojpack.sandbox import CappedFolder, RunLimits, run
from ojpack.sandbox.pool import pooled_cages
req = json.loads(sys.argv[1])
base = Path(req["folder"])
said = []
for k in range(req["times"]):
    with CappedFolder(base / f"feedback{k}") as feedback:
        res = run([req["python"], "-S", req["writer"], f"{feedback.path}/", str(k)], base / "in", base / f"out{k}",
                  RunLimits(cpu=5.0, wall=20.0, memory_mib=256, output_mib=8), cgroup=req["cgroup"],
                  cwd=feedback.path if req["cwd"] else None, mounts=feedback.mounts)
        note = feedback.read("note.txt", 100)
        on_disk = sorted(p.name for p in (base / f"feedback{k}").iterdir())
    said.append({"status": res.status, "out": (base / f"out{k}").read_text(), "note": note and note.decode(),
                 "on_disk": on_disk, "cages": pooled_cages()})
print(json.dumps({"runs": said}))
'''


@pytest.fixture(scope="module", params=["root", "user"])
def identity(request) -> Identity:
    yield from each_identity(request.param, "ojpack-pool-mounts-driver-")


@pytest.mark.parametrize("cgroup,cwd", [(None, False), (False, True)])
def test_runs_with_a_capped_folder_share_one_prepared_cage(identity, tmp_path, cgroup, cwd):
    # cgroup=False: the cage's spare takes the run (and its mount) over its socket (launch.c's use_spare)
    folder = identity.folder(tmp_path)
    (folder / "writer.py").write_text(WRITER)
    (folder / "sequence.py").write_text(SEQUENCE)
    (folder / "in").write_bytes(b"")
    identity.own(folder)
    request = json.dumps({"folder": str(folder), "times": 3, "cgroup": cgroup, "cwd": cwd,
                          "python": real_python(), "writer": str(folder / "writer.py")})
    command, env = identity.command([sys.executable, str(folder / "sequence.py"), request], folder)
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout.strip().splitlines()[-1])
    cages = [one["cages"] for one in said["runs"]]   # (the first folder's probe of the kernel has one too)
    assert cages[0] >= 1 and cages == [cages[0]] * 3   # all three in one prepared cage
    for k, one in enumerate(said["runs"]):
        seen = json.loads(one["out"])
        assert one["status"] == "ok"
        assert seen["seen"] == [] and seen["tmp"] == [f"left-{k}"]   # nothing of the run before
        assert one["note"] == str(k) and one["on_disk"] == []          # to ojpack, not to the host's disk
        if cwd:
            assert seen["cwd"] == str(folder / f"feedback{k}")


def test_a_folder_outside_tmp_gets_a_one_shot_cage(tmp_path):
    if os.geteuid() != 0 or not os.path.isdir("/var/tmp"):
        pytest.skip("root's cage in this process, with a /var/tmp")
    (tmp_path / "writer.py").write_text(WRITER)
    outside = Path(tempfile.mkdtemp(dir="/var/tmp"))
    try:
        with CappedFolder(outside / "feedback") as feedback:
            before = pooled_cages()   # (the kernel's probe, at the first folder, may have made one)
            res = run([real_python(), "-S", str(tmp_path / "writer.py"), f"{feedback.path}/", "0"], Path(os.devnull),
                      tmp_path / "out", LIMITS, mounts=feedback.mounts)
            note = feedback.read("note.txt", 100)
            cages = pooled_cages()
    finally:
        shutil.rmtree(outside)
    assert res.status == "ok" and note == b"0"
    assert cages == before   # its mount point cannot be made on a prepared cage's fresh /tmp


def test_the_prepared_cage_refuses_a_mount_inside_a_bind(tmp_path):
    # ojpack never asks it (pool.poolable), but the cage checks for itself (launch.c's fresh_place): a mount
    # point made inside a bind would be made in a host folder, or in one all runs share.
    if os.geteuid() != 0:
        pytest.skip("root's cage in this process")
    from ojpack.sandbox import pool
    from ojpack.sandbox.launch import launcher, skeleton

    inside = tmp_path / "bound" / "feedback"
    inside.mkdir(parents=True)
    with CappedFolder(tmp_path / "capped") as feedback, open(os.devnull, "rb") as fin, \
            open(tmp_path / "out", "wb") as fout:
        (_, mount), = feedback.mounts
        with pytest.raises(OSError, match="a mount at"):
            pool.run_pooled(launcher(), skeleton(), ["/bin/true"], "/tmp", [f"r:{tmp_path / 'bound'}"],
                            (fin.fileno(), fout.fileno(), fout.fileno()), LIMITS, None, False, 1 << 20,
                            mounts=((str(inside), mount),))
    assert not any(inside.iterdir())
