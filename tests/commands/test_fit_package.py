"""The real package at 80 and 120 columns: `ojpack check` (35 solutions × 31 tests) and `ojpack stress` print
no line wider than the width, piped with COLUMNS and in a real tmux window. Slow: a cold build and check of a
fresh copy (OJPACK_SLOW=1)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import copy_package
from test_fit_width import SRC, WIDTHS, in_tmux, widest

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = copy_package(tmp_path_factory.mktemp("fitpkg") / "pkg")
    assert ojpack(root, 120, "build").returncode == 0
    return root


def ojpack(root: Path, width: int, *args: str) -> subprocess.CompletedProcess[str]:
    """A real process on a pipe: the consoles are made with COLUMNS already set, as in a shell script."""
    env = {**os.environ, "COLUMNS": str(width), "CI": "true", "PYTHONPATH": str(SRC)}
    return subprocess.run([sys.executable, "-m", "ojpack", *args], cwd=root, capture_output=True, text=True,
                          env=env, timeout=1800)


@pytest.mark.parametrize("width", WIDTHS)
def test_check_and_its_matrix_fit(package: Path, width: int) -> None:
    for args in (["check", "--no-proof"], ["check", "--no-proof", "--matrix"]):
        r = ojpack(package, width, *args)
        assert r.returncode == 0, r.stdout + r.stderr
        size, line = widest(r.stdout + r.stderr)
        assert size <= width, f"ojpack {' '.join(args)} at {width}: {size} columns: {line!r}"
        solutions = [line for line in r.stdout.splitlines() if " ✓ " in line or " ✗ " in line]
        assert len(solutions) == 35   # one line each (a folded strip adds lines without a mark)
        if width == 120:
            assert all(line.count("│") == 3 for line in solutions)   # four groups on one line


@pytest.mark.parametrize("width", WIDTHS)
def test_stress_fits(package: Path, width: int) -> None:
    r = ojpack(package, width, "stress", "solutions/wrong_answer/xor_one.py", "--seconds", "5", "--seed", "1")
    assert r.returncode == 1, r.stdout + r.stderr
    size, line = widest(r.stdout + r.stderr)
    assert size <= width, f"stress at {width}: {size} columns: {line!r}"


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (scripts/setup.sh test adds it)")
def test_check_in_tmux_at_80_columns(package: Path, tmp_path: Path) -> None:
    lines = in_tmux(package, "check --no-proof", 80, tmp_path)
    size, line = widest("\n".join(lines))
    assert size <= 80, f"a line of {size} columns wrapped in the 80-column window: {line!r}"
    assert any("check passed" in line for line in lines)
