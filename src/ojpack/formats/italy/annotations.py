"""task-maker's `@check-*` annotations in a solution: what it must get on each subtask.

`@check-accepted: st1 st2`, `@check-wrong-answer: *`, …; a name is a subtask's `#STNAME`, its number
(from 1, as task-maker counts) or a glob. Unnamed solutions get what their file name says: `soluzione.*`
and `solution.*` are the official solution (accepted everywhere)."""

from __future__ import annotations

import fnmatch
import re

ANNOTATION = re.compile(rb"@check-([a-z-]+)\s*:\s*([^\n\r]*)")
# task-maker's names -> ojpack's verdicts (a set where task-maker's is broader)
VERDICTS = {"accepted": ["AC"], "wrong-answer": ["WA"], "time-limit-exceeded": ["TLE"],
            "memory-limit-exceeded": ["MLE"], "runtime-error": ["RE"], "partial-score": ["PC"],
            "zero-score": ["WA", "TLE", "MLE", "RE", "OLE"]}
OFFICIAL = re.compile(r"(soluzione|solution)(\.[a-z0-9]+)$")


def expectations(data: bytes, names: list[str], notes: list[str], origin: str) -> dict[str, list[str]] | None:
    """subtask group -> allowed verdicts, or None when the source has no annotation."""
    out: dict[str, list[str]] = {}
    for m in ANNOTATION.finditer(data):
        kind = m.group(1).decode()
        if kind not in VERDICTS:
            notes.append(f"{origin}: @check-{kind} is not an annotation ojpack knows; ignored")
            continue
        for pattern in m.group(2).decode(errors="replace").split():
            matched = [g for i, g in enumerate(names, start=1)
                       if fnmatch.fnmatchcase(g, pattern) or pattern == str(i)]
            if not matched:
                notes.append(f"{origin}: @check-{kind}: no subtask {pattern!r}; ignored")
            for g in matched:
                out[g] = VERDICTS[kind]
    return out or None


def folder_verdicts(groups: dict[str, list[str]]) -> list[str]:
    """The verdicts of the whole solution, whose first names its folder."""
    wrong = [v for vs in groups.values() for v in vs if v != "AC"]
    if not wrong:
        return ["AC"]
    first = wrong[0] if wrong[0] != "PC" else "WA"
    return list(dict.fromkeys([first, *[v for v in wrong if v != "PC"]]))
