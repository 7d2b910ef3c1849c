"""The Kattis/ICPC default output validator's flags → ojpack's checker rule (problem/kattisflags.py), with
what it does not know named in the report."""

from __future__ import annotations

from typing import Any

from ...problem import default_rule


def checker_rule(flags: list[str], notes: list[str], where: str) -> dict[str, Any]:
    rule, unknown = default_rule(flags)
    notes += [f"{where}: {why}: not carried over" for why in unknown]
    return rule
