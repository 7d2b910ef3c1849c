"""Verdicts: what one run earns, what a whole submission earns, and whether that meets expectations.

Expectation semantics (Polygon-like): a solution declares a set E of verdicts (its folder gives one,
problem.yaml's solutions.verdicts may list several). Every test's verdict must lie in E ∪ {AC}, and the
overall verdict -- the first failing test's, in test order, or AC -- must lie in E. So [AC] means
"passes everything", [TLE] means "never wrong, too slow somewhere", [AC, TLE] is Polygon's TO tag
("passes or is too slow, never wrong"), and [WA, RE] allows either kind of failure.

Under problem.yaml's `judging: {verdict: first_failure}` (Kattis' problemtools, DOMjudge and BAPCtools judge
so) only the overall verdict must lie in E: the tests after the first failing one do not count. Under
`worst_error` (problemtools' on_reject: continue) the overall verdict is the worst one, and `judging.groups`
gives a group its own rule (`judged`).

A partially correct test (PC) fails like any other for the verdict: a solution meant to earn part of the
points states its score (solutions: {path: {score: N}}), or PC among its verdicts."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from ..problem import Judging
from ..sandbox import RunResult


class Verdict(str, Enum):
    AC = "AC"
    PC = "PC"   # partially correct: the checker gave part of the test's points (partial.py)
    WA = "WA"
    TLE = "TLE"
    MLE = "MLE"
    RE = "RE"
    OLE = "OLE"
    CE = "CE"
    JE = "JE"   # judge error: the checker failed; never a solution's fault, never expected

    def __str__(self) -> str:
        return self.value


# The folder names judges use for expected verdicts (Kattis / ICPC `submissions/` layout).
FOLDERS: dict[str, Verdict] = {
    "accepted": Verdict.AC,
    "wrong_answer": Verdict.WA,
    "time_limit_exceeded": Verdict.TLE,
    "memory_limit_exceeded": Verdict.MLE,
    "run_time_error": Verdict.RE,
    "output_limit_exceeded": Verdict.OLE,
    "compile_error": Verdict.CE,
}

_FROM_STATUS = {"tle": Verdict.TLE, "mle": Verdict.MLE, "ole": Verdict.OLE, "re": Verdict.RE}


def of_run(result: RunResult, time_limit: float) -> Verdict | None:
    """A run's failing verdict, or None when it ended cleanly in time (then the checker decides).
    `time_limit` may be below the limit the run was given: a longer run shows how far over it is."""
    if result.status == "tle" or result.cpu > time_limit:
        return Verdict.TLE
    return _FROM_STATUS.get(result.status)


def overall(verdicts: Sequence[Verdict]) -> Verdict:
    """The first failing verdict in test order; AC when every test passed."""
    return next((v for v in verdicts if v is not Verdict.AC), Verdict.AC)


# problemtools' default grader ranks errors so (JE, IF, RTE, MLE, TLE, OLE, WA, PE): ojpack's RE is its RTE;
# CE, never mixed with other verdicts in a row, ranks first; a partially correct test (PC, which
# problemtools counts as accepted with a lower score) is the mildest failure
WORST_FIRST = (Verdict.CE, Verdict.JE, Verdict.RE, Verdict.MLE, Verdict.TLE, Verdict.OLE, Verdict.WA, Verdict.PC)


def by_rule(rule: str, verdicts: Sequence[Verdict]) -> Verdict:
    """One verdict of several, by a problem.yaml judging rule (problem/verdict_rule.py): first_failure the
    first failing one, worst_error the worst in WORST_FIRST's order, always_accept AC."""
    if rule == "always_accept":
        return Verdict.AC
    if rule == "worst_error":
        return next((v for v in WORST_FIRST if v in verdicts), Verdict.AC)
    return overall(verdicts)


def judged(judging: Judging, verdicts: Sequence[tuple[str, Verdict]]) -> Verdict:
    """A solution's overall verdict from its (group, verdict) per test in test order: each group's verdict
    by its own rule, then the top rule over the groups' verdicts in order. Without group rules, first_failure
    and every_test give `overall`."""
    if not judging.groups:
        return by_rule(judging.top(), [v for _, v in verdicts])
    order = list(dict.fromkeys(g for g, _ in verdicts))
    return by_rule(judging.top(), [by_rule(judging.rule_of(g), [v for h, v in verdicts if h == g]) for g in order])


def deviations(expected: frozenset[Verdict], verdicts: Sequence[tuple[str, Verdict]],
               first_failure: bool = False, total: Verdict | None = None) -> list[str]:
    """What breaks the expectation, one message per fault (empty: as expected). `first_failure`: only the
    overall verdict counts (the first-failure and worst-error rules). `total`: the overall verdict, when a
    rule other than the first failing test's gives it."""
    allowed = expected | {Verdict.AC}
    out = [] if first_failure else [f"{test}: {v} is not among the expected {fmt(expected)}"
                                    for test, v in verdicts if v not in allowed]
    total = overall([v for _, v in verdicts]) if total is None else total
    if total not in expected:
        out.append(f"overall verdict {total}, expected {fmt(expected)}")
    return out


def group_deviations(by_group: dict[str, frozenset[Verdict]],
                     verdicts: Sequence[tuple[str, str, Verdict]], first_failure: bool = False,
                     judging: Judging | None = None) -> list[str]:
    """Per-group expectations (group -> allowed set, same semantics as a whole solution's, the rule's too)
    against (test, group, verdict) triples; `judging` gives each group's own rule."""
    out = []
    for group, expected in by_group.items():
        mine = [(t, v) for t, g, v in verdicts if g == group]
        allowed = expected | {Verdict.AC}
        if not first_failure:
            out += [f"{t}: {v} is not among {group}'s expected {fmt(expected)}" for t, v in mine if v not in allowed]
        got = by_rule(judging.rule_of(group) if judging else "first_failure", [v for _, v in mine])
        if got not in expected:
            out.append(f"{group}: verdict {got}, expected {fmt(expected)}")
    return out


def fmt(verdicts: frozenset[Verdict] | set[Verdict]) -> str:
    return "/".join(v.value for v in Verdict if v in verdicts)
