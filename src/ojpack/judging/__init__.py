"""Data + programs → verdicts.

Takes the built data and the package's solutions (or one submitted file); runs each on every test,
judges the output with the checker, and gives verdicts against the expected ones (`check`), a scored
judgement of one submission (`judge`), the smallest killing set, the exhaustive proof and the reports.
"""

from .check import AC_HEADROOM, CheckReport, check, passed_before
from .judge import judge
from .report import write_html
from .solutions import Solution, discover
from .scoring import SubtaskScore, score_subtasks
from .verdicts import Verdict, fmt

__all__ = ["AC_HEADROOM", "CheckReport", "Solution", "Verdict", "SubtaskScore", "check", "discover", "fmt", "judge",
           "passed_before", "score_subtasks", "write_html"]
