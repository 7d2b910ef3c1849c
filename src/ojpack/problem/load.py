"""Load problem.yaml into a validated, read-only Problem; every mistake becomes one clear error."""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..errors import OjpackError, ProblemConfigError
from .schema import ProblemSpec, Subtask
from .strict import Invalid, Place, convert, dotted, shape_errors
from .noalias import AliasRefused
from .source import DuplicateKey, line_of, read_yaml

PROBLEM_FILE = "problem.yaml"
# What a package is made of by convention (everything else under its root is build output or caches).
SOURCE_PARTS = ("problem.yaml", "data.sha256", "generators", "validators", "checkers", "solutions", "submissions",
                "statement", "proof", "interactor", "include", "visualizers", "graders", "attachments")


@dataclass(frozen=True)
class Problem:
    root: Path
    spec: ProblemSpec
    lines: dict[Place, int] = field(default_factory=dict, compare=False, repr=False)  # key -> line

    def path(self, rel: str) -> Path:
        return self.root / rel

    def model_path(self) -> Path:
        """The model solution's source; an error naming what is missing when the package has none."""
        if not self.spec.model_solution:
            raise OjpackError(f"{PROBLEM_FILE}: no model_solution (every test carries its answer): this needs one")
        return self.path(self.spec.model_solution)

    def language_of(self, rel: str) -> str | None:
        """The language id problem.yaml's solutions.languages gives the file at `rel` (from the root or from
        solutions/); None: its extension tells."""
        langs = self.spec.solutions.languages
        return langs.get(rel, langs.get(rel.split("/", 1)[1] if "/" in rel else rel))

    def includes(self) -> dict[str, Path]:
        """problem.yaml's solutions.include: language id (or `default`) -> the folder copied beside a solution."""
        return {lang: self.path(folder) for lang, folder in self.spec.solutions.include.items()}

    def where(self, *at: str | int) -> str:
        """'problem.yaml line N: 'a.b[0]'' — how an error points at a key."""
        line = line_of(self.lines, at)
        return f"{PROBLEM_FILE}{f' line {line}' if line else ''}: '{dotted(at)}'"

    @property
    def groups(self) -> list[str]:
        return [s.group for s in self.spec.subtasks]

    def subtask(self, group: str) -> Subtask | None:
        return next((s for s in self.spec.subtasks if s.group == group), None)

    def bounds_for(self, group: str) -> dict[str, tuple[int, int]]:
        """The bounds in force for a group: the global ones, tightened by its subtask."""
        out = {k: (b.min, b.max) for k, b in self.spec.bounds.items()}
        sub = self.subtask(group)
        for k, o in (sub.bounds.items() if sub else ()):
            lo, hi = out[k]
            out[k] = (o.min if o.min is not None else lo, o.max if o.max is not None else hi)
        return out


def copy_sources(src: Path, dst: Path) -> Path:
    """Copy a package's own files (not data/, build/ or caches) into `dst`, e.g. for a clean rebuild."""
    dst.mkdir(parents=True, exist_ok=True)
    for part in SOURCE_PARTS:
        if (src / part).is_dir():
            shutil.copytree(src / part, dst / part, ignore=shutil.ignore_patterns("__pycache__"))
        elif (src / part).exists():
            shutil.copy2(src / part, dst / part)
    return dst


def find_root(start: Path | None = None) -> Path:
    """The problem root. Given `start` (--problem), it must hold problem.yaml; without it, the nearest
    folder from the current one upward that holds one (as git finds its repository)."""
    if start is not None:
        root = start.resolve()
        if not (root / PROBLEM_FILE).is_file():
            raise ProblemConfigError(f"no {PROBLEM_FILE} in {root} (use --problem DIR to point at a problem)")
        return root
    here = Path.cwd().resolve()
    for folder in (here, *here.parents):
        if (folder / PROBLEM_FILE).is_file():
            return folder
    raise ProblemConfigError(f"no {PROBLEM_FILE} in {here} or any folder above it "
                             "(use --problem DIR to point at a problem)")


def load_problem(root: Path | None = None) -> Problem:
    root = find_root(root)
    spec, lines = read_spec(root / PROBLEM_FILE, ProblemSpec)
    problem = Problem(root, spec, lines)
    _check_files(problem)
    _check_placeholders(problem)
    return problem


