"""Run one ojpack command on every problem of a contest and collect one outcome per problem."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from ..errors import outcome_line
from ..problem import Contest


@dataclass(frozen=True)
class Outcome:
    letter: str
    path: str
    ok: bool
    seconds: float
    message: str     # the problem's own error line when it failed, else ""
    output: str      # everything it printed, for --verbose and for a failure's details


def _error_line(text: str) -> str:
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return outcome_line(lines) if lines else "failed without a message"


def _one(command: str, folder: Path, args: list[str]) -> tuple[bool, float, str, str]:
    start = time.monotonic()
    # no COLUMNS: with no terminal either, each message stays one line, so the table shows the error whole
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", command, "-p", str(folder), *args],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, env=env)
    ok = proc.returncode == 0
    message = "" if ok else _error_line(proc.stdout + "\n" + proc.stderr)   # a failed check says why on stdout
    return ok, time.monotonic() - start, message, proc.stdout + proc.stderr


def run_each(contest: Contest, command: str, args: list[str], jobs: int = 1,
             on_done: Callable[[Outcome], None] = lambda o: None) -> list[Outcome]:
    """`ojpack COMMAND -p PROBLEM ARGS` for every problem, `jobs` at a time, in contest order."""
    entries = contest.spec.problems

    def task(i: int) -> Outcome:
        e = entries[i]
        ok, seconds, message, output = _one(command, contest.folder(e), args)
        outcome = Outcome(e.letter, e.path, ok, seconds, message, output)
        on_done(outcome)
        return outcome

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return list(pool.map(task, range(len(entries))))
