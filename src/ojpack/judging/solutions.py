"""The package's solutions and the verdicts each is expected to get (a source file each, or a folder with
its own build/run scripts).

A solution's folder under solutions/ names its verdict (verdicts.FOLDERS); problem.yaml's
`solutions.verdicts: {path: [V, ...]}` replaces that with a set (see verdicts.py for the semantics), and
`solutions: {path: {group: V or [V, ...], score: N}}` states per-subtask verdicts and/or a score, for
partial solutions (any folder, e.g. solutions/partial/)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ProblemConfigError, require_utf8_name
from ..sandbox import is_script, is_source, load_languages
from ..problem import Problem
from .scoring import tidy
from .verdicts import FOLDERS, Verdict, fmt

SOLUTIONS_DIR = "solutions"
# Kattis and ICPC packages call the folder submissions/: either name works (not both at once).
FOLDER_NAMES = (SOLUTIONS_DIR, "submissions")


def solutions_dir(problem: Problem) -> str:
    """The package's solutions folder: solutions/, or submissions/ when only that one exists."""
    present = [name for name in FOLDER_NAMES if problem.path(name).is_dir()]
    if len(present) > 1:
        raise ProblemConfigError("both solutions/ and submissions/ exist: keep one (they mean the same)")
    return present[0] if present else SOLUTIONS_DIR


@dataclass(frozen=True)
class Solution:
    path: Path                     # absolute
    rel: str                       # relative to the problem root, e.g. solutions/accepted/john.py
    expected: frozenset[Verdict]   # the overall verdicts allowed
    # per-group expectations (group -> allowed verdicts) and the expected total score, for partial solutions
    by_group: dict[str, frozenset[Verdict]] = field(default_factory=dict)
    score: float | None = None
    lang: str | None = None        # problem.yaml's solutions.languages; None: the extension tells
    score_range: tuple[float, float] | None = None   # the lowest and highest total score, both included

    @property
    def name(self) -> str:
        """Short display name: the path below solutions/ (or submissions/)."""
        return self.rel.split("/", 1)[1] if self.rel.split("/", 1)[0] in FOLDER_NAMES else self.rel

    @property
    def partial(self) -> bool:
        return bool(self.by_group) or self.score is not None or self.score_range is not None

    @property
    def must_pass(self) -> bool:
        return self.expected == {Verdict.AC} and not self.partial

    @property
    def must_fail(self) -> bool:
        """A wrong solution: some test must make it fail (a partial one, or one no verdict of which is AC).
        A "TLE or AC" one may pass every test, so passing is no weakness of the data."""
        return self.partial or Verdict.AC not in self.expected

    @property
    def expected_text(self) -> str:
        if not self.partial:
            return fmt(self.expected)
        parts = [f"{g}:{fmt(v)}" for g, v in self.by_group.items()]
        if self.score_range is not None:
            parts.append(f"{self.score_range[0]:g}-{self.score_range[1]:g} pts")
        return " ".join(parts + ([f"{self.score} pts"] if self.score is not None else []))


def overall_expected(by_group: dict[str, frozenset[Verdict]], score: float | None,
                     order: list[str]) -> frozenset[Verdict]:
    """The overall verdicts (the first failing test's, in test order) that a per-group expectation
    implies: the failing verdicts of the listed groups up to the first one that must fail, plus AC when
    none must fail and the score allows it. Unlisted groups add nothing, so a partial solution that fails
    one of them first breaks its expectation: its overall verdict stays predictable for the exports."""
    failing = frozenset(Verdict) - {Verdict.AC}
    out: set[Verdict] = set()
    for g in order:
        allowed = by_group.get(g)
        if allowed is None:
            continue
        out |= allowed - {Verdict.AC}
        if Verdict.AC not in allowed:
            return frozenset(out)
    if score is None or score == 100:
        out.add(Verdict.AC)
    if score is not None and score < 100 and not out:
        out = set(failing)      # only a score: some test fails, nobody said how
    return frozenset(out)


def _rel_of(problem: Problem, path: str, top: str) -> str:
    """A per-subtask expectation may name its file from the problem root or from solutions/."""
    if path.startswith(f"{top}/") or not problem.path(f"{top}/{path}").is_file():
        return path
    return f"{top}/{path}"


