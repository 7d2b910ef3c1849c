"""What a Polygon checker does that ojpack cannot judge the same way, said in the import report.

- Points per test (testlib `quitp`, exit code 7, or `_pc(k)`; optimization problems, often with
  `treat-points-from-checker-as-percent`): ojpack reads quitp's points as the fraction of the test's points
  (0 to 1, as CMS does and IOI-style checkers write them) and _pc(k) as k percent (judging/partial.py);
  Polygon reads quitp's as points, or as percent with that flag, so the report says to check the scores.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

POINTS = re.compile(rb"\bquitp\s*\(|\b_points\b|\b_pc\s*\(")


def checker_notes(path: PurePosixPath, data: bytes) -> list[str]:
    notes = []
    if POINTS.search(data):
        notes.append(f"{path} gives points per test (testlib quitp / _pc): ojpack reads quitp's points as the "
                     "fraction of the test's points (0 to 1; more is a judge error) and _pc(k) as k percent, where "
                     "Polygon reads quitp's as points (or percent): check its partial solutions' scores")
    return notes
