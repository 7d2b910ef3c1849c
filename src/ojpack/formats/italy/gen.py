"""task-maker's gen/GEN: what each test is and which subtask holds it.

A line is a generator's arguments, or `#COPY: path` (a file of the task, copied), each one test in order;
`#ST: points` opens a subtask (`# ST:` as CMS writes it), `#STNAME: name` names it, `#STDEP: names` (or `*`,
every subtask) makes it hold the tests of the subtasks it names too, as task-maker does: their tests, and their
dependencies' in turn, any order of declaration. Any other `#` line is a comment. No `#ST:` at all: one
subtask whose tests each earn an equal share (CMS's sum over tests).
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

DIRECTIVE = re.compile(r"#\s*(ST|STNAME|STDEP|COPY|GEN)\s*:\s*(.*)$", re.I)


@dataclass
class GenTest:
    index: int                 # 0-based over the whole file: input/input<index>.txt
    args: list[str] | None     # the generator's arguments, or None for a copy
    copy: str | None = None    # the task file it copies


@dataclass
class GenSubtask:
    points: float
    name: str | None = None
    tests: list[GenTest] = field(default_factory=list)   # its own tests, in order
    deps: list[str] = field(default_factory=list)        # #STDEP: the subtask names (or `*`) it also holds


@dataclass
class GenPlan:
    subtasks: list[GenSubtask]
    summed: bool               # no `#ST:`: one subtask, each test its own share
    notes: list[str]


def parse(text: str) -> GenPlan:
    subtasks: list[GenSubtask] = []
    notes: list[str] = []
    loose: list[GenTest] = []
    count = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        m = DIRECTIVE.match(line)
        if line.startswith("#") and not m:
            continue
        target = subtasks[-1].tests if subtasks else loose
        if m:
            key, value = m.group(1).upper(), m.group(2).strip()
            if key == "ST":
                subtasks.append(GenSubtask(float(value.split()[0])))
            elif key == "STNAME" and subtasks:
                subtasks[-1].name = value
            elif key == "COPY":
                target.append(GenTest(count, None, value))
                count += 1
            elif key == "STDEP":
                if not subtasks:
                    raise ValueError(f"gen/GEN line {number}: #STDEP: before the first #ST:")
                subtasks[-1].deps += value.split()
            elif key == "GEN":
                notes.append(f"gen/GEN line {number}: #{key}: not carried over (ojpack's subtasks hold their "
                             "own tests)")
            continue
        target.append(GenTest(count, shlex.split(line)))
        count += 1
    if loose and subtasks:
        raise ValueError(f"gen/GEN: {len(loose)} test(s) before the first #ST: line")
    if not subtasks:
        return GenPlan([GenSubtask(100.0, None, loose)], True, notes)
    return GenPlan(subtasks, False, notes)


def held(plan: GenPlan) -> list[list[GenTest]]:
    """Each subtask's tests with those of its dependencies (transitively), in the file's order."""
    ids = {s.name: k for k, s in enumerate(plan.subtasks) if s.name}
    edges: list[set[int]] = []
    for s in plan.subtasks:
        unknown = [d for d in s.deps if d != "*" and d not in ids]
        if unknown:
            raise ValueError(f"gen/GEN: #STDEP: {unknown[0]}: no subtask has that #STNAME:")
        edges.append(set(range(len(plan.subtasks))) if "*" in s.deps else {ids[d] for d in s.deps})
    out = []
    for k in range(len(plan.subtasks)):
        reach, todo = {k}, [k]
        while todo:
            for d in edges[todo.pop()] - reach:
                reach.add(d)
                todo.append(d)
        out.append(sorted((t for j in reach for t in plan.subtasks[j].tests), key=lambda t: t.index))
    return out
