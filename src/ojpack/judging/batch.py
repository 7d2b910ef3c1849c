"""`ojpack judge` on many submissions: one compile per distinct source, all runs in one pool (or on a
cluster), every run remembered so a rejudge after a data change reruns only what changed, and one line
per submission.

A run is remembered by program, test bytes, limits and checker, exactly as `check` remembers them
(execute.Memo): a new or changed test is the only thing a rejudge runs again, and an interrupted batch
resumes where it stopped."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..cache import cache_for
from ..errors import OjpackError
from ..problem import Problem
from ..sandbox import CompileError, Link, Program, detect, link_of, prepare
from ..testdata import ensure_built
from .checker import checker_identity
from .execute import Cell, Engine, Job, Memo, problem_limits
from .multipass import judge_identity, load_judge
from .judgement import Judgement, scores
from .submissions import Submission
from .verdicts import Verdict, judged


@dataclass(frozen=True)
class Entry:
    """One submission's outcome; `error` when it could not be judged at all (no known language, no file)."""
    submission: Submission
    judgement: Judgement | None
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        s = self.submission
        base: dict[str, Any] = {"submission": s.id, "user": s.user, "file": str(s.path)}
        j = self.judgement
        if j is None:
            return {**base, "language": None, "verdict": None, "score": None, "max_score": None,
                    "time": None, "memory": None, "error": self.error}
        return {**base, "language": j.language, "verdict": str(j.verdict), "score": j.score,
                "max_score": sum(x.max for x in j.subtasks),
                "time": max((c.time for c in j.cells), default=0.0),
                "memory": max((c.memory for c in j.cells), default=0.0),
                "error": j.compile_error and "compile error",
                "subtasks": {x.group: x.score for x in j.subtasks},
                "tests": {c.test: str(c.verdict) for c in j.cells}}


@dataclass(frozen=True)
class Batch:
    entries: tuple[Entry, ...]
    skipped: tuple[str, ...]
    seconds: float
    runs: int           # runs the batch needed
    remembered: int     # of them, answered by the memo

    def to_json(self) -> dict[str, Any]:
        counts: dict[str, int] = {}
        for e in self.entries:
            v = str(e.judgement.verdict) if e.judgement else "error"
            counts[v] = counts.get(v, 0) + 1
        return {"submissions": [e.to_json() for e in self.entries], "counts": counts,
                "skipped": list(self.skipped), "seconds": round(self.seconds, 2),
                "runs": self.runs, "remembered": self.remembered}


def _compile(subs: tuple[Submission, ...], cache_dir: Path, memory: int, workers: int | None, includes: dict[str, Path],
             link: Link | None = None) -> dict[str, Program | CompileError | OjpackError]:
    """One compile per distinct (bytes, language): a thousand copies of a template compile once."""
    distinct: dict[tuple[str, str | None], Submission] = {}
    key_of: dict[str, tuple[str, str | None]] = {}
    for s in subs:
        try:
            k = (hashlib.sha256(s.path.read_bytes()).hexdigest(), detect(s.path, s.lang).id)
        except (OSError, OjpackError) as e:
            k = (f"error {s.id}", str(e))
        key_of[s.id] = k
        distinct.setdefault(k, s)

    def one(s: Submission) -> Program | CompileError | OjpackError:
        try:
            return prepare(s.path, cache_dir, s.lang, memory_mib=memory, includes=includes, link=link)
        except OjpackError as e:   # CompileError included
            return e

    with ThreadPoolExecutor(max_workers=workers or None) as pool:
        built = dict(zip(distinct, pool.map(one, distinct.values())))
    return {s.id: built[key_of[s.id]] for s in subs}


def judge_batch(problem: Problem, subs: tuple[Submission, ...], skipped: tuple[str, ...], engine: Engine,
                workers: int | None = None, on_done: Callable[[int, int], None] | None = None,
                fresh: bool = False) -> Batch:
    """`fresh`: run everything again, remembering the new runs (as `check --fresh`)."""
    start = time.monotonic()
    tests = ensure_built(problem)
    cache_dir = cache_for(problem.root).dir
    lim = problem.spec.limits
    groups = tuple(t.group for t in tests)
    programs = _compile(subs, cache_dir, lim.memory, workers, problem.includes(), link_of(problem))
    checker = load_judge(problem, cache_dir)
    interactor = judge_identity(checker)
    memo = Memo(cache_dir / "runs", checker_identity(problem, cache_dir) + interactor)
    # no traces: a rejudge of a thousand submissions would hold one per run (they are for `ojpack serve`)
    jobs = [Job(s.id, p, t, traced=False) for s in subs if isinstance(p := programs[s.id], Program) for t in tests]
    limits = problem_limits(problem)
    remembered = 0 if fresh else sum(1 for j in jobs if (path := memo.path(j, limits, lim.time)) and path.is_file())
    if fresh:
        memo = Memo(memo.folder, memo.salt + f" fresh {time.time_ns()}")
    done = [0]

    def tick(_job: Job, _cell: Cell) -> None:
        done[0] += 1
        if on_done:
            on_done(done[0], len(jobs))

    cells = engine.execute(jobs, limits, lim.time, checker, tick, memo)
    entries = []
    for s in subs:
        p = programs[s.id]
        if isinstance(p, Program):
            row = tuple(cells[(s.id, t.id)] for t in tests)
            subtasks = scores(problem, row, groups)
            verdict = judged(problem.spec.judging, list(zip(groups, (c.verdict for c in row))))
            j = Judgement(s.path, p.language.name, verdict, sum(x.score for x in subtasks), row, groups, subtasks, 0.0)
            entries.append(Entry(s, j))
        elif isinstance(p, CompileError):
            row = tuple(Cell(t.id, Verdict.CE, 0.0, 0.0, 0.0) for t in tests)
            j = Judgement(s.path, detect(s.path, s.lang).name, Verdict.CE, 0, row, groups,
                          scores(problem, row, groups), 0.0, p.message)
            entries.append(Entry(s, j))
        else:
            entries.append(Entry(s, None, str(p)))
    return Batch(tuple(entries), skipped, time.monotonic() - start, len(jobs), remembered)


@dataclass(frozen=True)
class Change:
    submission: str
    old: str          # "WA 30" (verdict and score), or "-" when the submission is new
    new: str


def batch_diff(batch: dict[str, Any], old: dict[str, Any]) -> list[Change]:
    """The submissions whose verdict or score changed since `old` (an earlier batch's --json): the list a
    judge admin needs after strengthening the data."""
    def label(e: dict[str, Any] | None) -> str:
        if e is None:
            return "-"
        return f"{e.get('verdict')} {e.get('score')}" if e.get("verdict") else f"error {e.get('error')}"

    try:
        before = {e["submission"]: e for e in old["submissions"]}
    except (KeyError, TypeError) as e:
        raise OjpackError(f"--diff: not a batch's JSON (no submissions list: {e})") from None
    out = []
    for e in batch["submissions"]:
        was, now = label(before.get(e["submission"])), label(e)
        if was != now:
            out.append(Change(e["submission"], was, now))
    return out
