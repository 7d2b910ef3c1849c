"""contest.yaml: a contest is a folder holding it and its problems' folders.

    name: {en: Spring Contest}            # the title per language, as a problem's name
    date: "2026-04-01"
    problems:                             # in order; letters and colours (balloons) as the contest shows them
      - {letter: A, path: sum, color: "#e53935"}

Read as strictly as problem.yaml (strict.convert): unknown keys, wrong types and missing keys are one line
each, naming the key and its line."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import ProblemConfigError
from .source import line_of
from .load import read_spec
from .strict import Invalid, Place, rule

CONTEST_FILE = "contest.yaml"
LETTER = r"^[A-Z][0-9]?$"
COLOR = r"^#[0-9a-fA-F]{6}$"
model = dataclass(frozen=True, kw_only=True)


@model
class ContestProblem:
    letter: str = rule(pattern=LETTER)          # A, B, ... (A1, A2 for a split problem)
    path: str = rule(min_length=1)              # the problem's folder, relative to the contest
    color: str | None = rule(None, pattern=COLOR)   # its balloon colour, #rrggbb


@model
class ContestSpec:
    name: dict[str, str] = rule(min_length=1)   # the title per language
    date: str | None = None                     # as printed on the cover, e.g. 2026-04-01
    problems: list[ContestProblem] = rule(factory=list)

    @staticmethod
    def reshape(raw: Any) -> Any:
        # YAML reads an unquoted 2026-04-01 as a date: the cover prints it as written
        if isinstance(raw, dict) and isinstance(raw.get("date"), datetime.date):
            return {**raw, "date": raw["date"].isoformat()}
        return raw

    def __post_init__(self) -> None:
        letters = [p.letter for p in self.problems]
        paths = [Path(p.path).as_posix() for p in self.problems]
        for i, p in enumerate(self.problems):
            if p.letter in letters[:i]:
                raise Invalid(("problems", i, "letter"), "another problem has this letter too", p.letter)
            if paths[i] in paths[:i]:
                raise Invalid(("problems", i, "path"), "another problem has this folder too", p.path)
            if Path(p.path).is_absolute() or ".." in Path(p.path).parts:
                raise Invalid(("problems", i, "path"), "a folder inside the contest", p.path)


@dataclass(frozen=True)
class Contest:
    root: Path
    spec: ContestSpec
    lines: dict[Place, int] = field(default_factory=dict, compare=False, repr=False)

    def folder(self, entry: ContestProblem) -> Path:
        return self.root / entry.path


def is_contest(folder: Path) -> bool:
    """A contest root: it holds contest.yaml (and is not itself a problem)."""
    return (folder / CONTEST_FILE).is_file() and not (folder / "problem.yaml").is_file()


def load_contest(root: Path) -> Contest:
    file = root / CONTEST_FILE
    spec, lines = read_spec(file, ContestSpec)
    contest = Contest(root.resolve(), spec, lines)
    for i, entry in enumerate(spec.problems):
        if not (contest.folder(entry) / "problem.yaml").is_file():
            line = line_of(lines, ("problems", i, "path"))
            raise ProblemConfigError(f"{file}:{f' line {line}:' if line else ''} 'problems[{i}].path': "
                                     f"{entry.path} holds no problem.yaml")
    return contest


# Balloon colours for new problems, in order (distinct, readable on white paper)
PALETTE = ("#e53935", "#1e88e5", "#43a047", "#fdd835", "#8e24aa", "#fb8c00", "#00acc1", "#6d4c41",
           "#d81b60", "#3949ab", "#7cb342", "#546e7a")


def next_entry(spec: ContestSpec, path: str) -> ContestProblem:
    """The entry for a problem added at the end: the letter after the last one, the next colour."""
    used = {p.letter for p in spec.problems}
    letter = next(c for c in (chr(ord("A") + i) for i in range(26)) if c not in used) if len(used) < 26 else None
    if letter is None:
        raise ProblemConfigError("contest.yaml: all 26 letters are taken")
    return ContestProblem(letter=letter, path=path, color=PALETTE[len(spec.problems) % len(PALETTE)])


def add_problem_line(root: Path, entry: ContestProblem) -> None:
    """Append the entry to contest.yaml's `problems:` (the last key, as `ojpack new --contest` writes it),
    keeping the file's comments; the result is loaded back to be sure it says what was meant."""
    file = root / CONTEST_FILE
    text = file.read_text(encoding="utf-8")
    if re.search(r"^problems:\s*\[\]\s*$", text, re.MULTILINE):
        text = re.sub(r"^problems:\s*\[\]\s*$", "problems:", text, count=1, flags=re.MULTILINE)
    if not re.search(r"^problems:\s*(#.*)?$", text, re.MULTILINE):
        raise ProblemConfigError(f"{file}: add `problems:` as its last key to let ojpack new append to it")
    line = f'  - {{letter: {entry.letter}, path: {entry.path}, color: "{entry.color}"}}\n'
    file.write_text(text.rstrip("\n") + "\n" + line, encoding="utf-8")
    if entry.path not in [p.path for p in load_contest(root).spec.problems]:
        raise ProblemConfigError(f"{file}: the problem was appended but does not read back under `problems:`; "
                                 "keep `problems:` the last key")
