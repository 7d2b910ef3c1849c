"""What one run of `ojpack check` left to look at: how it ended (exit code or signal), the heads of its
output and stderr, where its output first departs from the answer, an interactive run's opening dialogue.

A run's `Trace` is taken as it ends (execute.py) and travels in its Cell, so a remembered cell brings its
trace back with it; `check` then writes one `RunDetail` per run under build/check/runs/ (with the heads
of the test's input and answer), which `run_detail` reads. Every head is bounded: no file is read whole."""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..cache import key
from ..problem import Problem
from ..sandbox import RunResult, excerpt_of, excerpt_text
from .checker import TokenChecker, Tolerance, test_key
from .firstdiff import Diff, first_difference
from .verdicts import Verdict

RUNS = Path("build", "check", "runs")


@dataclass(frozen=True)
class Trace:
    """How one run went, beyond its verdict, time and memory (which its Cell holds)."""
    exit_code: int | None = None
    signal: int | None = None
    output_head: str = ""
    output_size: int = 0
    stderr_head: str = ""
    diff: Diff | None = None
    transcript_head: str | None = None   # interactive runs: the dialogue's first lines

    def to_json(self) -> dict[str, Any]:
        return {"exit_code": self.exit_code, "signal": self.signal, "output_head": self.output_head,
                "output_size": self.output_size, "stderr_head": self.stderr_head,
                "diff": self.diff.to_json() if self.diff else None, "transcript_head": self.transcript_head}

    @staticmethod
    def from_json(raw: dict[str, Any]) -> Trace:
        return Trace(raw.get("exit_code"), raw.get("signal"), raw.get("output_head", ""), raw.get("output_size", 0),
                     raw.get("stderr_head", ""), Diff.from_json(raw["diff"]) if raw.get("diff") else None,
                     raw.get("transcript_head"))


def diff_rule(checker: object, answer: Path) -> tuple[bool, Tolerance | None]:
    """How tokens compare for the first difference: the token or float rule's own (a test's own rule
    first); the default token rule under a checker program, whose own judgement may differ."""
    if isinstance(checker, TokenChecker):
        rule = checker.own.get(test_key(answer), checker)
        return rule.case_sensitive, rule.tolerance
    return True, None


def trace_of(res: RunResult, output: Path, stderr: Path, answer: Path, verdict: Verdict, checker: object,
             compared: bool) -> Trace:
    """A batch run's trace; `compared`: its output was judged (a clean run), so a wrong one gets its diff."""
    try:
        size = output.stat().st_size
    except OSError:
        size = 0
    diff = None
    if compared and verdict in (Verdict.WA, Verdict.PC) and size < (1 << 31):
        diff = first_difference(output, answer, *diff_rule(checker, answer))
    return Trace(res.exit_code, res.signal, excerpt_of(output), size, excerpt_of(stderr), diff)


def dialogue_head(opening: tuple[tuple[str, str], ...]) -> str:
    """The first lines of a dialogue, `<` judge to submission and `>` back (the .interaction notation)."""
    return excerpt_text("\n".join(f"{'<' if who == 'judge' else '>'}{line}" for who, line in opening).encode())


@dataclass(frozen=True)
class RunDetail:
    solution: str
    test: str
    verdict: str
    time: float          # CPU seconds
    wall: float
    memory: float        # MiB
    exit_code: int | None
    signal: int | None
    checker_message: str
    input_head: str
    output_head: str
    output_size: int
    stderr_head: str
    answer_head: str
    diff: Diff | None
    transcript_head: str | None

    def to_json(self) -> dict[str, Any]:
        return {"solution": self.solution, "test": self.test, "verdict": self.verdict, "time": self.time,
                "wall": self.wall, "memory": self.memory, "exit_code": self.exit_code, "signal": self.signal,
                "checker_message": self.checker_message, "input_head": self.input_head,
                "output_head": self.output_head, "output_size": self.output_size, "stderr_head": self.stderr_head,
                "answer_head": self.answer_head, "diff": self.diff.to_json() if self.diff else None,
                "transcript_head": self.transcript_head}

    @staticmethod
    def from_json(raw: dict[str, Any]) -> RunDetail:
        return RunDetail(**{**raw, "diff": Diff.from_json(raw["diff"]) if raw.get("diff") else None})


def _file(folder: Path, solution: str) -> Path:
    return folder / f"{key('run-details', solution)}.json"


def record_runs(problem: Problem, runs: list[tuple[str, Any]], tests: dict[str, Any]) -> None:
    """Write the details of a check's runs, (solution name, Cell) pairs, in place of the last check's: one
    file per solution (a file per run costs a removal each next time, ~15 ms on a busy overlay file
    system); `tests`: test id -> BuiltTest (whose input and answer heads go with each run)."""
    folder = problem.root / RUNS
    fresh = folder.with_name(f"runs.new-{os.getpid()}")
    shutil.rmtree(fresh, ignore_errors=True)
    fresh.mkdir(parents=True)
    heads: dict[str, tuple[str, str]] = {}
    by_solution: dict[str, dict[str, Any]] = {}
    for solution, cell in runs:
        test = tests.get(cell.test)
        if cell.test not in heads:
            heads[cell.test] = (excerpt_of(test.input), excerpt_of(test.answer)) if test else ("", "")
        trace = cell.trace or Trace()
        detail = RunDetail(solution, cell.test, str(cell.verdict), cell.time, cell.wall, cell.memory,
                           trace.exit_code, trace.signal, cell.message, heads[cell.test][0], trace.output_head,
                           trace.output_size, trace.stderr_head, heads[cell.test][1], trace.diff,
                           trace.transcript_head if trace.transcript_head is not None else
                           (cell.transcript or None))
        by_solution.setdefault(solution, {})[cell.test] = detail.to_json()
    for solution, details in by_solution.items():
        _file(fresh, solution).write_text(json.dumps(details, ensure_ascii=False), encoding="utf-8")
    old = folder.with_name(f"runs.old-{os.getpid()}")
    if folder.exists():
        os.rename(folder, old)
    os.rename(fresh, folder)
    shutil.rmtree(old, ignore_errors=True)


def run_detail(problem: Problem, solution: str, test: str) -> RunDetail | None:
    """The last check's run of `solution` on `test` (both as check --json names them), None when it has none
    (not run: its verdict was settled by an earlier test, or no check ran)."""
    try:
        details = json.loads(_file(problem.root / RUNS, solution).read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return None
    raw = details.get(test)
    return RunDetail.from_json(raw) if raw else None
