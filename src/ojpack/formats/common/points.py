"""A summed group's points per test, as ojpack's sum subtasks hold them: integers adding up exactly to the
subtask's (scaled) score, in proportion to the source's own points per test (largest remainders, ties to
the earlier test, as writer.scale_scores scales the groups)."""

from __future__ import annotations

from collections.abc import Sequence

from ...problem import even_split
from .writer import SubtaskIn, TestIn


def scale_points(raw: Sequence[float], score: int) -> list[int]:
    """`raw` (the source's points per test, not all 0) in integers adding up to `score`."""
    total = sum(raw)
    shares = [score * p / total for p in raw]
    out = [int(s) for s in shares]
    for i in sorted(range(len(raw)), key=lambda i: shares[i] - out[i], reverse=True)[:score - sum(out)]:
        out[i] += 1
    return out


def summed_subtask(sub: SubtaskIn, tests: Sequence[TestIn], raw: Sequence[float] | None = None) -> None:
    """Make `sub` a sum subtask over its `tests` (in plan order): with the source's `raw` points per test,
    its score split in proportion to them; without (equal points), split evenly (no `points:` lines). One test
    earns the same under either rule: its subtask stays min."""
    if len(tests) < 2:
        return
    sub.aggregation = "sum"
    points = scale_points(raw, sub.score) if raw and sum(raw) > 0 else None
    even = points is None or points == list(even_split(sub.score, len(tests)))
    for t, p in zip(tests, points or [None] * len(tests)):
        t.points = None if even else p
