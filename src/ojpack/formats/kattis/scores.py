"""The points of a scoring problem's test groups, as ICPC 2025-09 (`test_group.yaml`), 2023-07 and legacy
Kattis (`testdata.yaml`) and BAPCtools' generators.yaml (a directory's `test_group.yaml:` mapping) give them.

A group's points: `max_score` (2025-09), else `score` or `scoring.score` (drafts), else `accept_score`, else
the top of `range`; ojpack's subtask scores add up to 100 (writer.scale_scores says when points are scaled).
A group whose tests are summed becomes a sum subtask (common/points.py): 2025-09 `score_aggregation: sum`,
2023-07 `scoring: {aggregation: sum}`, a draft's `grading: sum` (its points split evenly over its tests,
as the spec gives each test max_score / N), and a legacy group judged on past a failing test (`on_reject:
continue`) whose default grader sums (`grader_flags` naming no other score mode), each test earning
`accept_score` (default 1): the group's points are that times its tests, at most the top of `range`.
"""

from __future__ import annotations

from typing import Any


def is_scoring(meta: dict[str, Any]) -> bool:
    """problem.yaml's type: `scoring` (legacy, 2023-07) or a 2025-09 list or string naming it."""
    kind = meta.get("type")
    return "scoring" in (kind if isinstance(kind, list) else str(kind or "").split())


def group_score(meta: dict[str, Any]) -> float | None:
    """The points a group's settings give it (None: not given there)."""
    scoring = meta.get("scoring") if isinstance(meta.get("scoring"), dict) else {}
    score = meta.get("max_score", meta.get("score", scoring.get("score", meta.get("accept_score"))))
    if score is None and meta.get("range"):
        score = str(meta["range"]).split()[-1]
    try:
        return float(score) if score is not None and not isinstance(score, bool) else None
    except (TypeError, ValueError):
        return None


def summed(meta: dict[str, Any]) -> bool:
    """The group's points (its max_score) are the sum of its tests', split evenly (2025-09, 2023-07, drafts)."""
    scoring = meta.get("scoring") if isinstance(meta.get("scoring"), dict) else {}
    return "sum" in (str(meta.get("score_aggregation", "")), str(scoring.get("aggregation", "")),
                     str(meta.get("grading", "")))


SCORE_MODES = ("sum", "avg", "min", "max")


def legacy_summed(chain: list[dict[str, Any]]) -> bool:
    """Legacy Kattis: a group's testdata.yaml and its ancestors' (nearest first; each key from the nearest file
    that has it) make the default grader add up its tests' scores, judging them all."""
    def key(name: str, default: str) -> str:
        return str(next((m[name] for m in chain if m.get(name) is not None), default))
    modes = [f for f in key("grader_flags", "").split() if f in SCORE_MODES]
    return key("grading", "default") == "default" and key("on_reject", "break") == "continue" and \
        (modes or ["sum"])[-1] == "sum"


def legacy_total(chain: list[dict[str, Any]], tests: int) -> float:
    """A legacy summed group's points: each test's accept_score (default 1) times its tests, at most the top
    of its own `range` (without an accept_score, that top: score.txt gives the tests' scores)."""
    each = next((m["accept_score"] for m in chain if m.get("accept_score") is not None), None)
    top = str(chain[0].get("range", "")).split()[-1:] if chain else []
    try:
        if each is None and top:   # the tests' scores come from score.txt: the group's range is its points
            return float(top[0])
        total = float(1 if each is None else each) * tests
        return min(total, float(top[0])) if top else total
    except (TypeError, ValueError):
        return float(tests)
