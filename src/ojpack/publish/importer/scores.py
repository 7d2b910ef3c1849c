"""The points of a scoring problem's test groups, as ICPC 2025-09 (`test_group.yaml`), 2023-07 and legacy
Kattis (`testdata.yaml`) and BAPCtools' generators.yaml (a directory's `test_group.yaml:` mapping) give them.

A group's points: `max_score` (2025-09), else `score` or `scoring.score` (drafts), else `accept_score`, else
the top of `range`. ojpack's subtasks are all-or-nothing and add up to 100 (writer.scale_scores says when
points are scaled); a group whose tests are summed (`score_aggregation: sum`, a legacy `grading: sum`) is
named, since ojpack cannot give part of its points.
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
    """The group's points are the sum of its tests' (ojpack gives a subtask's points all or nothing)."""
    scoring = meta.get("scoring") if isinstance(meta.get("scoring"), dict) else {}
    return "sum" in (str(meta.get("score_aggregation", "")), str(scoring.get("aggregation", "")),
                     str(meta.get("grading", "")))
