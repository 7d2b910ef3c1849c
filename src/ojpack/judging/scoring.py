"""Verdicts → points, by the problem's scoring rule (problem.yaml `scoring`, problem/points.py).

A min subtask (IOI's rule) earns its score only when every one of its tests passes; a sum subtask earns the
points of each of its tests that passes (`points_per_test`). The sample tests earn nothing. Either way a
subtask's verdict is its first failing test's (or AC). `judge` scores a submission with it and `check` holds
partial solutions to their declared scores with the same function.

A test earns a share of its points: 1 accepted, 0 failed, the checker's fraction when partially correct (PC,
partial.py). So a min subtask earns its score times the smallest share among its tests (CMS' GroupMin on
float outcomes), a sum subtask each test's points times its share. Scores may then have fractions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..problem import Problem, aggregation, points_per_test
from .verdicts import Verdict, overall


@dataclass(frozen=True)
class SubtaskScore:
    group: str
    max: int
    score: float           # whole unless a checker gave part of a test's points (then rounded to 1e-6)
    verdict: Verdict       # the subtask's first failing verdict, or AC
    aggregation: str = "min"   # min: all or nothing; sum: the points of its passing tests


SCORE_TOLERANCE = 0.005   # a declared score (two decimals, as Kattis' @EXPECTED_SCORE@ gives it) matches within this
Outcome = tuple[str, Verdict] | tuple[str, Verdict, float]   # (group, verdict[, share of the test's points])


def score_subtasks(problem: Problem, verdicts: Sequence[Outcome]) -> tuple[SubtaskScore, ...]:
    """`verdicts`: (group, verdict, share) per test in test order (without a share: 1 for AC, else 0); tests of
    other groups (the sample) score 0."""
    points = points_per_test(problem.spec)
    out = []
    for sub in problem.spec.subtasks:
        mine = [(o[1], _share(o)) for o in verdicts if o[0] == sub.group]
        shares = [x for _, x in mine]
        rule = aggregation(problem.spec, sub.group)
        earned = _summed(points.get(sub.group, ()), shares) if rule == "sum" else sub.score * min(shares, default=1.0)
        out.append(SubtaskScore(sub.group, sub.score, tidy(earned), overall([v for v, _ in mine]), rule))
    return tuple(out)


def _share(outcome: Outcome) -> float:
    if len(outcome) == 3:
        return outcome[2]   # type: ignore[misc]
    return 1.0 if outcome[1] is Verdict.AC else 0.0


def _summed(points: Sequence[int], shares: Sequence[float]) -> float:
    """Each test's points times its share (a test missing from `shares` earns nothing)."""
    return sum(p * x for p, x in zip(points, shares))


def tidy(score: float) -> float:
    """A score as shown and compared: whole numbers as ints, else rounded to 1e-6 (float sums drift)."""
    rounded = round(score, 6)
    return int(rounded) if rounded == int(rounded) else rounded
