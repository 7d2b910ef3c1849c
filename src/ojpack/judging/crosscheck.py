"""`ojpack check`: every solution on every test against its expected verdicts, the data's strength
(which tests kill which wrong solution, the smallest killing set), the time-limit margins, and the
exhaustive proof."""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

from ..testdata import ensure_built
from ..cache import cache_for, key, tree_digest
from .aside import Aside
from .blame import model_disagreements
from .checker import checker_identity
from .multipass import judge_identity, load_judge
from ..sandbox import CompileError, Link, Program, ToolMissing, link_of, prepare
from ..testdata import compare_twin, fingerprint
from .execute import (Cell, Chain, Engine, FirstFailure, Job, LocalEngine, Memo, at_margin, limits_for, problem_limits,
                      rerun_slow)
from .killset import GroupStrength, group_strength, smallest_killing_set
from ..errors import OjpackError
from ..problem import Problem, aggregation
from .proof import ProofResult, make_batches, run_proof
from .rundetail import record_runs
from .scoring import SCORE_TOLERANCE, SubtaskScore, score_subtasks, tidy
from .solutions import Solution, discover, solutions_dir
from .verdicts import Verdict, deviations, group_deviations, judged

AC_HEADROOM = 2.0   # the slowest accepted run must fit the limit twice (Kattis' safety margin)
# Verdicts whose runs cost a limit's worth each (CPU to the cut-off, memory to the cap, output to the cap):
# a solution meant to end that way stops at its first failing test. A wrong answer or a crash is cheap and
# its whole row feeds the killing set.
COSTLY = frozenset({Verdict.TLE, Verdict.MLE, Verdict.OLE})
TLE_STRETCH = 1.5   # a time-limit solution must still be running at 1.5x the limit (ICPC's time_limit_to_tle)


T = TypeVar("T")


@dataclass(frozen=True)
class Row:
    solution: Solution
    cells: tuple[Cell, ...]            # in test order
    verdict: Verdict
    faults: tuple[str, ...]            # how it breaks its expectation
    compile_error: str | None = None
    subtasks: tuple[SubtaskScore, ...] = ()   # what it scores per subtask, by the problem's rule
    skipped: tuple[str, ...] = ()      # tests not run: its verdict was settled before them (see `check`)
    extra_time: bool = False           # as expected only at the limit x limits.safety_margin (the verdict's)

    @property
    def score(self) -> float:
        return tidy(sum(s.score for s in self.subtasks))

    @property
    def kills(self) -> list[str]:
        return [c.test for c in self.cells if c.verdict is not Verdict.AC]


@dataclass(frozen=True)
class Margins:
    time_limit: float
    slowest_accepted: float            # CPU seconds; 0 with no accepted run
    slowest_accepted_at: str
    slow_solutions: dict[str, float]   # time-limit solution -> its slowest run

    def faults(self) -> list[str]:
        out = []
        if self.slowest_accepted * AC_HEADROOM > self.time_limit:
            out.append(f"time limit {self.time_limit:g} s leaves less than {AC_HEADROOM:g}x headroom: "
                       f"{self.slowest_accepted_at} takes {self.slowest_accepted:.3f} s")
        for name, slowest in self.slow_solutions.items():
            if slowest < TLE_STRETCH * self.time_limit:
                out.append(f"{name}: slowest run {slowest:.3f} s is not clearly over the limit "
                           f"(needs >= {TLE_STRETCH:g}x = {TLE_STRETCH * self.time_limit:g} s)")
        return out


