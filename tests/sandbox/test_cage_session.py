"""The caged program's process group and session (launch.c's own_group), as root and as a plain user.

A run starts a session of its own, and with it a scheduler autogroup of its own. Each side of an interactive
pair (`session=False`) leads only a process group of its own and stays in the autogroup of whoever ran ojpack,
with the relay and its partner: a pair in two groups beside the relay waited on each other's wake-ups on a
busy machine (bench/interact.py). Given a terminal, it gets a session of its own all the same, so that the
terminal is not its controlling one."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from ojpack.sandbox import RunLimits, run
from ojpack.sandbox.isolation import isolation_problem
from ojpack.sandbox.languages import real_python

from cage_identities import Identity, each_identity

pytestmark = pytest.mark.skipif(isolation_problem() is not None, reason=f"no sandbox here: {isolation_problem()}")

PROBE = '''
import json, os
try:
    group = (open("/proc/self/autogroup").read().split() or [None])[0]
except OSError:
    group = None
try:
    os.open("/dev/tty", os.O_RDWR)
    tty = True
except OSError:
    tty = False
print(json.dumps({"group": group, "leads_group": os.getpgrp() == os.getpid(),
                  "leads_session": os.getsid(0) == os.getpid(), "tty": tty}))
'''
LIMITS = RunLimits(cpu=5.0, wall=20.0, memory_mib=256, output_mib=8)


@pytest.fixture(scope="module", params=["root", "user"])
def identity(request) -> Identity:
    yield from each_identity(request.param, "ojpack-session-driver-")


def _own_autogroup() -> str | None:
    # Some kernels (the CI machine's) have the file but leave it empty: no autogroup to compare.
    try:
        return (Path("/proc/self/autogroup").read_text().split() or [None])[0]
    except OSError:
        return None


@pytest.mark.parametrize("session", [True, False])
def test_a_side_of_a_pair_leads_its_own_group_in_the_callers_scheduling_group(identity, tmp_path, session):
    folder = identity.folder(tmp_path)
    try:
        (folder / "probe.py").write_text(PROBE)
        (folder / "in").write_bytes(b"")
        identity.own(folder)
        argv = [real_python(), "-S", str(folder / "probe.py")]
        if identity.driver is None:
            res = run(argv, folder / "in", folder / "out", LIMITS, stderr=folder / "err", session=session)
            status = res.status
        else:
            said = identity.call(folder, op="run", argv=argv, stdin=folder / "in", stdout=folder / "out",
                                 stderr=folder / "err", limits=LIMITS.__dict__, session=session)
            status = said["status"]
        assert status == "ok", (folder / "err").read_text()
        seen = json.loads((folder / "out").read_text())
    finally:
        if identity.driver is not None:
            shutil.rmtree(folder, ignore_errors=True)
    assert seen["leads_group"] and seen["leads_session"] is session
    assert not seen["tty"]
    if _own_autogroup() is not None:   # a kernel with CONFIG_SCHED_AUTOGROUP: a session's group is its own
        assert (seen["group"] == _own_autogroup()) is not session


def test_a_program_given_a_terminal_gets_a_session_of_its_own(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("root's cage in this process")
    (tmp_path / "probe.py").write_text(PROBE)
    main, side = os.openpty()
    try:
        res = run([real_python(), "-S", str(tmp_path / "probe.py")], side, tmp_path / "out", LIMITS,
                  stderr=tmp_path / "err", session=False)
    finally:
        os.close(side)
        os.close(main)
    assert res.status == "ok", (tmp_path / "err").read_text()
    seen = json.loads((tmp_path / "out").read_text())
    assert seen["leads_session"] and not seen["tty"]
