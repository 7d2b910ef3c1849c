"""The Kattis/ICPC default output validator's flags → ojpack's checker rule.

`case_sensitive` and `space_change_sensitive` carry over as they are; `float_tolerance E` (both tolerances),
`float_absolute_tolerance E` and `float_relative_tolerance E` make the rule `type: float`. The default
validator compares case-insensitively unless told, so the rule always says which. A flag it does not know,
or a tolerance that is not a number, is named in the report.
"""

from __future__ import annotations

import math
from typing import Any

TOLERANCES = {"float_tolerance": ("absolute", "relative"), "float_absolute_tolerance": ("absolute",),
              "float_relative_tolerance": ("relative",)}
SWITCHES = ("case_sensitive", "space_change_sensitive")


def checker_rule(flags: list[str], notes: list[str], where: str) -> dict[str, Any]:
    rule: dict[str, Any] = {"type": "tokens", "case_sensitive": False}
    tolerances: dict[str, float] = {}
    i = 0
    while i < len(flags):
        flag = flags[i]
        if flag in SWITCHES:
            rule[flag] = True
        elif flag in TOLERANCES:
            value = _number(flags[i + 1]) if i + 1 < len(flags) else None
            if value is None:
                notes.append(f"{where}: {flag} without a number after it: not carried over")
            else:
                tolerances.update({k: value for k in TOLERANCES[flag]})
                i += 1
        else:
            notes.append(f"{where}: default validator flag {flag!r} is not one ojpack knows: not carried over")
        i += 1
    if tolerances:
        rule = {"type": "float", **{k: v for k, v in rule.items() if k != "type"}, **tolerances}
    return rule


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) and value >= 0 else None
