"""`ojpack judge`: one submitted source file on every test, as a judge would score it."""

from __future__ import annotations

import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..testdata import ensure_built
from ..cache import cache_for
from ..errors import OjpackError, require_utf8_name
from .checker import load_checker
from .multipass import load_judge
from ..sandbox import CompileError, language_of, link_of, prepare
from .execute import Cell, Job, execute, problem_limits
from ..problem import Problem
from .scoring import SubtaskScore, score_subtasks, tidy
from .verdicts import Verdict, judged


@dataclass(frozen=True)
class Judgement:
    source: Path
    language: str
    verdict: Verdict
    score: float
    cells: tuple[Cell, ...]
    groups: tuple[str, ...]            # the group of each cell
    subtasks: tuple[SubtaskScore, ...]
    seconds: float
    compile_error: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "source": str(self.source), "language": self.language, "verdict": str(self.verdict),
            "score": self.score, "max_score": sum(s.max for s in self.subtasks),
            "compile_error": self.compile_error, "seconds": round(self.seconds, 2),
            "subtasks": [{"group": s.group, "score": s.score, "max": s.max, "verdict": str(s.verdict)}
                         for s in self.subtasks],
            "tests": [{"name": c.test, "group": g, "verdict": str(c.verdict), "share": c.share, "time": c.time,
                       "memory": c.memory,
                       "message": c.message, **({"last_moves": c.transcript} if c.transcript else {})}
                      for c, g in zip(self.cells, self.groups)],
        }


def judge(problem: Problem, source: Path, lang: str | None = None, workers: int | None = None,
          on_done: Callable[[int, int], None] | None = None) -> Judgement:
    start = time.monotonic()
    require_utf8_name(str(source))
    if (problem.spec.kind == "output_only" and not source.is_file()) or (source.is_file() and zipfile.is_zipfile(source)):
        return _outputs(problem, source, start)
    lang = lang or _listed_language(problem, source)
    language = language_of(source, lang)
    tests = ensure_built(problem)
    cache_dir = cache_for(problem.root).dir
    lim = problem.spec.limits
    groups = tuple(t.group for t in tests)
    try:
        program = prepare(source, cache_dir, lang, memory_mib=lim.memory, includes=problem.includes(),
                          link=link_of(problem))
    except CompileError as e:
        cells = tuple(Cell(t.id, Verdict.CE, 0.0, 0.0, 0.0) for t in tests)
        return Judgement(source, language.name, Verdict.CE, 0, cells, groups,
                         scores(problem, cells, groups), time.monotonic() - start, e.message)
    checker = load_judge(problem, cache_dir)
    done = [0]

    def tick(_job: Job, _cell: Cell) -> None:
        done[0] += 1
        if on_done:
            on_done(done[0], len(tests))

    limits = problem_limits(problem)
    got = execute([Job("submission", program, t) for t in tests], limits, lim.time, checker, workers, tick)
    cells = tuple(got[("submission", t.id)] for t in tests)
    subtasks = scores(problem, cells, groups)
    total = tidy(sum(s.score for s in subtasks))
    verdict = judged(problem.spec.judging, list(zip(groups, (c.verdict for c in cells))))
    return Judgement(source, language.name, verdict, total,
                     cells, groups, subtasks, time.monotonic() - start)


def _outputs(problem: Problem, source: Path, start: float) -> Judgement:
    """An output-only submission (a zip or a folder of outputs): each file judged by the checker."""
    from .outputonly import judge_outputs, read_outputs

    if problem.spec.kind != "output_only":
        raise OjpackError(f"{source}: a zip of outputs is judged only on a `kind: output_only` task")
    outputs = read_outputs(source)
    tests = ensure_built(problem)
    cells = tuple(judge_outputs(tests, outputs, load_checker(problem, cache_for(problem.root).dir)))
    groups = tuple(t.group for t in tests)
    subtasks = scores(problem, cells, groups)
    verdict = judged(problem.spec.judging, list(zip(groups, (c.verdict for c in cells))))
    return Judgement(source, "output files", verdict, tidy(sum(s.score for s in subtasks)), cells, groups,
                     subtasks, time.monotonic() - start)


def scores(problem: Problem, cells: tuple[Cell, ...], groups: tuple[str, ...]) -> tuple[SubtaskScore, ...]:
    return score_subtasks(problem, [(g, c.verdict, c.share) for c, g in zip(cells, groups)])


def _listed_language(problem: Problem, source: Path) -> str | None:
    """The language problem.yaml's solutions.languages gives a file of the package (None: not listed)."""
    try:
        return problem.language_of(source.resolve().relative_to(problem.root.resolve()).as_posix())
    except ValueError:   # a file outside the package
        return None
