"""problem.yaml's `judging:` block: how a solution's test verdicts make its overall verdict, and which rule
compares them with what it is expected to get (its folder's verdict, or the set solutions.verdicts gives).

every_test (the default; Polygon's rule): every test's verdict lies in the expected set or is AC, and the
overall verdict -- the first failing test's, in test order, or AC -- lies in the set.
first_failure (Kattis' problemtools with on_reject: break, DOMjudge, BAPCtools): only the overall verdict,
the first failing test's, must lie in the set; what the tests after it would get does not matter, so `check`
does not run them. A solution with per-subtask expectations is judged so per subtask.
worst_error (problemtools' default grader under on_reject: continue): every test runs and only the overall
verdict counts, the worst one in problemtools' order (JE, RE, MLE, TLE, OLE, WA, AC; CE first).

`groups` gives a test group (`sample` or a subtask group) its own rule for its tests, as problemtools lets
each data/ folder set on_reject and grader_flags: first_failure, worst_error, or always_accept (the group's
verdict is AC whatever its tests get: grader_flags always_accept, or ignore_sample at the top for
`sample`). The overall verdict is then the top rule (first_failure for every_test) over the groups'
verdicts, in test order."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, get_args

from .strict import Invalid

VerdictRule = Literal["every_test", "first_failure", "worst_error"]
GroupRule = Literal["first_failure", "worst_error", "always_accept"]
RULES: tuple[str, ...] = get_args(VerdictRule)
GROUP_RULES: tuple[str, ...] = get_args(GroupRule)
EVERY_TEST, FIRST_FAILURE, WORST_ERROR = RULES
ALWAYS_ACCEPT = GROUP_RULES[2]


@dataclass(frozen=True, kw_only=True)
class Judging:
    verdict: VerdictRule = EVERY_TEST
    groups: dict[str, GroupRule] = field(default_factory=dict)   # a group's own rule for its tests

    def __post_init__(self) -> None:
        if self.groups and self.verdict == EVERY_TEST:
            raise Invalid(("groups",), "per-group rules need a verdict rule that compares only the overall "
                                       "verdict (first_failure or worst_error), not every_test")

    @property
    def first_failure(self) -> bool:
        """Only the overall verdict is compared with the expectation (every rule but every_test)."""
        return self.verdict != EVERY_TEST

    @property
    def stops_early(self) -> bool:
        """A solution's first failing test settles its verdict, so the tests after it need not run."""
        return self.verdict == FIRST_FAILURE and not self.groups

    def top(self) -> str:
        """The rule over the groups' verdicts (and over a group's tests when it has none of its own)."""
        return FIRST_FAILURE if self.verdict == EVERY_TEST else self.verdict

    def rule_of(self, group: str) -> str:
        return self.groups.get(group, self.top())
