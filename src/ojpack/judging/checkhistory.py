"""The history of checks, one record per git commit checked: every solution's verdict on every test, its
times, the limits and a hash of each test's data, under .ojpack/history/<commit>.json in the package (a
folder git ignores). `compare` says what changed between two commits: verdicts, tests, limits, and the
time margins that shrank."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..cache import key, write_atomic
from ..errors import OjpackError
from ..problem import Problem
from ..testdata import read_manifest

HISTORY = Path(".ojpack", "history")
SHRUNK = 0.9   # a margin is reported as shrunk below this share of what it was: timing noise stays quiet
_COMMIT = re.compile(r"^[0-9a-f]{4,64}$")


@dataclass(frozen=True)
class HistoryEntry:
    commit: str
    when: str                            # ISO time of the check
    dirty: bool                          # the package's files differed from the commit
    ok: bool
    quick: bool                          # wrong solutions stopped at their first failure
    limits: dict[str, Any]               # time (s), memory and output (MiB)
    tests: dict[str, str]                # test id -> hash of its input and answer
    expected: dict[str, list[str]]       # solution -> the verdicts it may get
    verdicts: dict[str, str]             # solution -> its verdict
    matrix: dict[str, dict[str, str]]    # solution -> test -> verdict (tests not run left out)
    times: dict[str, dict[str, float]]   # solution -> test -> CPU seconds

    def to_json(self) -> dict[str, Any]:
        return {"commit": self.commit, "when": self.when, "dirty": self.dirty, "ok": self.ok, "quick": self.quick,
                "limits": self.limits, "tests": self.tests, "expected": self.expected, "verdicts": self.verdicts,
                "matrix": self.matrix, "times": self.times}

    @staticmethod
    def from_json(raw: dict[str, Any]) -> HistoryEntry:
        return HistoryEntry(**raw)

    def margin(self, solution: str) -> float | None:
        """The time limit over the solution's slowest accepted run (None without one)."""
        times = [t for test, t in self.times.get(solution, {}).items() if self.matrix[solution].get(test) == "AC"]
        slowest = max(times, default=0.0)
        return round(self.limits["time"] / slowest, 2) if slowest > 0 else None


@dataclass(frozen=True)
class VerdictChange:
    solution: str
    test: str | None    # None: the solution's overall verdict
    before: str | None  # None: not run (or absent) then
    after: str | None

    def to_json(self) -> dict[str, Any]:
        return {"solution": self.solution, "test": self.test, "before": self.before, "after": self.after}


@dataclass(frozen=True)
class MarginChange:
    solution: str
    before: float       # the time limit over its slowest accepted run
    after: float

    def to_json(self) -> dict[str, Any]:
        return {"solution": self.solution, "before": self.before, "after": self.after}


@dataclass(frozen=True)
class HistoryDiff:
    a: str
    b: str
    verdict_changes: tuple[VerdictChange, ...]
    tests_added: tuple[str, ...]
    tests_removed: tuple[str, ...]
    tests_changed: tuple[str, ...]      # the same test id, other data
    limits_changed: dict[str, tuple[Any, Any]]
    margins_shrunk: tuple[MarginChange, ...]

    def to_json(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "verdict_changes": [v.to_json() for v in self.verdict_changes],
                "tests_added": list(self.tests_added), "tests_removed": list(self.tests_removed),
                "tests_changed": list(self.tests_changed),
                "limits_changed": {k: list(v) for k, v in self.limits_changed.items()},
                "margins_shrunk": [m.to_json() for m in self.margins_shrunk]}


def record(problem: Problem, report: dict[str, Any]) -> HistoryEntry:
    """Record a check's report (check --json's, stamped with "when", "commit" and "dirty") for its commit,
    in place of an earlier check of the same commit."""
    lim = problem.spec.limits
    data = {t.id: key(t.input_sha256, t.answer_sha256) for t in read_manifest(problem.root)}
    solutions = report.get("solutions", [])
    entry = HistoryEntry(
        report["commit"], report["when"], bool(report.get("dirty")), bool(report.get("ok")),
        bool(report.get("quick")), {"time": lim.time, "memory": lim.memory, "output": lim.output},
        {t: data.get(t, "") for t in report.get("tests", [])},
        {s["name"]: list(s.get("expected", [])) for s in solutions},
        {s["name"]: s["verdict"] for s in solutions},
        {s["name"]: {c["test"]: c["verdict"] for c in s.get("cells", [])} for s in solutions},
        {s["name"]: {c["test"]: c["time"] for c in s.get("cells", [])} for s in solutions})
    write_atomic(problem.root / HISTORY / f"{entry.commit}.json", json.dumps(entry.to_json(), indent=1).encode())
    return entry


def history(problem: Problem) -> tuple[HistoryEntry, ...]:
    """Every recorded check, oldest first."""
    entries = []
    folder = problem.root / HISTORY
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            entries.append(HistoryEntry.from_json(json.loads(path.read_text(encoding="utf-8"))))
        except (OSError, ValueError, TypeError):   # a record cut short by a crash: skipped, not fatal
            continue
    return tuple(sorted(entries, key=lambda e: e.when))


def entry(problem: Problem, commit: str) -> HistoryEntry:
    """The record of `commit` (a full hash, or a prefix of at least 4 digits naming one record)."""
    if not _COMMIT.match(commit):
        raise OjpackError(f"history: {commit!r} is not a commit hash (or a prefix of 4 or more hex digits)")
    found = [e for e in history(problem) if e.commit.startswith(commit)]
    if not found:
        raise OjpackError(f"history: no check recorded for commit {commit}")
    if len(found) > 1:
        raise OjpackError(f"history: {commit} names {len(found)} recorded commits: give more digits")
    return found[0]


def compare(problem: Problem, a: str, b: str) -> HistoryDiff:
    """What changed from the check of commit `a` to the check of commit `b`."""
    old, new = entry(problem, a), entry(problem, b)
    changes: list[VerdictChange] = []
    for s in dict.fromkeys([*old.verdicts, *new.verdicts]):
        if old.verdicts.get(s) != new.verdicts.get(s):
            changes.append(VerdictChange(s, None, old.verdicts.get(s), new.verdicts.get(s)))
        before, after = old.matrix.get(s, {}), new.matrix.get(s, {})
        for t in dict.fromkeys([*before, *after]):
            if before.get(t) != after.get(t):
                changes.append(VerdictChange(s, t, before.get(t), after.get(t)))
    shrunk = []
    for s in new.verdicts:
        was, now = old.margin(s) if s in old.verdicts else None, new.margin(s)
        if old.expected.get(s) == ["AC"] == new.expected.get(s) and was and now and now < was * SHRUNK:
            shrunk.append(MarginChange(s, was, now))
    return HistoryDiff(
        old.commit, new.commit, tuple(changes),
        tuple(t for t in new.tests if t not in old.tests), tuple(t for t in old.tests if t not in new.tests),
        tuple(t for t in new.tests if t in old.tests and new.tests[t] != old.tests[t]),
        {k: (old.limits.get(k), new.limits.get(k)) for k in dict.fromkeys([*old.limits, *new.limits])
         if old.limits.get(k) != new.limits.get(k)},
        tuple(shrunk))
