"""QDUOJ's test case zip: 1.in/1.out, 2.in/2.out, … numbered from 1 in judging order (no samples), and spj.cpp.

QDUOJ compares the md5 of the whole output, trailing whitespace stripped, with the answer's: one line
per answer, CRLF or extra spaces would be WA there and AC here. Its special judge (`spj input output`,
exit 0 / 1) never sees the answer, so spj.cpp carries the answers itself (tokens.cpp with the answers
compiled in, looked up by the input's hash) when they are small enough to paste into QDUOJ's form. The
zip serves both ways: with the special judge on, QDUOJ takes only the .in files.
"""

from __future__ import annotations

from pathlib import Path

from ..package import Package
from .checkers import EMBED_LIMIT, embedded_answers_spj
from .write import Notes, copy, text

PLAIN_LOSS = ("checker: QDUOJ's own comparison takes whole outputs (trailing whitespace stripped), so outputs "
              "ojpack accepts with other spacing (all on one line, CRLF, extra spaces or blank lines) are WA there")


def write(pkg: Package, out: Path) -> Notes:
    notes = Notes()
    tests = pkg.secret_tests
    for n, t in enumerate(tests, start=1):
        copy(t.input, out / f"{n}.in")
        copy(t.answer, out / f"{n}.out")
    spj = None
    if pkg.builtin_checker:
        spj = embedded_answers_spj(pkg, [(t.input.read_bytes(), t.answer.read_bytes()) for t in tests])
    if spj is None:
        why = "the problem's own checker cannot run there" if not pkg.builtin_checker else \
            f"the answers exceed {EMBED_LIMIT // 1024} KiB, too large to compile into its special judge"
        notes.lost.append(f"{PLAIN_LOSS}; {why}")
    else:
        text(out / "spj.cpp", spj)
        notes.todo.append("turn on Special Judge (C++) with spj.cpp as its code before uploading the zip; without "
                          "it, " + PLAIN_LOSS.removeprefix("checker: "))
    if any(not g.summed for g in pkg.subtasks):
        notes.lost.append("subtasks: QDUOJ scores each test on its own; no all-or-nothing groups")
    notes.lost.append("solutions and their expected verdicts: the zip has no place for them")
    # a sum subtask is what QDUOJ does: each test earns its own points
    notes.todo.append("set the OI scores per test in QDUOJ's admin page: " + ", ".join(
        f"{g.name} = " + (f"tests {'/'.join(map(str, g.points))} points" if g.summed else
                          f"{len(g.tests)} tests, {g.score} points") for g in pkg.subtasks))
    return notes
