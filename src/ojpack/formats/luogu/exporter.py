"""Luogu's data zip: N.in / N.out at the root, config.yml with limits, scores and subtask ids, checker.cpp.

Luogu scores a subtask as the minimum over its tests, so every test carries its subtask's full score; a sum
subtask's tests are each a subtask of their own, worth their points.
Luogu's default comparison goes line by line, so the token rule ships as checker.cpp (testlib protocol,
which Luogu's Special Judge runs); the Special Judge switch itself is set on the problem's page.
"""

from __future__ import annotations

from pathlib import Path

from ..common.package import CannotHold, Package, split_note
from ...errors import OjpackError
from ..common.checkers import cpp_checker, token_checker
from ..common.partial import partial_notes
from ..common.write import Notes, copy, text, yaml_text


def write(pkg: Package, out: Path) -> Notes:
    config = {}
    n = 0
    blocks = [b for g in pkg.subtasks for b in g.blocks()]   # a sum subtask: one subtask per test, its points
    for sid, (score, tests) in enumerate(blocks, start=1):
        for t in tests:
            n += 1
            copy(t.input, out / f"{n}.in")
            copy(t.answer, out / f"{n}.out")
            config[f"{n}.in"] = {"timeLimit": round(pkg.time_limit * 1000), "memoryLimit": pkg.memory_mib * 1024,
                                 "score": score, "subtaskId": sid}
    text(out / "config.yml", yaml_text(config))
    notes = Notes()
    if pkg.builtin_checker:
        text(out / "checker.cpp", token_checker(pkg, "testlib"))
    elif pkg.checker_convention == "testlib":
        copy(cpp_checker(pkg, "luogu"), out / "checker.cpp")
    else:
        raise CannotHold(f"luogu: runs testlib-protocol checkers only; {pkg.checker_program.name} follows the "
                          f"{pkg.checker_convention} convention")
    notes.todo.append("turn on Special Judge (testlib) for the problem: the checker is checker.cpp in the zip")
    notes.todo += partial_notes(pkg, "luogu")
    notes.lost.append("solutions and their expected verdicts: Luogu's data zip has no place for them")
    notes.todo += split_note(pkg, "Luogu")
    return notes
