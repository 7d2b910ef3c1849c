"""Verdicts → points, by the problem's scoring rule (problem.yaml `scoring`, problem/points.py).

A min subtask (IOI's rule) earns its score only when every one of its tests passes; a sum subtask earns the
points of each of its tests that passes (`points_per_test`). The sample tests earn nothing. Either way a
subtask's verdict is its first failing test's (or AC). `judge` scores a submission with it and `check` holds
partial solutions to their declared scores with the same function."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..problem import Problem, aggregation, points_per_test
from .verdicts import Verdict, overall


@dataclass(frozen=True)
class SubtaskScore:
    group: str
    max: int
    score: int
    verdict: Verdict       # the subtask's first failing verdict, or AC
    aggregation: str = "min"   # min: all or nothing; sum: the points of its passing tests


def score_subtasks(problem: Problem, verdicts: Sequence[tuple[str, Verdict]]) -> tuple[SubtaskScore, ...]:
    """`verdicts`: (group, verdict) per test in test order; tests of other groups (the sample) score 0."""
    points = points_per_test(problem.spec)
    out = []
    for sub in problem.spec.subtasks:
        mine = [v for g, v in verdicts if g == sub.group]
        rule = aggregation(problem.spec, sub.group)
        earned = _summed(points.get(sub.group, ()), mine) if rule == "sum" else _all_or_nothing(sub.score, mine)
        out.append(SubtaskScore(sub.group, sub.score, earned, overall(mine), rule))
    return tuple(out)


def _all_or_nothing(score: int, verdicts: Sequence[Verdict]) -> int:
    return score if all(v is Verdict.AC for v in verdicts) else 0


def _summed(points: Sequence[int], verdicts: Sequence[Verdict]) -> int:
    """Each passing test's points (a test missing from `verdicts` earns nothing)."""
    return sum(p for p, v in zip(points, verdicts) if v is Verdict.AC)
