"""problem.yaml's per-test points: how a subtask aggregates its tests (`scoring.subtask`, a subtask's own
`aggregation`) and what each test of a sum subtask is worth. A part of the schema's checks (schema.ProblemSpec
runs `check_points`), kept apart to keep schema.py small.

min: the subtask earns its score only when every one of its tests passes. sum: each test earns its own
points when it passes, and the subtask earns their sum. A sum subtask's tests either all carry `points:`
(adding up exactly to the subtask's score) or none does: then the score is split evenly in integers, the
first `score mod n` tests in plan order getting one point more."""

from __future__ import annotations

from typing import Any, Literal, get_args

from .strict import Invalid

Aggregation = Literal["min", "sum"]
AGGREGATIONS: tuple[str, ...] = get_args(Aggregation)
MIN, SUM = AGGREGATIONS


def aggregation(spec: Any, group: str) -> Aggregation:
    """How the subtask of `group` aggregates its tests: its own `aggregation`, else `scoring.subtask`.
    Groups that are no subtask (the sample) earn nothing; they read as min."""
    sub = next((s for s in spec.subtasks if s.group == group), None)
    if sub is None:
        return MIN
    return sub.aggregation or spec.scoring.subtask


def even_split(score: int, n: int) -> tuple[int, ...]:
    """`score` split over `n` tests in integers: the first `score mod n` get one point more."""
    base, extra = divmod(score, n)
    return tuple(base + (1 if i < extra else 0) for i in range(n))


def points_per_test(spec: Any) -> dict[str, tuple[int, ...]]:
    """Each sum subtask's group -> the points of its tests, in plan order (a test earns them when it passes).
    Min subtasks are left out: their tests earn nothing on their own."""
    out: dict[str, tuple[int, ...]] = {}
    for sub in spec.subtasks:
        lines = spec.tests.get(sub.group) or []
        if aggregation(spec, sub.group) != SUM or not lines:
            continue
        given = [t.points for t in lines]
        out[sub.group] = tuple(given) if None not in given else even_split(sub.score, len(lines))  # type: ignore[arg-type]
    return out


def check_points(spec: Any) -> None:
    """A test's `points` only in a sum subtask; a sum subtask's tests all carry them, adding up to its score, or
    none does. A pass-fail problem's one group is all or nothing."""
    if spec.pass_fail and spec.scoring.subtask == SUM:
        raise Invalid(("scoring", "subtask"), "a pass-fail problem is all or nothing: its rule is min; for "
                                              "points per test make it a scoring problem with subtasks", SUM)
    for i, sub in enumerate(spec.subtasks):
        if sub.aggregation is not None and spec.pass_fail:
            raise Invalid(("subtasks", i, "aggregation"), "a pass-fail problem has no subtasks")
    for g, lines in spec.tests.items():
        carried = [j for j, t in enumerate(lines) if t.points is not None]
        if not carried:
            continue
        at = ("tests", g, carried[0], "points")
        if g == "sample":
            raise Invalid(at, "the sample tests are worth nothing (scoring.sample: 0); remove 'points'")
        if aggregation(spec, g) != SUM:
            raise Invalid(at, f"'points' are for a test of a sum subtask; subtask {g!r} aggregates by min "
                              "(give it `aggregation: sum`, or set scoring.subtask: sum)")
        if len(carried) != len(lines):
            missing = next(j for j, t in enumerate(lines) if t.points is None)
            raise Invalid(("tests", g, missing), f"give 'points' to every test of sum subtask {g!r} or to none "
                                                 f"(none: its score is split evenly); tests.{g}[{carried[0]}] has them")
        total = sum(t.points for t in lines)
        score = next(s.score for s in spec.subtasks if s.group == g)
        if total != score:
            raise Invalid(("tests", g), f"the tests' points add up to {total}, not the score {score} of subtask {g!r}")