def read_spec(file: Path, kind: type) -> tuple[Any, dict[Place, int]]:
    """A YAML file read strictly into `kind` (problem.yaml, contest.yaml), and every key's line; each mistake
    is one ProblemConfigError line naming the file, the line and the key."""
    try:
        raw, lines = read_yaml(file.read_text(encoding="utf-8"))
    except (DuplicateKey, AliasRefused) as e:
        raise ProblemConfigError(f"{file}: {e}") from None
    except UnicodeDecodeError as e:
        raise ProblemConfigError(f"{file}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise ProblemConfigError(f"{file}:{where}: invalid YAML: {getattr(e, 'problem', None) or e}") from None
    if not isinstance(raw, dict):
        raise ProblemConfigError(f"{file}: expected a mapping of keys at the top level")
    raise_shape_errors(file, raw, lines, kind)
    try:
        return convert(raw, kind), lines
    except Invalid as e:
        line = line_of(lines, e.at)
        raise ProblemConfigError(f"{file}:{f' line {line}:' if line else ''} {e.describe()}") from None


def raise_shape_errors(file: Path, raw: object, lines: dict[Place, int], kind: type) -> None:
    """Mistakes of one kind all at once (a new file often lacks several keys), in one line; unknown keys first:
    a typo also leaves its real key missing, and the typo explains both."""
    for found in shape_errors(raw, kind):
        if found:
            found.sort(key=lambda e: line_of(lines, e.at) or 0)
            listed = "; ".join((f"line {n}: " if (n := line_of(lines, e.at)) else "") + e.message for e in found)
            raise ProblemConfigError(f"{file}: {listed}")


def _check_files(problem: Problem) -> None:
    spec = problem.spec
    needed: dict[tuple[str | int, ...], str] = {("validator",): spec.validator}
    if spec.model_solution:
        needed[("model_solution",)] = spec.model_solution
    if spec.checker.source:
        needed[("checker", "source")] = spec.checker.source
    for group, lines in spec.tests.items():
        for i, t in enumerate(lines):
            if t.copy_:
                needed[("tests", group, i, "copy")] = t.copy_
            if t.answer:
                needed[("tests", group, i, "answer")] = t.answer
    if spec.interactor:
        needed[("interactor", "source")] = spec.interactor.source
    for i, extra in enumerate(spec.extra_validators):
        needed[("extra_validators", i, "source")] = extra.source
    if spec.visualizer:
        needed[("visualizer", "source")] = spec.visualizer.source
    needed.update(_kind_files(spec))
    root = problem.root.resolve()
    for at, rel in needed.items():
        # A package must travel whole: a file outside it would be missing wherever the package goes.
        if not problem.path(rel).resolve().is_relative_to(root):
            raise ProblemConfigError(f"{problem.where(*at)}: {rel} is outside the package folder {root}")
        if not problem.path(rel).is_file():
            raise ProblemConfigError(f"{problem.where(*at)}: file {rel} does not exist")


def _kind_files(spec: ProblemSpec) -> dict[tuple[str | int, ...], str]:
    """The files a grader or communication task names, by their place in problem.yaml."""
    out: dict[tuple[str | int, ...], str] = {}
    for section, linked in (("grader", spec.grader), ("communication", spec.communication and spec.communication.stub)):
        if linked is None:
            continue
        at = (section,) if section == "grader" else (section, "stub")
        for lang, i, rel in linked.every_file():
            out[(*at, lang, "files", i)] = rel
    for section, owner in (("grader", spec.grader), ("communication", spec.communication)):
        for i, rel in enumerate(getattr(owner, "public", None) or []):
            out[(section, "public", i)] = rel
    if spec.communication:
        out[("communication", "manager")] = spec.communication.manager
    return out


# Anything in braces is meant as a placeholder; only {X.min} and {X.max} of a declared bound X are.
_BRACES = re.compile(r"\{([^{}]*)\}")


def _check_placeholders(problem: Problem) -> None:
    bounds = problem.spec.bounds
    commands = [(("tests", g, i, "gen"), t.gen) for g, lines in problem.spec.tests.items()
                for i, t in enumerate(lines) if t.gen]
    if problem.spec.proof:
        commands.append((("proof", "args"), problem.spec.proof.args))
    for at, command in commands:
        for m in _BRACES.finditer(command):
            name, _, end = m.group(1).partition(".")
            if name not in bounds or end not in ("min", "max"):
                raise ProblemConfigError(
                    f"{problem.where(*at)}: placeholder {m.group(0)} is not a bound; use {{X.min}} or {{X.max}} "
                    f"with X among {', '.join(sorted(bounds))}")
