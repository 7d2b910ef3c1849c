"""Ctrl-C and SIGTERM stop a build at once: every program it started dies (even one that ignores SIGINT),
data/ is left as it was, one line is printed and the exit code is 130."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import edit_yaml

HANG = """import signal, sys, time
signal.signal(signal.SIGINT, signal.SIG_IGN)   # a generator that shrugs off Ctrl-C
signal.signal(signal.SIGTERM, signal.SIG_IGN)
time.sleep(300)
"""


def _tree(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def _pids_running(marker: str) -> list[int]:
    out = subprocess.run(["pgrep", "-f", "--", marker], capture_output=True, text=True).stdout
    return [int(x) for x in out.split()]


def _ojpack(*args: str, tmp: Path | None = None) -> subprocess.Popen[str]:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "CI": "true", "COLUMNS": "200"}
    return subprocess.Popen([sys.executable, "-m", "ojpack", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True, env=env | ({"TMPDIR": str(tmp)} if tmp else {}))


@pytest.mark.parametrize("how", ["ctrl-c", "sigterm"])
def test_interrupted_build_stops_everything_at_once(toy: Path, how: str, tmp_path: Path) -> None:
    assert _ojpack("build", "-p", str(toy)).wait(timeout=120) == 0
    before = _tree(toy / "data")
    marker = f"hang-{how}-{os.getpid()}"
    (toy / "generators" / "hang.py").write_text(HANG)
    edit_yaml(toy / "problem.yaml", 'gen: "gen.py --max {x.max} --top"', f'gen: "hang.py {marker}"')
    tmp = tmp_path / "tmp"   # the build's temporary files: it exits without unwinding, yet they must go
    tmp.mkdir()
    proc = _ojpack("build", "-p", str(toy), "--update-lock", "-j", "2", tmp=tmp)
    try:
        _interrupt_and_check(proc, toy, marker, how, before)
        # only what outlives every run: the sandbox helper and its skeleton, in the machine's folder
        assert sorted(p.name for p in tmp.iterdir()) == [f"ojpack-{os.getuid()}"]
    finally:   # whatever failed, leave no hung generator behind
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        for pid in _pids_running(marker):
            os.kill(pid, signal.SIGKILL)


def _interrupt_and_check(proc: subprocess.Popen[str], toy: Path, marker: str, how: str,
                         before: dict[str, str]) -> None:
    deadline = time.monotonic() + 60
    while not _pids_running(marker):
        assert proc.poll() is None and time.monotonic() < deadline, "the build ended before the generator hung"
        time.sleep(0.05)
    time.sleep(0.3)   # let the other worker settle into its own waits
    if how == "ctrl-c":
        os.killpg(proc.pid, signal.SIGINT)   # what the terminal does: the whole foreground group
    else:
        os.kill(proc.pid, signal.SIGTERM)    # what a supervisor does: the process alone
    try:
        _, err = proc.communicate(timeout=15)    # today: not before the hung generator's wall limit
    except subprocess.TimeoutExpired:
        pytest.fail("the build did not stop")
    assert proc.returncode == 130, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert err.startswith("interrupted (")
    time.sleep(0.2)
    assert _pids_running(marker) == [], "the hung generator outlived the build"
    assert _tree(toy / "data") == before
    assert list((toy / ".ojpack").glob("data.new-*")) == []
