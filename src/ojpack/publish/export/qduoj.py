"""QDUOJ's test case zip: 1.in/1.out, 2.in/2.out, … numbered from 1 in judging order (no samples)."""

from __future__ import annotations

from pathlib import Path

from ..package import Package
from .write import copy


def write(pkg: Package, out: Path) -> list[str]:
    for n, t in enumerate(pkg.secret_tests, start=1):
        copy(t.input, out / f"{n}.in")
        copy(t.answer, out / f"{n}.out")
    return ["QDUOJ takes no scores or subtasks from the zip: set the OI scores in its admin page"]
