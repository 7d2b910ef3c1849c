"""Verdicts → points, by the problem's scoring rule (problem.yaml `scoring`).

The one rule today is IOI's: a subtask earns its score only when every one of its tests passes (the
minimum over its tests), and the sample tests earn nothing. `judge` scores a submission with it and
`check` holds partial solutions to their declared scores with the same function."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..problem import Problem
from .verdicts import Verdict, overall


@dataclass(frozen=True)
class SubtaskScore:
    group: str
    max: int
    score: int
    verdict: Verdict       # the subtask's first failing verdict, or AC


def score_subtasks(problem: Problem, verdicts: Sequence[tuple[str, Verdict]]) -> tuple[SubtaskScore, ...]:
    """`verdicts`: (group, verdict) per test in test order; tests of other groups (the sample) score 0."""
    rule = problem.spec.scoring.subtask
    assert rule == "min", rule   # the schema admits no other rule yet
    out = []
    for sub in problem.spec.subtasks:
        verdict = overall([v for g, v in verdicts if g == sub.group])
        out.append(SubtaskScore(sub.group, sub.score, sub.score if verdict is Verdict.AC else 0, verdict))
    return tuple(out)
