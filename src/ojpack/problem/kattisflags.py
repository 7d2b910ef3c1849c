"""Kattis' default output validator flags → ojpack's token / float rule (as `checker:` fields).

`case_sensitive` and `space_change_sensitive` carry over as they are; `float_tolerance E` (both tolerances),
`float_absolute_tolerance E` and `float_relative_tolerance E` make the rule `type: float`. The default
validator compares case-insensitively unless told. Used by the importers (the whole package's flags) and by
a test line's `checker_args` (that test's own flags, when the checker is the token or float rule).
"""

from __future__ import annotations

import math
from typing import Any

TOLERANCES = {"float_tolerance": ("absolute", "relative"), "float_absolute_tolerance": ("absolute",),
              "float_relative_tolerance": ("relative",)}
SWITCHES = ("case_sensitive", "space_change_sensitive")


def default_rule(flags: list[str]) -> tuple[dict[str, Any], list[str]]:
    """The rule the default validator follows with `flags`, and what in them it does not know (said as a
    phrase each: an unknown flag, a tolerance without a number)."""
    rule: dict[str, Any] = {"type": "tokens", "case_sensitive": False}
    unknown: list[str] = []
    tolerances: dict[str, float] = {}
    i = 0
    while i < len(flags):
        flag = flags[i]
        if flag in SWITCHES:
            rule[flag] = True
        elif flag in TOLERANCES:
            value = _number(flags[i + 1]) if i + 1 < len(flags) else None
            if value is None:
                unknown.append(f"{flag} without a number after it")
            else:
                tolerances.update({k: value for k in TOLERANCES[flag]})
                i += 1
        else:
            unknown.append(f"default validator flag {flag!r} is not one ojpack knows")
        i += 1
    if tolerances:
        rule = {"type": "float", **{k: v for k, v in rule.items() if k != "type"}, **tolerances}
    return rule, unknown


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) and value >= 0 else None
