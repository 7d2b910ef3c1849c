"""Multi-pass problems in Kattis / ICPC packages: 2023-07 and 2025-09 say `type: multi-pass` (alone or in a
list, e.g. with `interactive`), a few legacy-style packages `validation: custom multi-pass`; the most passes
are `limits.validation_passes` (2 when unset). ojpack's problem.yaml keeps it as `multi_pass: {passes: N}`."""

from __future__ import annotations

from typing import Any

from ...errors import OjpackError

DEFAULT_PASSES = 2


def kinds(meta: dict[str, Any]) -> str:
    """The problem's kinds as one string: `validation` (legacy) and `type` (a word or a list)."""
    kind = meta.get("type")
    listed = kind if isinstance(kind, list) else [kind if kind is not None else ""]
    return f"{meta.get('validation', '')} {' '.join(map(str, listed))}"


def passes_of(meta: dict[str, Any]) -> int | None:
    """The most passes of a multi-pass problem, or None for a problem run once."""
    if "multi-pass" not in kinds(meta):
        return None
    limits = meta.get("limits") if isinstance(meta.get("limits"), dict) else {}
    raw = limits.get("validation_passes", DEFAULT_PASSES)
    if isinstance(raw, bool) or not isinstance(raw, int) or not 2 <= raw <= 100:
        raise OjpackError(f"problem.yaml: limits.validation_passes: should be a whole number from 2 to 100 "
                          f"(got {raw!r})")
    return raw