@dataclass(frozen=True)
class CheckReport:
    tests: tuple[str, ...]
    rows: tuple[Row, ...]
    killing_set: tuple[str, ...]
    killing_set_exact: bool
    strength: tuple[GroupStrength, ...]   # the killing set per subtask
    margins: Margins
    proof: ProofResult | None
    seconds: float
    problems: tuple[str, ...] = field(default=())
    phases: dict[str, float] = field(default_factory=dict)   # where the time went: compile, runs, proof
    quick: bool = False                   # wrong solutions stopped at their first failure: no data strength
    verdict_rule: str = "every_test"      # problem.yaml's judging.verdict, the rule the faults were found by

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok, "quick": self.quick, "verdict_rule": self.verdict_rule, "problems": list(self.problems),
            "seconds": round(self.seconds, 2),
            "phases": {k: round(v, 2) for k, v in self.phases.items()},
            "tests": list(self.tests),
            "solutions": [{
                "name": r.solution.name, "path": r.solution.rel,
                "expected": [v.value for v in Verdict if v in r.solution.expected],
                "expected_subtasks": {g: [v.value for v in Verdict if v in vs]
                                      for g, vs in r.solution.by_group.items()},
                "expected_score": r.solution.score,
                **({"expected_score_range": list(r.solution.score_range)} if r.solution.score_range else {}),
                "verdict": str(r.verdict), "ok": not r.faults, "faults": list(r.faults), "extra_time": r.extra_time,
                "score": r.score,
                "subtasks": [{"group": s.group, "score": s.score, "max": s.max, "verdict": str(s.verdict)}
                             for s in r.subtasks],
                "compile_error": r.compile_error, "killed_by": r.kills if not r.solution.must_pass else [],
                "cells": [{"test": c.test, "verdict": str(c.verdict), "share": c.share, "time": c.time,
                           "memory": c.memory}
                          for c in r.cells],
                "skipped": list(r.skipped),
            } for r in self.rows],
            # --quick ran too little to say which tests kill what: null, not an empty (= "none needed") set
            "killing_set": None if self.quick else list(self.killing_set), "killing_set_exact": self.killing_set_exact,
            "subtask_strength": [{"group": g.group, "killing_set": list(g.killing_set), "exact": g.exact,
                                  "killed": list(g.killed), "survivors": list(g.survivors)} for g in self.strength],
            "margins": {"time_limit": self.margins.time_limit, "slowest_accepted": self.margins.slowest_accepted,
                        "slowest_accepted_at": self.margins.slowest_accepted_at,
                        "headroom": round(self.margins.time_limit / self.margins.slowest_accepted, 1)
                        if self.margins.slowest_accepted else None,
                        "slow_solutions": self.margins.slow_solutions},
            "proof": None if self.proof is None else {
                "cases": self.proof.cases, "files": self.proof.files, "ok": self.proof.ok,
                "search_seconds": round(self.proof.search_seconds, 3), "seconds": round(self.proof.seconds, 2),
                "solutions": self.proof.solutions, "failures": list(self.proof.failures),
                "boxes": self.proof.boxes},
        }


Progress = Callable[[str, int, int], None]   # (stage, done, total)


def check(problem: Problem, workers: int | None = None, proof: bool = True,
          progress: Progress | None = None, fresh: bool = False, full: bool = False,
          quick: bool = False, engine: Engine | None = None,
          beside: Callable[[AbstractContextManager[object]], object] | None = None) -> CheckReport:
    """`fresh` runs everything again instead of reusing remembered runs of unchanged programs on
    unchanged tests. A solution that must fail and may not pass in a costly way (time, memory or output
    limit) stops at its first failing test, where its verdict is settled, unless `full` asks for the whole
    matrix. `quick` stops every solution that must fail there (BAPCtools' default): the expectations are
    checked by the first failing verdict alone, and data strength (the killing sets) is not computed.
    Under problem.yaml's first-failure rule (`judging: {verdict: first_failure}`) that is what the rule
    asks, and every solution but the ones that must pass stops so, unless `full`: at its first failing
    test when one group carries all the points (a pass-fail problem: a failing sample rejects it), at its
    first failing test of each subtask when several do, and always so for a solution with per-subtask
    expectations (a subtask's points need its own tests; a failing one settles them at 0). A sum subtask
    (problem/points.py) is never cut short: each of its tests earns its own points.
    `engine`: where the solutions' runs go (default: the local pool); the proof and the re-measuring of
    slow accepted runs stay on this machine. `beside(gate)`: the caller's work done beside the runs, each of
    its programs run holding `gate` (a side turn, aside.py), e.g. `ojpack check`'s quick validator strength;
    the check ends when it has, and raises what it raised."""
    if quick and full:
        raise OjpackError("--quick and --full exclude each other: --quick stops wrong solutions early, "
                          "--full runs the whole matrix")
    local = engine.workers if isinstance(engine, LocalEngine) else workers
    with Aside(local) as aside:
        if engine is None or isinstance(engine, LocalEngine):   # a cluster's runs do not compete with it
            engine = replace(engine or LocalEngine(workers), turns=aside.turns)
        return _check(problem, workers, proof, progress, fresh, full, quick, engine, aside, beside)


