"""A time limit the source leaves to its tool, derived as problemtools derives it.

Legacy Kattis packages without `.timelimit` and 2023-07 packages without `limits.time_limit` get theirs
from the accepted submissions: max(1, ceil(slowest accepted run x ac_to_time_limit / time_resolution)) x
time_resolution, where ac_to_time_limit is the legacy `limits.time_multiplier` (default 5) or the 2023-07
`limits.time_multipliers.ac_to_time_limit` (default 2), and time_resolution defaults to 1 s. ojpack measures
the accepted solutions' CPU time under a generous limit, then writes the derived one.

problemtools also finds a submission as expected when its verdict at the time limit x the safety margin
(legacy `time_safety_margin`, default 2; 2023-07 `time_multipliers.time_limit_to_tle`, default 1.5) is the
expected one ("OK with extra time"): imports of the formats it reads carry that margin over as
`limits.safety_margin`, and `ojpack check` judges them the same way.
"""

from __future__ import annotations

import math
from typing import Any

from ...errors import OjpackError

MEASURE_LIMIT = 60.0   # the schema's largest time limit: accepted solutions run under it while measured


def multiplier(meta: dict[str, Any], legacy: bool) -> tuple[float, float]:
    """(ac_to_time_limit, time_resolution) from problem.yaml's limits."""
    limits = meta.get("limits") if isinstance(meta.get("limits"), dict) else {}
    if legacy:
        factor, key = limits.get("time_multiplier", 5.0), "time_multiplier"
    else:
        factor = (limits.get("time_multipliers") or {}).get("ac_to_time_limit", 2.0)
        key = "time_multipliers.ac_to_time_limit"
    return _positive(factor, key), _positive(limits.get("time_resolution", 1.0), "time_resolution")


def _positive(value: Any, key: str) -> float:
    """A multiplier or resolution: a finite number above 0 (0 divided by zero, NaN failed int())."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = math.nan
    if not math.isfinite(number) or number <= 0:
        raise OjpackError(f"problem.yaml: limits.{key}: should be a positive number (got {value!r})")
    return number


def derive(slowest: float, factor: float, resolution: float) -> float:
    return max(1, math.ceil(slowest * factor / resolution)) * resolution


def safety_margin(meta: dict[str, Any], legacy: bool) -> float | None:
    """The margin problemtools judges with, for the formats it reads (legacy and 2023-07); else None."""
    limits = meta.get("limits") if isinstance(meta.get("limits"), dict) else {}
    if legacy:
        return float(limits.get("time_safety_margin", 2.0))
    if str(meta.get("problem_format_version", "")).startswith("2023"):
        return float((limits.get("time_multipliers") or {}).get("time_limit_to_tle", 1.5))
    return None
