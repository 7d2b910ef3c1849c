"""What the strength, stress, statement, exports, history and contest pages show."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..judging import compare, load_last
from ..judging import history as check_history
from ..problem import Problem
from .safety import Excerpt, excerpt, inside

LISTED = 200   # files listed per export target: a page, not a file manager


def strength(problem: Problem) -> dict[str, Any]:
    check = load_last(problem, "check")
    figures = check.get("strength") if isinstance(check, dict) else None
    subtasks = check.get("subtask_strength", []) if isinstance(check, dict) else []
    killing = check.get("killing_set") if isinstance(check, dict) else None
    report = load_last(problem, "strength")
    survivors = []
    if isinstance(report, dict):
        for s in report.get("survived") or []:
            shown = None
            if isinstance(s, dict) and isinstance(s.get("counterexample"), str):
                path = Path(s["counterexample"])
                rel = path.relative_to(problem.root).as_posix() if path.is_relative_to(problem.root) else None
                found = inside(problem.root, rel) if rel else None
                shown = excerpt(found) if found is not None and found.is_file() else None
            if isinstance(s, dict):
                survivors.append({**s, "input": shown})
    return {"check": check, "figures": figures, "subtasks": subtasks, "killing_set": killing,
            "strength": report, "survivors": survivors, "coverage": coverage(problem),
            "overall": coverage_overall(problem)}


@dataclass(frozen=True)
class GroupCoverage:
    group: str
    tests: int
    features: tuple[str, ...]             # hit against the group's own bounds
    classes: tuple[tuple[str, int], ...]
    answers: int                          # distinct answer tokens
    wanted: tuple[tuple[str, bool], ...]  # what problem.yaml's coverage asks of the group, and whether it is hit


def coverage(problem: Problem) -> list[GroupCoverage]:
    """Per subtask: what its built tests hit (the validator's --features reports in the manifest) beside
    what `coverage:` asks of it (the answers every group must show, and the subtask's own coverage)."""
    from collections import Counter

    from .views import manifest

    spec, rows = problem.spec.coverage, []
    for sub in problem.spec.subtasks:
        mine = [t for t in manifest(problem) if t.get("group") == sub.group]
        reports = [t["features"] for t in mine if isinstance(t.get("features"), dict)]
        hit = {f for r in reports for f in r.get("group_features", r.get("features", []))}
        classes: Counter[str] = Counter()
        for r in reports:
            classes.update({k: v for k, v in (r.get("classes") or {}).items() if isinstance(v, int) and v})
        answers = {a for t in mine for a in (t.get("answers") or {})}
        own = sub.coverage
        wanted = [(f"feature {f}", f in hit) for f in own.features]
        wanted += [(f"class {c}", bool(classes[c])) for c in own.classes]
        wanted += [(f"answer {a}", a in answers) for a in dict.fromkeys([*spec.answers, *own.answers])]
        rows.append(GroupCoverage(sub.group, len(mine), tuple(sorted(hit)), tuple(sorted(classes.items())),
                                  len(answers), tuple(wanted)))
    return rows


def coverage_overall(problem: Problem) -> list[tuple[str, bool]]:
    """What `coverage:` asks of all secret tests together (features against the problem's bounds, classes)."""
    from .views import manifest

    secret = [t["features"] for t in manifest(problem) if t.get("group") != "sample" and isinstance(t.get("features"), dict)]
    hit = {f for r in secret for f in r.get("features", [])}
    classes = {k for r in secret for k, v in (r.get("classes") or {}).items() if v}
    spec = problem.spec.coverage
    return [(f"feature {f}", f in hit) for f in spec.features] + [(f"class {c}", c in classes) for c in spec.classes]


@dataclass(frozen=True)
class Counterexample:
    stem: str
    input: Excerpt
    expected: Excerpt | None
    got: Excerpt | None
    log: str


def stress(problem: Problem) -> dict[str, Any]:
    """Every counterexample kept under build/stress/ (STEM.in, .ans, .out, .log), newest first. `ojpack stress`
    keeps each solution's in its own folder, build/stress/SOLUTION/, so a stem is SOLUTION/STEM (a bare STEM
    is one from an older ojpack, which wrote them all into build/stress/)."""
    folder = inside(problem.root, "build/stress")
    found = []
    if folder is not None and folder.is_dir():
        inputs = sorted([*folder.glob("*.in"), *folder.glob("*/*.in")], key=_mtime, reverse=True)
        for path in inputs[:50]:
            stem = path.relative_to(folder).as_posix()[: -len(".in")]
            if inside(problem.root, f"build/stress/{stem}.in") is None:   # a symlink out of the package
                continue
            side = {ext: _excerpt_of(problem, f"build/stress/{stem}.{ext}") for ext in ("ans", "out", "log")}
            log = side["log"].head if side["log"] else ""
            found.append(Counterexample(stem, excerpt(path), side["ans"], side["out"], log))
    return {"found": found, "stress": load_last(problem, "stress"), "solutions": solutions(problem)}


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:   # a dangling link: listed last, then refused by inside()
        return 0.0


def _excerpt_of(problem: Problem, rel: str) -> Excerpt | None:
    path = inside(problem.root, rel)
    return excerpt(path) if path is not None and path.is_file() else None


def solutions(problem: Problem) -> list[str]:
    from ..errors import OjpackError
    from ..judging import discover

    try:
        return [s.rel for s in discover(problem)]
    except OjpackError:
        return []


def suggested_name(stem: str) -> str:
    """A test name problem.yaml accepts, from a counterexample's file stem (SOLUTION/STEM: from STEM)."""
    name = re.sub(r"[^a-z0-9_-]+", "-", stem.rsplit("/", 1)[-1].lower()).strip("-_")
    return ("stress-" + name)[:40].rstrip("-_") or "stress"


@dataclass(frozen=True)
class Statement:
    lang: str
    source: str | None       # statement/problem.<lang>.md.j2, as text
    html: str | None         # build/statement/problem.<lang>.html, relative to the package
    pdf: str | None


def statement(problem: Problem) -> dict[str, Any]:
    out = []
    for lang in sorted(problem.spec.name):
        source = _excerpt_of(problem, f"statement/problem.{lang}.md.j2")
        html = f"build/statement/problem.{lang}.html"
        pdf = f"build/statement/problem.{lang}.pdf"
        out.append(Statement(lang, source.head + ("\n…" if source.tail else "") if source else None,
                             html if _exists(problem, html) else None, pdf if _exists(problem, pdf) else None))
    samples = []
    from .views import data_file, manifest

    for t in manifest(problem):
        if t.get("group") == "sample":
            files = [data_file(problem, t.get(k)) for k in ("input", "answer")]
            samples.append((t["id"], *(excerpt(f) if f else None for f in files)))
    return {"statements": out, "samples": samples}


def _exists(problem: Problem, rel: str) -> bool:
    path = inside(problem.root, rel)
    return path is not None and path.is_file()


@dataclass(frozen=True)
class Target:
    name: str
    zip: str | None
    files: tuple[tuple[str, int], ...]
    more: int


def exports(problem: Problem) -> dict[str, Any]:
    folder = inside(problem.root, "build/export")
    targets = []
    if folder is not None and folder.is_dir():
        for sub in sorted(p for p in folder.iterdir() if p.is_dir() and not p.is_symlink()):
            files = []
            for path in sorted(sub.rglob("*")):
                if path.is_file() and not path.is_symlink():
                    files.append((path.relative_to(sub).as_posix(), path.stat().st_size))
            zipped = f"build/export/{sub.name}.zip"
            targets.append(Target(sub.name, zipped if _exists(problem, zipped) else None,
                                  tuple(files[:LISTED]), max(0, len(files) - LISTED)))
    report = load_last(problem, "export")
    notes: dict[str, dict[str, Any]] = {}
    if isinstance(report, dict):
        for entry in report.get("targets") or []:
            if isinstance(entry, dict) and entry.get("target"):
                notes[str(entry["target"])] = {"lost": entry.get("cannot_express") or [],
                                               "todo": entry.get("todo") or [], "error": entry.get("error")}
    skipped = report.get("skipped") or {} if isinstance(report, dict) else {}
    return {"targets": targets, "report": report, "notes": notes, "skipped": skipped}


def history(problem: Problem, a: str, b: str) -> dict[str, Any]:
    rows = [e.to_json() for e in check_history(problem)]
    diff, error = None, None
    if a and b and rows:
        from ..errors import OjpackError

        try:
            diff = compare(problem, a, b).to_json()
        except OjpackError as e:
            error = str(e)
    return {"entries": rows[::-1], "a": a, "b": b, "diff": diff,
            "error": error}


@dataclass(frozen=True)
class ContestRow:
    key: str
    letter: str
    path: str
    color: str | None
    title: str
    status: str
    when: str | None


def contest_rows(root: Path, keys: dict[str, Path]) -> list[ContestRow]:
    from ..errors import OjpackError
    from ..problem import load_contest, load_problem

    contest = load_contest(root)
    rows = []
    for entry in contest.spec.problems:
        title, status, when = entry.path, "not checked", None
        try:
            problem = load_problem(contest.folder(entry))
            title = next(iter(problem.spec.name.values()))
            check = load_last(problem, "check")
            if isinstance(check, dict):
                status, when = ("ok" if check.get("ok") else "failing"), check.get("when")
        except OjpackError as e:
            status = f"broken: {e}"
        rows.append(ContestRow(entry.letter, entry.letter, entry.path, entry.color, title, status, when))
    return rows
