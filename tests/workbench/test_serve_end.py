"""A job the workbench started ends with it: SIGKILL the server mid-build and the job's ojpack, and every
program it runs, stop within seconds (the job runs in a session of its own, out of reach of the signals
that end the server's group, so only the tie to its parent's death can stop it)."""

from __future__ import annotations

import os
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

from conftest import edit_yaml
from workbench_helpers import start_serve

HANG = "import sys, time\ntime.sleep(300)\n"


def _running(marker: str) -> list[int]:
    out = subprocess.run(["pgrep", "-f", "--", marker], capture_output=True, text=True).stdout
    return [int(x) for x in out.split()]


def _jobs_of(server: int) -> list[int]:
    """The workbench's job processes: its children running `-m ojpack check`."""
    out = subprocess.run(["pgrep", "-P", str(server), "-f", "ojpack check"], capture_output=True, text=True).stdout
    return [int(x) for x in out.split()]


def test_a_killed_server_takes_its_running_job_down(toy: Path) -> None:
    marker = f"serve-hang-{os.getpid()}"
    (toy / "generators" / "hang.py").write_text(HANG)
    edit_yaml(toy / "problem.yaml", 'gen: "gen.py --max {x.max} --top"', f'gen: "hang.py {marker}"')
    served = start_serve(toy)
    jobs: list[int] = []
    try:
        ask = urllib.request.Request(f"{served.base}/p/_/action/check", data=b"", method="POST",
                                     headers={"X-Ojpack-Token": served.token})
        assert urllib.request.urlopen(ask, timeout=30).status == 202
        deadline = time.monotonic() + 120
        while not _running(marker):
            assert time.monotonic() < deadline, "the check job never reached the hanging generator"
            time.sleep(0.1)
        jobs = _jobs_of(served.process.pid)
        assert jobs, "no job process under the server"
        served.process.kill()
        served.process.wait(timeout=10)
        deadline = time.monotonic() + 20
        while (_running(marker) or any(Path(f"/proc/{p}").exists() for p in jobs)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _running(marker), "the job's generator outlived the server"
        assert not [p for p in jobs if Path(f"/proc/{p}").exists()
                    and Path(f"/proc/{p}/stat").read_text().split()[2] != "Z"], "the job outlived the server"
    finally:
        if served.process.poll() is None:
            served.process.kill()
        for pid in [*_running(marker), *jobs]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
