"""Why ojpack and verifyproblem gave one submission different verdicts, from the evidence at hand (used by
`bench/import_kattis.py`): each disagreement gets a kind and a reason, none is left unexplained silently.

Kinds: `verifyproblem defect` (it runs a Java submission by its file name, though the class with `main` is
named otherwise: problemtools' run/source.py takes mainclass from the file name; Kattis itself finds the
class), `score.txt` (the output validator gives per-test points: ojpack reads them as DOMjudge does, problemtools
calls them a judge error unless the problem declares custom scoring), `timing`
(one verdict is a time-out and the two slowest runs or limits straddle it: rerun the package alone before
calling it real), `time limit` (the two judged with different time limits), `judge error` (one side's
checker or interactor failed on it: its message), `unexplained`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from kattis_verdicts import Comparison

MAIN = re.compile(r"(?:public\s+)?(?:final\s+)?class\s+(\w+)[^{]*\{(?:(?!\bclass\b).)*?static\s+void\s+main\b", re.S)
TIMELIM = re.compile(r"setting timelim to ([\d.]+) secs|use provided fixed limit of ([\d.]+) seconds")
HEADERS = {".h", ".hpp"}


@dataclass(frozen=True)
class Why:
    kind: str
    text: str


def verifyproblem_limit(said: str) -> float | None:
    m = TIMELIM.search(said)
    return float(m.group(1) or m.group(2)) if m else None


def java_main(pkg: Path, sub: str) -> str | None:
    """The class holding `main` in a Java submission, when it is not named after the file."""
    path = pkg / "submissions" / sub
    files = [path] if path.is_file() else sorted(path.rglob("*.java")) if path.is_dir() else []
    for f in files:
        if f.suffix == ".java" and (m := MAIN.search(f.read_text(errors="replace"))) and m.group(1) != f.stem:
            return f"{f.name} declares main in class {m.group(1)}"
    return None


def writes_score(pkg: Path) -> bool:
    """The output validator's own sources (not the shared validate.h headers) name score.txt."""
    folders = [pkg / "output_validators", pkg / "output_validator"]
    return any("score.txt" in f.read_text(errors="replace") for d in folders if d.is_dir()
               for f in d.rglob("*") if f.is_file() and f.suffix not in HEADERS)


def reason(pkg: Path, c: Comparison, ours_limit: float | None, said: str, judge_error: str = "") -> Why:
    """`judge_error`: the check's own line on its JE runs, if any."""
    ours, theirs = c.ours, c.theirs
    if writes_score(pkg) and ("score.txt" in theirs.line or (ours.score is not None and theirs.score is not None)):
        return Why("score.txt", "the output validator writes score.txt (per-test points), which ojpack reads as "
                                "DOMjudge does and problemtools refuses without custom scoring; verifyproblem said: "
                                f"{theirs.line[:120]}")
    if ours.verdict == "JE" or (theirs.verdict == "JE" and ours.verdict is not None):
        who = "ojpack" if ours.verdict == "JE" else "verifyproblem"
        return Why("judge error", f"{who} judged it JE: " + (judge_error if who == "ojpack" else theirs.line)[:160])
    if c.submission.endswith(".java") or (pkg / "submissions" / c.submission).is_dir():
        declared = java_main(pkg, c.submission)
        if declared and theirs.verdict in ("RTE", "CE"):
            stem = Path(c.submission).stem
            return Why("verifyproblem defect", f"it runs `java ... {stem}` (problemtools takes the class from the "
                                               f"file name); {declared}; verifyproblem said: {theirs.line[:120]}")
    theirs_limit = verifyproblem_limit(said)
    if "TLE" in (ours.verdict, theirs.verdict):
        if ours_limit is not None and theirs_limit is not None and abs(ours_limit - theirs_limit) > 1e-9:
            return Why("time limit", f"ojpack's limit {ours_limit:g} s, verifyproblem's {theirs_limit:g} s")
        return Why("timing", f"ojpack's slowest run {ours.cpu or 0:.2f} s ({ours.at or '?'}), verifyproblem's "
                             f"{theirs.cpu or 0:.2f} s ({theirs.at or '?'}), limit {ours_limit or 0:g} s")
    return Why("unexplained", f"verifyproblem said: {theirs.line[:140]}")
