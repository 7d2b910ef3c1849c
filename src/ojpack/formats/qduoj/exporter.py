"""QDUOJ's test case zip: 1.in/1.out, 2.in/2.out, … numbered from 1 in judging order (no samples), and spj.cpp.

QDUOJ compares the md5 of the whole output, trailing whitespace stripped, with the answer's: one line
per answer, CRLF or extra spaces would be WA there and AC here. Its special judge (`spj input output`,
exit 0 / 1) never sees the answer, so spj.cpp carries the answers itself (tokens.cpp with the answers
compiled in, looked up by the input's hash) when they are small enough to paste into QDUOJ's form. A
testlib-convention C++ checker goes the same way: spj.cpp is then the testlib adapter with the checker, its
headers and the answers pasted in. spj.json holds the two fields of QDUOJ's problem import (problem.json's
`spj`: `{"language": "C++", "code": ...}`) for whoever builds an import zip. The zip serves both ways: with
the special judge on, QDUOJ takes only the .in files. A checker that cannot go there fails the export when
other outputs than the answer may be right (`unique_answers: false`): QDUOJ's own comparison would reject them.
"""

from __future__ import annotations

import json
from pathlib import Path

from ...errors import OjpackError
from ..common.package import CannotHold, Package
from ..common.checkers import CPP, EMBED_LIMIT, embedded_answers_spj, testlib_spj
from ..common.write import Notes, copy, text

PLAIN_LOSS = ("checker: QDUOJ's own comparison takes whole outputs (trailing whitespace stripped), so outputs "
              "ojpack accepts with other spacing (all on one line, CRLF, extra spaces or blank lines) are WA there")


def special_judge(pkg: Package, tests: list[tuple[bytes, bytes]]) -> tuple[str | None, str]:
    """spj.cpp's text, or None and why there is none."""
    too_big = f"the answers exceed {EMBED_LIMIT // 1024} KiB, too large to compile into its special judge"
    if pkg.builtin_checker:
        spj = embedded_answers_spj(pkg, tests)
    elif pkg.checker_program is not None and pkg.checker_convention == "testlib" and pkg.checker_program.suffix in CPP:
        try:
            spj = testlib_spj(pkg, tests, "qduoj")
        except (OSError, UnicodeDecodeError, OjpackError) as e:
            return None, f"the checker cannot be pasted into one special-judge file ({e})"
    else:
        name = pkg.checker_program.name if pkg.checker_program else "the checker"
        return None, f"its special judge runs C++ testlib checkers only, not {name} ({pkg.checker_convention} convention)"
    return spj, "" if spj is not None else too_big


def write(pkg: Package, out: Path) -> Notes:
    notes = Notes()
    tests = pkg.secret_tests
    for n, t in enumerate(tests, start=1):
        copy(t.input, out / f"{n}.in")
        copy(t.answer, out / f"{n}.out")
    spj, why = special_judge(pkg, [(t.input.read_bytes(), t.answer.read_bytes()) for t in tests])
    if spj is None:
        if not pkg.unique_answers:
            raise CannotHold(f"qduoj: {why}, and QDUOJ's own comparison would reject the other right outputs "
                             "(checker unique_answers: false)")
        notes.lost.append(f"{PLAIN_LOSS}; {why}")
    else:
        text(out / "spj.cpp", spj)
        text(out / "spj.json", json.dumps({"language": "C++", "code": spj}, ensure_ascii=False))
        notes.todo.append("turn on Special Judge (C++) with spj.cpp as its code before uploading the zip; without "
                          "it, " + (PLAIN_LOSS.removeprefix("checker: ") if pkg.builtin_checker else
                                    "QDUOJ compares whole outputs with the model's answers, not the problem's checker"))
    if any(not g.summed for g in pkg.subtasks):
        notes.lost.append("subtasks: QDUOJ scores each test on its own; no all-or-nothing groups")
    notes.lost.append("solutions and their expected verdicts: the zip has no place for them")
    # a sum subtask is what QDUOJ does: each test earns its own points
    notes.todo.append("set the OI scores per test in QDUOJ's admin page: " + ", ".join(
        f"{g.name} = " + (f"tests {'/'.join(map(str, g.points))} points" if g.summed else
                          f"{len(g.tests)} tests, {g.score} points") for g in pkg.subtasks))
    return notes
