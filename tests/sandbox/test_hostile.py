"""Hostile programs (tests/sandbox/hostile/) that dodged the cage's limits or saw too much: each now gets
the verdict it earns. They are compiled and run only through the sandbox."""

from __future__ import annotations

from pathlib import Path

import pytest

from ojpack.sandbox import RunLimits, prepare, run
from ojpack.sandbox.isolation import isolation_problem

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
    res, _ = hostile(tmp_path, "grandchild_cpu.c")
    assert res.status == "tle" and res.cpu >= 1.0, (res, (tmp_path / "err").read_text())


def test_memory_held_by_an_unreaped_grandchild_is_the_runs_mle(tmp_path):
    # the program stays at ~1 MiB; an orphaned grandchild touches 170 MiB against a 128 MiB limit
    res, _ = hostile(tmp_path, "grandchild_memory.c", cpu=2.0)
    assert res.status == "mle" and res.memory_mib > 128
