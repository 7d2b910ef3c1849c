"""`ojpack timelimit`: the rule (twice the slowest accepted run, rounded up, at least the floor, below the fastest
time-limit solution / 1.5) and the command on a new package."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ojpack.judging.timelimit import Timing, propose, step_up
from ojpack.problem.load import load_problem
from ojpack.scaffold import new_problem


def t(seconds: float, cut: bool = False) -> Timing:
    return Timing("s", seconds, "test", cut)


@pytest.mark.parametrize("seconds, up", [(0.05, 0.1), (0.61, 0.7), (1.2, 1.2), (0.1 * 3, 0.3), (1.2001, 1.3), (9.95, 10.0),
                                         (12.3, 13.0)])
def test_step_up(seconds: float, up: float) -> None:
    assert step_up(seconds) == up


def test_the_rule() -> None:
    assert propose([t(0.037)], [t(2.7, cut=True)], 1.0).limit == 1.0          # the floor
    assert propose([t(0.61)], [t(5.0)], 1.0).limit == 1.3                     # 2 x 0.61 = 1.22 -> 1.3
    assert propose([t(0.61)], [], 1.0).limit == 1.3                           # nothing bounds it from above
    p = propose([t(0.61)], [t(1.8)], 1.0)                                     # 1.3 s is not below 1.8 / 1.5
    assert p.limit is None and "no limit separates them" in p.reasons[-1]
    assert propose([t(0.2)], [t(3.0)], 1.0, floor=0.5).limit == 0.5


def test_the_command_proposes_and_writes(tmp_path: Path) -> None:
    root = new_problem(tmp_path / "p").root
    env = {"PATH": "/usr/bin:/bin", "CI": "true", "OJPACK_CACHE_HOME": os.environ.get("OJPACK_CACHE_HOME", "")}
    r = subprocess.run([sys.executable, "-m", "ojpack.cli", "timelimit", "-p", str(root), "--json", "--floor", "1.5",
                        "--write"], capture_output=True, text=True, env=env, timeout=900)
    assert r.returncode == 0, r.stdout + r.stderr
    report = json.loads(r.stdout[:r.stdout.rindex("}") + 1])
    assert report["current"] == 1.0 and report["proposal"] == 1.5
    assert [a["solution"] for a in report["accepted"]] and [t["solution"] for t in report["time_limit"]] == [
        "time_limit_exceeded/quadratic.py"]
    assert load_problem(root).spec.limits.time == 1.5
    assert "time: 1.5                    # CPU seconds" in (root / "problem.yaml").read_text()
