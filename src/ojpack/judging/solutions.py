"""The package's solutions and the verdicts each is expected to get.

A solution's folder under solutions/ names its verdict (verdicts.FOLDERS); problem.yaml's
`solutions.verdicts: {path: [V, ...]}` replaces that with a set (see verdicts.py for the semantics)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import ProblemConfigError
from ..sandbox import is_source
from ..problem import Problem
from .verdicts import FOLDERS, Verdict, fmt

SOLUTIONS_DIR = "solutions"


@dataclass(frozen=True)
class Solution:
    path: Path                     # absolute
    rel: str                       # relative to the problem root, e.g. solutions/accepted/john.py
    expected: frozenset[Verdict]

    @property
    def name(self) -> str:
        """Short display name: the path below solutions/."""
        return self.rel.removeprefix(f"{SOLUTIONS_DIR}/")

    @property
    def must_pass(self) -> bool:
        return self.expected == {Verdict.AC}

    @property
    def expected_text(self) -> str:
        return fmt(self.expected)


def discover(problem: Problem) -> list[Solution]:
    """Every source file under solutions/, accepted ones first, then by folder and name."""
    top = problem.path(SOLUTIONS_DIR)
    overrides = problem.spec.solutions.verdicts
    for rel in overrides:
        if not problem.path(rel).is_file():
            raise ProblemConfigError(f"problem.yaml: solutions.verdicts: {rel} does not exist")
    found: list[Solution] = []
    files = sorted(p for p in top.rglob("*") if p.is_file() and is_source(p)) if top.is_dir() else []
    for path in files:
        rel = path.relative_to(problem.root).as_posix()
        if any(part.startswith(".") for part in Path(rel).parts):
            continue
        folder = Path(rel).parts[1] if len(Path(rel).parts) > 2 else ""
        if rel in overrides:
            expected = frozenset(Verdict(v) for v in overrides[rel])
        elif folder in FOLDERS:
            expected = frozenset({FOLDERS[folder]})
        else:
            raise ProblemConfigError(
                f"{rel}: folder {folder or SOLUTIONS_DIR!r} does not name a verdict ({', '.join(FOLDERS)}); "
                f"move the file or list it under solutions.verdicts in problem.yaml")
        found.append(Solution(path, rel, expected))
    order = list(FOLDERS)
    found.sort(key=lambda s: (not s.must_pass, order.index(s.rel.split("/")[1]) if s.rel.split("/")[1] in order
                              else len(order), s.rel))
    return found
