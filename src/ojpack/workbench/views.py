"""What the overview, tests, invocations and run pages show, gathered from the package and its records."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import OjpackError
from ..judging import load_last, run_detail
from ..problem import Problem, make_plan
from .safety import Excerpt, excerpt, inside

VERDICT_ORDER = ("AC", "PC", "WA", "TLE", "MLE", "OLE", "RE", "CE", "JE")


def overview(problem: Problem) -> dict[str, Any]:
    from ..sandbox import sandbox_mode

    spec = problem.spec
    check = load_last(problem, "check")
    warnings: list[str] = []
    try:
        planned = len(make_plan(problem))
    except OjpackError as e:
        planned, warnings = 0, [*warnings, str(e)]
    try:
        from ..judging import discover

        solutions = len(discover(problem))
    except OjpackError as e:
        solutions, warnings = 0, [*warnings, str(e)]
    try:
        mode = sandbox_mode().describe()
    except OjpackError as e:
        mode = f"sandbox unavailable: {e}"
    faults = []
    if isinstance(check, dict):
        faults = [f"{s['name']}: {f}" for s in check.get("solutions", []) for f in s.get("faults", [])]
    return {
        "limits": spec.limits, "languages": sorted(spec.name), "titles": spec.name,
        "subtasks": [(s.group, s.score) for s in spec.subtasks], "type": spec.type,
        "interactive": spec.interactor is not None, "planned": planned, "solutions": solutions,
        "built": len(manifest(problem)), "check": check, "faults": faults, "warnings": warnings, "mode": mode,
    }


def manifest(problem: Problem) -> list[dict[str, Any]]:
    """data/manifest.json's tests, read as they are: the workbench shows what the last build left, stale or
    not (checking freshness would hash every file of the data)."""
    path = inside(problem.root, "data/manifest.json")
    if path is None or not path.is_file():
        return []
    try:
        tests = json.loads(path.read_text(encoding="utf-8")).get("tests", [])
    except (ValueError, OSError):
        return []
    return [t for t in tests if isinstance(t, dict) and isinstance(t.get("id"), str)]


def data_file(problem: Problem, rel: object) -> Path | None:
    """A file of data/ named by the manifest, or None when it is missing or leads out of the package."""
    if not isinstance(rel, str):
        return None
    path = inside(problem.root, f"data/{rel}")
    return path if path is not None and path.is_file() else None


@dataclass(frozen=True)
class TestRow:
    id: str
    group: str
    origin: str
    size: int | None
    valid: str
    classes: str
    answers: str


def tests(problem: Problem) -> list[TestRow]:
    try:
        origin = {p.id: p.line for p in make_plan(problem)}
    except OjpackError:
        origin = {}
    rows = []
    for t in manifest(problem):
        path = data_file(problem, t.get("input"))
        features = t.get("features") if isinstance(t.get("features"), dict) else {}
        classes = {**dict.fromkeys(features.get("features", []), 1), **(features.get("classes") or {})}
        answers = t.get("answers") if isinstance(t.get("answers"), dict) else {}
        rows.append(TestRow(
            t["id"], str(t.get("group", "")), origin.get(t["id"], "(not in the plan)"),
            path.stat().st_size if path else None,
            "valid" if path else "missing",   # a test reaches the manifest only once the validator accepted it
            ", ".join(f"{k}" if v == 1 else f"{k}×{v}" for k, v in classes.items()),
            ", ".join(f"{k}" if v == 1 else f"{k}×{v}" for k, v in list(answers.items())[:6])
            + (" …" if len(answers) > 6 else "")))
    return rows


def test_page(problem: Problem, test_id: str) -> dict[str, Any] | None:
    entry = next((t for t in manifest(problem) if t["id"] == test_id), None)
    if entry is None:
        return None
    files: dict[str, Excerpt | None] = {}
    for kind in ("input", "answer"):
        path = data_file(problem, entry.get(kind))
        files[kind] = excerpt(path) if path else None
    row = next((r for r in tests(problem) if r.id == test_id), None)
    return {"id": test_id, "row": row, "files": files, "picture": problem.spec.visualizer is not None}


@dataclass(frozen=True)
class Cell:
    test: str
    verdict: str
    time: float | None
    failing: bool


@dataclass(frozen=True)
class Row:
    name: str
    path: str
    want: str
    got: str
    ok: bool
    score: object
    cells: tuple[Cell | None, ...]


def matrix(problem: Problem, failing: bool = False, solution: str = "", group: str = "") -> dict[str, Any]:
    check = load_last(problem, "check")
    if not isinstance(check, dict):
        return {"check": check, "rows": [], "tests": [], "groups": [], "names": []}
    all_tests = [t for t in check.get("tests", []) if isinstance(t, str)]
    groups = list(dict.fromkeys(t.split("/", 1)[0] for t in all_tests))
    shown = [t for t in all_tests if not group or t.split("/", 1)[0] == group]
    rows, names = [], []
    for s in check.get("solutions", []):
        names.append(s["name"])
        by_test = {c["test"]: c for c in s.get("cells", [])}
        cells = tuple(None if (c := by_test.get(t)) is None else
                      Cell(t, str(c["verdict"]), c.get("time"), c["verdict"] not in ("AC",)) for t in shown)
        row = Row(s["name"], s.get("path", ""), "/".join(s.get("expected", [])), str(s.get("verdict", "")),
                  bool(s.get("ok")), s.get("score"), cells)
        if solution and row.name != solution:
            continue
        if failing and row.ok and not any(c and c.failing for c in cells):
            continue
        rows.append(row)
    # the first test of each group after the first: the matrix draws a line before it, as the CLI's strip does
    starts = {t for before, t in zip(shown, shown[1:]) if before.split("/", 1)[0] != t.split("/", 1)[0]}
    return {"check": check, "rows": rows, "tests": shown, "groups": groups, "names": names,
            "short": {t: short_test(t, groups) for t in shown}, "starts": starts}


def short_test(test: str, groups: list[str]) -> str:
    group, stem = test.split("/", 1)
    number = stem.split("-", 1)[0]
    return f"{'s' if group == 'sample' else groups.index(group) + (0 if 'sample' in groups else 1)}.{number.lstrip('0') or '0'}"


def run_page(problem: Problem, solution: str, test: str) -> dict[str, Any]:
    detail = run_detail(problem, solution, test)
    data = None if detail is None else detail.to_json()
    diff = data.get("diff") if isinstance(data, dict) else None
    return {"solution": solution, "test": test, "detail": data, "diff": diff}


def diff_lines(diff: dict[str, Any] | None, side: str) -> list[tuple[int, list[tuple[str, bool]]]]:
    """The context lines of one side ('expected' or 'got'), each split into (text, is the differing token)
    so the template marks the token without building any HTML itself."""
    if not diff or not isinstance(diff.get(side), dict):
        return []
    where = diff[side]
    token, first = where.get("token"), int(where.get("line") or 0)
    out = []
    for entry in where.get("context") or []:
        number, text = int(entry.get("line", 0)), str(entry.get("text", ""))
        if number != first:
            out.append((number, [(text, False)]))
            continue
        if not token:   # this side ended before the token: mark the end of its last line
            out.append((number, [(text, False), ("⟂ end", True)]))
            continue
        # the column counts bytes; the line is text
        at = len(text.encode("utf-8")[:max(int(where.get("column") or 1) - 1, 0)].decode("utf-8", errors="ignore"))
        if text[at:at + len(token)] != token:
            at = text.find(token)
        if at < 0:
            out.append((number, [(text, True)]))
        else:
            out.append((number, [(text[:at], False), (token, True), (text[at + len(token):], False)]))
    return out
