"""`ojpack timelimit`: a time limit proposed from the package's own solutions, by one stated rule.

The accepted solutions run on every test and the time-limit ones (solutions/time_limit_exceeded/, or a
partial solution's subtasks that must end in TLE) on the tests they must fail, all with a generous cut-off
(CUTOFF x the larger of the current limit and the floor), so the times are measured rather than clipped.
Then, with S the slowest accepted run and F the fastest time-limit solution (its slowest run where it
must time out):

    limit = max(floor, S x AC_HEADROOM rounded up to the step)      step: 0.1 s below 10 s, 1 s above
    and it must stay below F / TLE_STRETCH

the same margins `ojpack check` holds a limit to (the slowest accepted run fits twice; a time-limit
solution still runs at 1.5x the limit). The floor (1 s by default) keeps the judge machine's noise, process
start and cold caches from deciding verdicts."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass

from ..cache import cache_for
from ..problem import Problem
from ..sandbox import link_of, prepare
from ..testdata import ensure_built
from .crosscheck import AC_HEADROOM, TLE_STRETCH
from .execute import Job, execute, problem_limits
from .multipass import load_judge
from .solutions import Solution, discover
from .verdicts import Verdict

CUTOFF = 3.0


@dataclass(frozen=True)
class Timing:
    solution: str
    seconds: float     # its slowest run (CPU) on the tests measured
    test: str
    cut: bool          # stopped at the cut-off: at least this slow


@dataclass(frozen=True)
class Proposal:
    limit: float | None          # None: no limit separates the accepted from the time-limit solutions
    current: float
    slowest_accepted: Timing | None
    fastest_tle: Timing | None
    below: float | None          # the proposal must stay under this (F / TLE_STRETCH)
    reasons: tuple[str, ...]


def _tle_groups(s: Solution, groups: list[str]) -> list[str]:
    """The groups where `s` must time out: all of them for a time-limit solution, or a partial one's TLE groups."""
    if s.partial:
        return [g for g, allowed in s.by_group.items() if allowed == {Verdict.TLE}]
    return list(groups) if s.expected == {Verdict.TLE} else []


def step_up(seconds: float) -> float:
    step = 0.1 if seconds < 10 else 1.0
    return round(math.ceil(seconds / step - 1e-9) * step, 1)


def measure(problem: Problem, floor: float = 1.0, workers: int | None = None,
            progress: Callable[[int, int], None] = lambda done, total: None) -> tuple[list[Timing], list[Timing]]:
    """(accepted timings, time-limit timings), each solution's slowest run; `progress(runs done, runs at most)`
    after each run (a time-limit solution's chain stops at its first timeout, so the total is a bound)."""
    tests = ensure_built(problem)
    cache_dir = cache_for(problem.root).dir
    lim = problem.spec.limits
    cutoff = CUTOFF * max(lim.time, floor)
    checker = load_judge(problem, cache_dir)
    jobs, chained, roles = [], set(), {}
    for s in discover(problem):
        if s.must_pass:
            mine, roles[s.name] = tests, "ac"
        elif groups := _tle_groups(s, ["sample", *problem.groups]):
            mine, roles[s.name] = [t for t in tests if t.group in groups], "tle"
            chained.add(s.name)
        else:
            continue
        program = prepare(s.path, cache_dir, s.lang, memory_mib=lim.memory, includes=problem.includes(),
                          link=link_of(problem))
        jobs += [Job(s.name, program, t) for t in mine]
    done = itertools.count(1)
    progress(0, len(jobs))
    cells = execute(jobs, problem_limits(problem, cutoff), cutoff, checker, workers,
                    on_done=lambda _j, _c: progress(next(done), len(jobs)),
                    chain_of=lambda j: j.owner if j.owner in chained else None)
    slowest: dict[str, Timing] = {}
    for (owner, test), cell in cells.items():
        t = Timing(owner, cell.time, test, cell.verdict is Verdict.TLE)
        if owner not in slowest or t.seconds > slowest[owner].seconds:
            slowest[owner] = t
    return ([t for n, t in slowest.items() if roles[n] == "ac"], [t for n, t in slowest.items() if roles[n] == "tle"])


def propose(accepted: list[Timing], tle: list[Timing], current: float, floor: float = 1.0) -> Proposal:
    s = max(accepted, key=lambda t: t.seconds, default=None)
    f = min(tle, key=lambda t: t.seconds, default=None)
    reasons = []
    wanted = step_up(s.seconds * AC_HEADROOM) if s else 0.0
    limit = max(floor, wanted)
    if s:
        reasons.append(f"the slowest accepted run is {s.seconds:.3f} s ({s.solution} on {s.test}); "
                       f"x{AC_HEADROOM:g} rounded up: {wanted:g} s")
    else:
        reasons.append("no accepted solution to measure")
    if limit > wanted:
        reasons.append(f"raised to the floor of {floor:g} s (below it, machine noise decides verdicts)")
    below = None
    if f:
        below = f.seconds / TLE_STRETCH
        at_least = "at least " if f.cut else ""
        reasons.append(f"the fastest time-limit solution takes {at_least}{f.seconds:.3f} s ({f.solution} on {f.test}): "
                       f"the limit must stay below it / {TLE_STRETCH:g} = {below:.2f} s")
        if limit >= below and not f.cut:
            reasons.append(f"no limit separates them: {limit:g} s is not below {below:.2f} s; make the slow solution "
                           "slower (bigger tests) or the accepted ones faster")
            return Proposal(None, current, s, f, below, tuple(reasons))
    else:
        reasons.append("no time-limit solution: nothing bounds the limit from above")
    if limit == current:
        reasons.append(f"the current limit, {current:g} s, is the proposal")
    elif (below is None or current < below) and s and current >= s.seconds * AC_HEADROOM and current >= floor:
        reasons.append(f"the current limit, {current:g} s, also keeps both margins")
    return Proposal(limit, current, s, f, below, tuple(reasons))
