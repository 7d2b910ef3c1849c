"""problem.yaml's `judging:` block: which rule compares a solution's verdicts with what it is expected
to get (its folder's verdict, or the set solutions.verdicts gives).

every_test (the default; Polygon's rule): every test's verdict lies in the expected set or is AC, and the
overall verdict -- the first failing test's, in test order, or AC -- lies in the set.
first_failure (Kattis' problemtools, DOMjudge, BAPCtools): only the overall verdict must lie in the set;
what the tests after the first failing one would get does not matter, so `check` does not run them. A
solution with per-subtask expectations is judged so per subtask (each subtask's own first failing test)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

VerdictRule = Literal["every_test", "first_failure"]
RULES: tuple[str, ...] = get_args(VerdictRule)
EVERY_TEST, FIRST_FAILURE = RULES


@dataclass(frozen=True, kw_only=True)
class Judging:
    verdict: VerdictRule = EVERY_TEST

    @property
    def first_failure(self) -> bool:
        return self.verdict == FIRST_FAILURE
