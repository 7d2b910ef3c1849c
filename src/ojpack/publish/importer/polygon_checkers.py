"""What a Polygon checker does that ojpack cannot judge the same way, said in the import report.

- Points per test (testlib `quitp`, exit code 7; optimization problems, often with
  `treat-points-from-checker-as-percent`): ojpack has no per-test points, so such a run is a judge error.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

POINTS = re.compile(rb"\bquitp\s*\(|\b_points\b")


def checker_notes(path: PurePosixPath, data: bytes) -> list[str]:
    notes = []
    if POINTS.search(data):
        notes.append(f"{path} gives points per test (testlib quitp, exit code 7): ojpack has no per-test points "
                     "and judges such a run a checker failure (JE)")
    return notes
