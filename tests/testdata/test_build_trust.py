"""Builds that must not lie or litter: stale staging folders, cache keys that miss a dependency,
generators that hang, Ctrl-C."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import edit_yaml
from ojpack.errors import BuildError
from ojpack.problem.load import load_problem
from ojpack.testdata.build import build


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_staging_left_by_a_killed_build_is_removed(toy: Path) -> None:
    state = toy / ".ojpack"
    dead = state / f"data.new-{_dead_pid()}"
    (dead / "sample").mkdir(parents=True)
    (dead / "sample" / "01-one.in").write_text("half-written\n")
    with subprocess.Popen(["sleep", "60"]) as alive_proc:
        alive = state / f"data.new-{alive_proc.pid}"   # a build still running elsewhere keeps its folder
        alive.mkdir()
        try:
            build(load_problem(toy))
            assert not dead.exists()
            assert alive.is_dir()
            assert sorted(p.name for p in state.glob("data.*")) == [alive.name]
        finally:
            alive_proc.kill()