def _check(problem: Problem, workers: int | None, proof: bool, progress: Progress | None, fresh: bool, full: bool,
           quick: bool, engine: Engine | None, aside: Aside,
           beside: Callable[[AbstractContextManager[object]], object] | None = None) -> CheckReport:
    start = time.monotonic()
    tests = ensure_built(problem)
    solutions = discover(problem)
    cache_dir = cache_for(problem.root).dir
    checker = load_judge(problem, cache_dir)
    lim = problem.spec.limits
    phases = {"data": time.monotonic() - start}
    proving = proof and problem.spec.proof is not None
    # The work that needs no solution (after the runs it was a tail of its own) goes beside the runs; with no
    # proof to wait for its batches, it starts now, beside the compiles.
    side = [(compare_twin, (problem, tests, workers, aside.gate))] + ([(beside, (aside.gate,))] if beside else [])
    early = [] if proving else [aside.submit(fn, *args) for fn, args in side]
    programs = _compile_all(solutions, cache_dir, lim.memory, workers, problem.includes(), link_of(problem))
    phases["compile"] = time.monotonic() - start - sum(phases.values())
    accepted = [(s.name, p) for s in solutions if s.must_pass and isinstance(p := programs[s.name], Program)]
    batches = aside.submit(make_batches, problem, accepted, cache_dir, aside.gate) if proving else None
    # the proof waits for its batches: the rest of the side work takes its turns once they are made
    twin, *extra = early or [aside.submit(_after, batches, fn, *args) for fn, args in side]
    jobs = [Job(s.name, p, t) for s in solutions if isinstance(p := programs[s.name], Program) for t in tests]
    owners = {s.name: s for s in solutions}
    first_failure = problem.spec.judging.stops_early
    summed = {g for g in problem.groups if aggregation(problem.spec, g) == "sum"}

    def settles(job: Job) -> Hashable | None:
        """A solution that must time out (or run out of memory or output) and may not pass (overall, or in
        a subtask) runs those tests as one chain that stops at its first failing test: the verdict, and the subtask's zero score, are settled.
        Never in a sum subtask: its later tests still earn their points."""
        s = owners[job.owner]
        if job.test.group in summed:
            return None
        if first_failure and not full:
            # the first failing test settles the verdict (of the subtask, on a scoring problem); a solution
            # that must pass runs everything: its times set the margins and a slow run is measured again
            if s.must_pass:
                return None
            per_subtask = s.partial or len(problem.groups) > 1
            allowed = s.by_group.get(job.test.group) if s.partial else s.expected
            return FirstFailure(s.name, job.test.group if per_subtask else "", not allowed or bool(allowed & COSTLY))
        if problem.spec.judging.first_failure and not quick:   # worst_error, group rules: every test counts
            return None
        allowed = s.by_group.get(job.test.group) if s.partial else s.expected
        if full or not allowed or Verdict.AC in allowed or not (quick or allowed & COSTLY):
            return None
        return Chain(s.name, job.test.group if s.partial else "", bool(allowed & COSTLY))

    done = [0]

    def tick(stage: str, total: int) -> Callable[[Job, object], None]:
        def f(_job: Job, _cell: object) -> None:
            done[0] += 1
            if progress:
                progress(stage, done[0], total)
        return f

    judge_id = judge_identity(checker)
    memo = None if fresh else Memo(cache_dir / "runs", checker_identity(problem, cache_dir) + judge_id, traced=True)
    # runs go on to the safety margin's limit (problemtools judges there too), at least to 1.5x
    limits = problem_limits(problem, stretch=max(TLE_STRETCH, lim.safety_margin or 0))
    cells = (engine or LocalEngine(workers)).execute(jobs, limits, lim.time, checker, tick("solutions", len(jobs)),
                                                    memo, settles)
    # Before blaming the time limit or an accepted solution for slowness, measure its slow runs once more.
    must_pass = {s.name for s in solutions if s.must_pass}
    aside.open()
    slow = [j for j in jobs if j.owner in must_pass and _too_slow(cells[(j.owner, j.test.id)], lim.time)]
    if slow:
        aside.settle()   # measured again on a machine as quiet as it gets
        cells |= rerun_slow(slow, cells, limits, lim.time, checker)
    phases["runs"] = time.monotonic() - start - sum(phases.values())
    ids = tuple(t.id for t in tests)
    group_of = {t.id: t.group for t in tests}
    rows = tuple(_row(problem, s, programs[s.name], ids, group_of, cells) for s in solutions)
    kills = {r.solution.name: r.kills for r in rows if r.solution.must_fail}
    stopped = quick or (first_failure and not full)   # wrong solutions' rows end at their first failure
    chosen, exact = smallest_killing_set(kills, list(ids)) if not stopped else ([], False)
    strength = () if stopped else tuple(group_strength(g, [t for t in ids if group_of[t] == g], kills)
                                      for g in problem.groups)
    margins = _margins(rows, lim.time)
    proof_result = None
    if batches is not None:
        done[0] = 0
        total = [0]
        proof_result = run_proof(problem, accepted, checker, cache_dir, workers,  # type: ignore[arg-type]
                                 on_done=lambda j, c: tick("proof", total[0])(j, c),
                                 on_start=lambda n: total.__setitem__(0, n), fresh=fresh, batches=batches)
        phases["proof batches"] = proof_result.batch_seconds
        phases["proof runs"] = proof_result.seconds - proof_result.batch_seconds
    problems = [f"{r.solution.name}: {f}" for r in rows for f in r.faults] + margins.faults()
    problems += [f"validator twin: {d}" for d in twin.result().disagreements]
    for more in extra:
        more.result()
    if proof_result:
        problems += [f"proof: {f}" for f in proof_result.failures]
    # A wrong model answer makes every right solution look wrong: say that first.
    model = next((r.solution.name for r in rows if r.solution.rel == problem.spec.model_solution),
                 problem.spec.model_solution or "")
    problems[:0] = model_disagreements(model, [(r.solution.name, r.cells) for r in rows if r.solution.must_pass
                                               and r.compile_error is None], ids,
                                       proof_result.failures if proof_result else ())
    judge_errors = [c for r in rows for c in r.cells if c.verdict is Verdict.JE]
    if judge_errors:   # the checker failed: nothing else said about these runs can be trusted, so this first
        problems.insert(0, f"judge error (JE) on {len(judge_errors)} runs: {judge_errors[0].message}")
    # what each run left to look at (ojpack serve), remembered runs' included: they carry their traces
    try:
        record_runs(problem, [(r.solution.name, c) for r in rows for c in r.cells], {t.id: t for t in tests})
    except OSError:   # a read-only package is still checked; it keeps no details
        pass
    if not problems and (not quick or first_failure) and (proof_result or problem.spec.proof is None):
        cache_for(problem.root).put("check-pass", pass_key(problem), b"ok\n")
    return CheckReport(ids, rows, tuple(chosen), exact, strength, margins, proof_result,
                       time.monotonic() - start, tuple(problems), phases, stopped, problem.spec.judging.verdict)


