"""Data + programs → verdicts.

Takes the built data and the package's solutions (or one submitted file); runs each on every test,
judges the output with the checker, and gives verdicts against the expected ones (`check`), a scored
judgement of one submission (`judge`), the smallest killing set, the exhaustive proof and the reports.
"""

from .check import AC_HEADROOM, CheckReport, check, passed_before
from .checker import Checker, CheckResult, load_checker
from .execute import limits_for
from .judge import judge
from .report import write_html
from .solutions import Solution, discover
from .proof import batches as proof_batches
from .verdicts import Verdict, of_run

__all__ = ["AC_HEADROOM", "CheckResult", "CheckReport", "Checker", "Solution", "Verdict", "check", "discover", "judge",
           "limits_for", "load_checker", "of_run", "passed_before", "proof_batches", "write_html"]
