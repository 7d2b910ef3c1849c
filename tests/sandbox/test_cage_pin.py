"""A caged program on the one CPU it is given (launch.c's pin_cpu), pooled and one-shot, as root and as a
plain user: an interactive run's two programs share the relay's CPU (sandbox/affinity.py)."""

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

ALLOWED = sorted(os.sched_getaffinity(0))
pytestmark = [pytest.mark.skipif(isolation_problem() is not None, reason=f"no sandbox here: {isolation_problem()}"),
              pytest.mark.skipif(len(ALLOWED) < 2, reason="one CPU allowed: nothing to pin")]

PROBE = "import json, os\nprint(json.dumps(sorted(os.sched_getaffinity(0))))\n"
LIMITS = RunLimits(cpu=5.0, wall=20.0, memory_mib=256, output_mib=8)


@pytest.fixture(scope="module", params=["root", "user"])
def identity(request) -> Identity:
    yield from each_identity(request.param, "ojpack-pin-driver-")


def _cpus(identity: Identity, tmp_path: Path, on_cpu: int | None, pooled: bool,
          monkeypatch: pytest.MonkeyPatch) -> list[int]:
    folder = identity.folder(tmp_path)
    env = {"OJPACK_CAGE_POOL": "1" if pooled else "0"}
    try:
        (folder / "probe.py").write_text(PROBE)
        (folder / "in").write_bytes(b"")
        identity.own(folder)
        argv = [real_python(), "-S", str(folder / "probe.py")]
        if identity.driver is None:
            monkeypatch.setenv("OJPACK_CAGE_POOL", env["OJPACK_CAGE_POOL"])
            status = run(argv, folder / "in", folder / "out", LIMITS, stderr=folder / "err", session=False,
                         on_cpu=on_cpu).status
        else:
            status = identity.call(folder, op="run", argv=argv, stdin=folder / "in", stdout=folder / "out",
                                   stderr=folder / "err", limits=LIMITS.__dict__, session=False, on_cpu=on_cpu,
                                   env=env)["status"]
        assert status == "ok", (folder / "err").read_text()
        return json.loads((folder / "out").read_text())
    finally:
        if identity.driver is not None:
            shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("pooled", [True, False], ids=["pooled", "one-shot"])
def test_a_caged_program_runs_on_the_cpu_it_is_given_and_anywhere_without_one(identity, tmp_path, pooled,
                                                                              monkeypatch) -> None:
    last = ALLOWED[-1]   # not the first: a default would not pass for it
    assert _cpus(identity, tmp_path, last, pooled, monkeypatch) == [last]
    # the same prepared cage serves the next run unpinned: nothing of the last run's CPU stays
    assert _cpus(identity, tmp_path, None, pooled, monkeypatch) == ALLOWED


def test_an_unisolated_program_runs_on_the_cpu_it_is_given(tmp_path: Path) -> None:
    (tmp_path / "probe.py").write_text(PROBE)
    (tmp_path / "in").write_bytes(b"")
    res = run([real_python(), "-S", str(tmp_path / "probe.py")], tmp_path / "in", tmp_path / "out", LIMITS,
              isolate=False, on_cpu=ALLOWED[-1])
    assert res.status == "ok"
    assert json.loads((tmp_path / "out").read_text()) == [ALLOWED[-1]]
    assert sorted(os.sched_getaffinity(0)) == ALLOWED   # the caller's thread has its own set back
