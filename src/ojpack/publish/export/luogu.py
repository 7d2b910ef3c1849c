"""Luogu's data zip: N.in / N.out at the root and config.yml with limits, scores and subtask ids.

Luogu scores a subtask as the minimum over its tests, so every test carries its subtask's full score.
"""

from __future__ import annotations

from pathlib import Path

from ..package import Package
from .write import copy, text, yaml_text


def write(pkg: Package, out: Path) -> list[str]:
    config = {}
    n = 0
    for sid, g in enumerate(pkg.subtasks, start=1):
        for t in g.tests:
            n += 1
            copy(t.input, out / f"{n}.in")
            copy(t.answer, out / f"{n}.out")
            config[f"{n}.in"] = {"timeLimit": round(pkg.time_limit * 1000), "memoryLimit": pkg.memory_mib * 1024,
                                 "score": g.score, "subtaskId": sid}
    text(out / "config.yml", yaml_text(config))
    return []