def _programs(top: Path) -> list[Path]:
    """Every solution under `top`: a source file, or a folder (below a verdict folder) with its own `build`
    and/or `run` scripts, as Kattis and ICPC packages allow: one program, named by its `run` (else `build`),
    whose other files, sources included, are its own."""
    files = sorted(p for p in top.rglob("*") if p.is_file())
    scripted = {p.parent for p in files if is_script(p) and len(p.relative_to(top).parts) >= 3}
    out = []
    for p in files:
        owners = [d for d in scripted if d in p.parents]
        if not owners:
            if is_source(p):
                out.append(p)
            continue
        folder = min(owners, key=lambda d: len(d.parts))   # the outermost: a program's folder is all of it
        if p == next(f for f in (folder / "run", folder / "build") if f.is_file()):
            out.append(p)
    return out


def discover(problem: Problem) -> list[Solution]:
    """Every source file under solutions/ (or submissions/), accepted ones first, then by folder and name."""
    name = solutions_dir(problem)
    top = problem.path(name)
    overrides = problem.spec.solutions.verdicts
    expect = {_rel_of(problem, p, name): e for p, e in problem.spec.solutions.expect.items()}
    langs = {_rel_of(problem, p, name): lang for p, lang in problem.spec.solutions.languages.items()}
    for rel in [*overrides, *expect, *langs]:
        if not problem.path(rel).is_file():
            raise ProblemConfigError(f"problem.yaml: solutions: {rel} does not exist")
    for rel, lang in langs.items():
        if lang not in load_languages():
            raise ProblemConfigError(f"problem.yaml: solutions.languages: {rel}: unknown language {lang!r}; "
                                     f"known: {', '.join(load_languages())}")
    for lang, folder in problem.spec.solutions.include.items():
        if lang != "default" and lang not in load_languages():
            raise ProblemConfigError(f"problem.yaml: solutions.include: unknown language {lang!r}; known: default, "
                                     f"{', '.join(load_languages())}")
        if not problem.path(folder).is_dir():
            raise ProblemConfigError(f"problem.yaml: solutions.include: {lang}: {folder} is not a folder")
    order = ["sample", *problem.groups]
    found: list[Solution] = []
    for path in _programs(top) if top.is_dir() else []:
        rel = path.relative_to(problem.root).as_posix()
        if any(part.startswith(".") for part in Path(rel).parts):
            continue
        require_utf8_name(rel)
        folder = Path(rel).parts[1] if len(Path(rel).parts) > 2 else ""
        if rel in expect:
            e = expect[rel]
            groups = {g: frozenset(Verdict(v) for v in vs) for g, vs in e.groups.items()}
            groups = {g: groups[g] for g in order if g in groups}
            score = None if e.score is None else tidy(e.score)
            span = None if e.score_range is None else (tidy(e.score_range[0]), tidy(e.score_range[1]))
            expected = overall_expected(groups, score if span is None else min(span[1], 100), order)
            if span is not None and span[0] < 100 <= span[1] and not groups:   # full marks or fewer
                expected = frozenset(Verdict) - {Verdict.CE}
            found.append(Solution(path, rel, expected, groups, score, langs.get(rel), span))
            continue
        if rel in overrides:
            expected = frozenset(Verdict(v) for v in overrides[rel])
        elif folder in FOLDERS:
            expected = frozenset({FOLDERS[folder]})
        else:
            raise ProblemConfigError(
                f"{rel}: folder {folder or name!r} does not name a verdict ({', '.join(FOLDERS)}); "
                f"move the file, or list it in problem.yaml under solutions.verdicts or with per-subtask "
                f"expectations (solutions: {{{rel.removeprefix(name + '/')}: {{<subtask>: AC, score: N}}}})")
        found.append(Solution(path, rel, expected, lang=langs.get(rel)))
    folders = list(FOLDERS)

    def rank(s: Solution) -> tuple[bool, int, str]:
        folder = s.rel.split("/")[1]
        return (not s.must_pass, folders.index(folder) if folder in folders else len(folders), s.rel)
    found.sort(key=rank)
    return found
