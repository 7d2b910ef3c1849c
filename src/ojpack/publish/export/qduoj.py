"""QDUOJ's test case zip: 1.in/1.out, 2.in/2.out, … numbered from 1 in judging order (no samples).

QDUOJ compares the md5 of the whole output, trailing whitespace stripped, with the answer's; its special
judge gets the input and the output but never the answer, so no checker can carry the token rule there.
The export says so instead of pretending.
"""

from __future__ import annotations

from pathlib import Path

from ..package import Package
from .write import Notes, copy


def write(pkg: Package, out: Path) -> Notes:
    for n, t in enumerate(pkg.secret_tests, start=1):
        copy(t.input, out / f"{n}.in")
        copy(t.answer, out / f"{n}.out")
    notes = Notes()
    notes.lost.append("checker: QDUOJ compares whole outputs (trailing whitespace stripped), and its special "
                      "judge never sees the answer: outputs ojpack accepts with other spacing (all on one line, "
                      "CRLF, extra spaces or blank lines) are WA there")
    notes.lost.append("subtasks: QDUOJ scores each test on its own; no all-or-nothing groups")
    notes.lost.append("solutions and their expected verdicts: the zip has no place for them")
    notes.todo.append("set the OI scores per test in QDUOJ's admin page: " + ", ".join(
        f"{g.name} = {len(g.tests)} tests, {g.score} points" for g in pkg.subtasks))
    return notes
