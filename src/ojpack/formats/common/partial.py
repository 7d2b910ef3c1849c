"""What becomes of a checker's partial points (judging/partial.py) in each export, for its report.

- CMS: the adapter prints the fraction on stdout, CMS's own protocol: carried, nothing to say.
- Kattis (scoring): the adapter writes score.txt = fraction x the group's score (the group's
  output_validator_flags tell it); a Kattis-convention validator's own score.txt travels as it is, which a
  `score_file: share` one's (a share, not points) does not mean there: said.
- ICPC 2025-09 (exported pass-fail, as BAPCtools wants it) and DOMjudge (no partial scores): a partial
  answer is a wrong answer there.
- Hydro and Luogu run the testlib checker themselves and read its points by their own rules.
- UOJ takes no checker program at all (its export refuses one)."""

from __future__ import annotations

import re

from .package import Package

TESTLIB_POINTS = re.compile(rb"\bquitp\s*\(|\b_pc\s*\(")
KATTIS_POINTS = re.compile(rb"score(?:_multiplier)?\.txt")
MAX_SCORE_FLAG = "ojpack_max_score"   # testlib_adapter.cpp: the flags before a scoring test's maximum


def gives_points(pkg: Package) -> bool:
    """Whether the package's checker program may give part of a test's points (its source says so)."""
    if pkg.checker_type != "program" or pkg.checker_program is None:
        return False
    pattern = TESTLIB_POINTS if pkg.checker_convention == "testlib" else KATTIS_POINTS
    return bool(pattern.search(pkg.checker_program.read_bytes()))


def adapter_flags(pkg: Package, score: int) -> str:
    """Legacy Kattis, a scoring group: what tells the testlib adapter the group's tests' maximum score."""
    return f"{MAX_SCORE_FLAG} {score}" if pkg.checker_type == "program" and pkg.checker_convention == "testlib" else ""


def partial_notes(pkg: Package, target: str) -> list[str]:
    """The export report's line about partial points on `target` (none when the checker gives none): what
    is lost on ICPC 2025-09 and DOMjudge, what to verify by hand on Hydro and Luogu."""
    if not gives_points(pkg) and pkg.score_file != "share":   # a share names its score file in a header
        return []
    name = pkg.checker_program.name if pkg.checker_program else "the checker"
    if target in ("icpc2025", "domjudge"):
        judge = {"icpc2025": "this ICPC 2025-09 export is pass-fail (BAPCtools refuses scoring problems)",
                 "domjudge": "DOMjudge has no partial scores"}[target]
        return [f"partial points: {name} gives part of a test's points; {judge}, so a partial answer is a "
                "wrong answer there"]
    if target == "kattis" and pkg.score_file == "share" and not pkg.pass_fail:
        return [f"partial points: {name}'s score.txt is a share of the test's group (checker.score_file: share); "
                "Kattis' default grader reads it as points: the package needs a grader that multiplies (as the "
                "IOI ports' graders/ do)"]
    if target in ("hydro", "luogu"):
        return [f"partial points: {target} runs {name} itself and reads its testlib points by its own rule; "
                "ojpack reads quitp(x) as the fraction x of the test and _pc(k) as k percent: check that the "
                "judge agrees (some read quitp's points as percent, or _pc's k out of 200)"]
    return []