def _after(first: Future[object] | None, fn: Callable[..., T], *args: object) -> T:
    """fn(*args) once `first` is done (its error stays in it)."""
    if first is not None:
        wait([first])
    return fn(*args)


def pass_key(problem: Problem) -> str:
    """Everything a full check's verdict depends on: the data's sources, the solutions, the checker and
    the toolkit itself."""
    extra = [problem.spec.checker.source, problem.spec.proof.generator if problem.spec.proof else None]
    interactor = [problem.spec.interactor.source] if problem.spec.interactor else []
    parts = [problem.path(solutions_dir(problem)), Path(__file__).parents[1], *(problem.path(p) for p in [*extra, *interactor] if p)]
    parts += problem.includes().values()   # solutions.include: files every solution is built with
    parts += [p for p in [problem.path("graders")] if p.exists()]   # graders, stubs and managers
    return key("check-pass", fingerprint(problem), *(tree_digest(p) for p in parts))


def passed_before(problem: Problem) -> bool:
    """True when a full check (proof included) passed on exactly these sources: export need not rerun it."""
    return cache_for(problem.root).get("check-pass", pass_key(problem)) is not None


def _compile_all(solutions: list[Solution], cache_dir, memory: int, workers: int | None, includes: dict[str, Path],
                 link: Link | None = None) -> dict[str, Program | CompileError]:
    def one(s: Solution) -> Program | CompileError:
        try:
            return prepare(s.path, cache_dir, s.lang, memory_mib=memory, includes=includes, link=link)
        except CompileError as e:
            return e
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return dict(zip((s.name for s in solutions), pool.map(one, solutions)))


def _row(problem: Problem, s: Solution, program: Program | CompileError, ids: tuple[str, ...],
         group_of: dict[str, str], cells: dict[tuple[str, str], Cell]) -> Row:
    if isinstance(program, CompileError):
        mine = tuple(Cell(t, Verdict.CE, 0.0, 0.0, 0.0, program.message) for t in ids)
        if isinstance(program, ToolMissing):   # not judged at all: whatever it expects, that is not met
            faults: tuple[str, ...] = (f"not judged: {program.message}",)
        else:
            faults = () if Verdict.CE in s.expected else (f"compilation failed: {program.message.splitlines()[0]}",)
        return Row(s, mine, Verdict.CE, faults, program.message,
                   score_subtasks(problem, [(group_of[c.test], c.verdict) for c in mine]))
    mine = tuple(cells[(s.name, t)] for t in ids if (s.name, t) in cells)
    skipped = tuple(t for t in ids if (s.name, t) not in cells)
    rule = problem.spec.judging
    verdict = judged(rule, [(group_of[c.test], c.verdict) for c in mine])
    # A test skipped once its chain's verdict was settled fails as that chain's failing test did: only tests
    # where the solution may not pass (its subtask then scores nothing anyway) are ever cut short.
    settled = {group_of[c.test]: c.verdict for c in reversed(mine) if c.verdict is not Verdict.AC}
    scores = score_subtasks(problem, [(group_of[c.test], c.verdict, c.share) for c in mine]
                            + [(group_of[t], settled.get(group_of[t], verdict), 0.0) for t in skipped])
    first = rule.first_failure
    faults = deviations(s.expected, [(c.test, c.verdict) for c in mine], first, verdict)
    faults += group_deviations(s.by_group, [(c.test, group_of[c.test], c.verdict) for c in mine], first, rule)
    got = tidy(sum(x.score for x in scores))
    if s.score is not None and abs(got - s.score) > SCORE_TOLERANCE:
        faults.append(f"score {got}, expected {s.score} ("
                      + ", ".join(f"{x.group} {x.score}/{x.max}" for x in scores) + ")")
    if s.score_range is not None and not s.score_range[0] - SCORE_TOLERANCE <= got <= s.score_range[1] + SCORE_TOLERANCE:
        faults.append(f"score {got}, expected {s.score_range[0]:g} to {s.score_range[1]:g} ("
                      + ", ".join(f"{x.group} {x.score}/{x.max}" for x in scores) + ")")
    margin = problem.spec.limits.safety_margin
    if faults and margin and s.score is None and s.score_range is None:   # problemtools' "OK with extra time": judged at limit x margin
        high = [(c.test, group_of[c.test], at_margin(c, problem.spec.limits.time, margin)) for c in mine]
        total = judged(rule, [(g, v) for _, g, v in high])
        if not deviations(s.expected, [(t, v) for t, _, v in high], first, total) + \
                group_deviations(s.by_group, high, first, rule):
            return Row(s, mine, total, (), None, scores, skipped, extra_time=True)
    return Row(s, mine, verdict, tuple(faults), None, scores, skipped)


def _too_slow(cell: Cell, time_limit: float) -> bool:
    return cell.verdict is Verdict.TLE or cell.time * AC_HEADROOM > time_limit


def _tle_time(cell: Cell, time_limit: float) -> float:
    """A run the wall clock stopped never finished: on a loaded machine its CPU time can stay under the
    stretched limit, yet it is as clearly over the limit as one that used it all."""
    wall_limit = limits_for(time_limit, 0, 0, TLE_STRETCH).wall
    if cell.verdict is Verdict.TLE and cell.wall >= wall_limit * 0.98:
        return max(cell.time, TLE_STRETCH * time_limit)
    return cell.time


def _margins(rows: tuple[Row, ...], time_limit: float) -> Margins:
    slowest, where = 0.0, ""
    for r in rows:
        if r.solution.must_pass:
            for c in r.cells:
                if c.time > slowest:
                    slowest, where = c.time, f"{r.solution.name} on {c.test}"
    slow = {r.solution.name: max((_tle_time(c, time_limit) for c in r.cells), default=0.0) for r in rows
            # a solution allowed several failures (Polygon's REJECTED) need only be slow when it was slow
            if Verdict.TLE in r.solution.expected and Verdict.AC not in r.solution.expected
            and (r.solution.expected == {Verdict.TLE} or r.verdict is Verdict.TLE)}
    return Margins(time_limit, slowest, where, slow)
