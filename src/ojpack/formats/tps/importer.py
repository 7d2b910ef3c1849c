"""A TPS batch task → an `Imported` description.

gen/data lists each subtask's tests: `@subtask NAME` opens one, `@include OTHER` repeats another's tests in it
(TPS scores a subtask by all of them), `manual FILE` copies gen/manual/FILE, any other line runs the generator
it names (gen/NAME.cpp, with testlib) with its arguments. Scores come from subtasks/*.json (or subtasks.json);
solutions.json gives each solution's verdict and, under `except`, another verdict on some subtasks.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

from ...errors import OjpackError
from ..common.placeholder import permissive_validator
from ..common.writer import Imported, SolutionIn, TestIn, fill_names, safe_name, scale_scores
from ..common.submissions import SOME_POINTS, runnable
from ..italy import checker as cms_checker
from ..polygon.testlib_run import adapter
from . import export, kinds

# TPS's verdicts -> ojpack's (a set where TPS's is broader: `failed` is any failure)
VERDICTS = {"model_solution": ["AC"], "correct": ["AC"], "incorrect": ["WA"], "time_limit": ["TLE"],
            "runtime_error": ["RE"], "memory_limit": ["MLE"], "time_limit_and_runtime_error": ["TLE", "RE"],
            "partially_correct": ["PC"], "protocol_violation": ["WA", "RE"],
            "failed": ["WA", "TLE", "RE", "MLE", "OLE"]}


def shared(verdicts: list[str], imp: Imported) -> list[str]:
    """An output-only task's checker grades by share: TPS calls outputs worth part of the points `incorrect`
    too (IOI 2017 nowruz), so there an incorrect solution may earn a share (PC) where it is not wrong."""
    return ["WA", "PC"] if verdicts == ["WA"] and imp.kind.get("kind") == "output_only" else verdicts


def is_task(root: Path) -> bool:
    return (root / "problem.json").is_file() and (root / "gen" / "data").is_file() or export.is_export(root)


def _json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise OjpackError(f"{path}:{e.lineno}: not JSON: {e.msg}") from None


def read(root: Path) -> Imported:
    meta = _json(root / "problem.json")
    if not isinstance(meta, dict):
        raise OjpackError(f"{root / 'problem.json'}: expected an object")
    if export.is_export(root):   # what `tps export CMS` writes: final tests, solutions by verdict folder
        return export.read(root, _checker, VERDICTS, shared)
    kind = kinds.kind_of(meta)
    short = re.sub(r"[^a-z0-9]", "", str(meta.get("name") or root.name).lower()) or "task"
    imp = Imported("tps", short, {}, {"time": float(meta.get("time_limit") or 1.0),
                                      "memory": int(float(meta.get("memory_limit") or 256))}, [], [], [], "", "")
    if imp.limits["time"] > 60:   # an output-only task's (its solvers'), over problem.yaml's largest
        imp.note(f"time limit {imp.limits['time']:g} s: ojpack's largest is 60 s, used instead")
        imp.limits["time"] = 60.0
    imp.names = fill_names({"en": str(meta["title"])} if meta.get("title") else {}, imp)
    imp.took("problem.json", "read: name, title, limits, type → problem.yaml")
    imp.kind = kinds.section(root, meta, kind, short, imp)
    scores, validators = _subtasks(root, imp)
    rename = _tests(root, scores, imp)
    _validator(root, validators, imp)
    # TPS's default: a checker, but in Communication tasks (where the manager judges)
    if meta.get("has_checker", kind != "communication" and (root / "checker").is_dir()) \
            and not meta.get("ignore_checker"):
        _checker(root, imp)
    _solutions(root, rename, imp)
    # TPS judges a subtask by its first failing test (its verdict), not every test's
    imp.verdict_rule = "first_failure"
    statement = next(iter(sorted((root / "statement").glob("*.md"))), None) if (root / "statement").is_dir() else None
    if statement is not None:
        imp.files["statement/problem.en.md.j2"] = statement.read_bytes()
    return imp


def _subtasks(root: Path, imp: Imported) -> tuple[dict[str, float], list[str]]:
    """Each subtask's score (by name, in index order), and the global validators."""
    found: dict[str, dict[str, Any]] = {}
    glob: list[str] = []
    if (root / "subtasks").is_dir():
        for f in sorted((root / "subtasks").glob("*.json")):
            found[f.stem] = _json(f)
        if (root / "subtasks" / "global_validators.json").is_file():   # not a subtask
            glob = list(found.pop("global_validators") or [])
    elif (root / "subtasks.json").is_file():
        raw = _json(root / "subtasks.json")
        found = dict(raw.get("subtasks") or {})
        glob = list(raw.get("global_validators") or [])
    else:
        raise OjpackError(f"{root}: neither subtasks/ nor subtasks.json: the task has no subtasks")
    imp.took("subtasks.json" if (root / "subtasks.json").is_file() else "subtasks/", "read: the subtasks' scores")
    ordered = sorted(found.items(), key=lambda kv: int(kv[1].get("index", 0)))
    return {name: float(s.get("score", 0)) for name, s in ordered}, glob


def _tests(root: Path, scores: dict[str, float], imp: Imported) -> dict[str, str]:
    """imp.tests and imp.subtasks; TPS's subtask names -> ojpack's groups."""
    lines: dict[str, list[TestIn]] = {}
    current: str | None = None
    data = root / "gen" / "data"
    for number, raw in enumerate(data.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.split("#")[0].strip()
        if not line:
            continue
        words = shlex.split(line)
        if words[0] == "@subtask":
            current = words[1]
            lines.setdefault(current, [])
            continue
        if current is None:
            raise OjpackError(f"{data}:{number}: a test before the first @subtask")
        group = lines[current]
        if words[0] == "@include":
            for other in words[1:]:
                if other not in lines:
                    raise OjpackError(f"{data}:{number}: @include {other}: no such subtask above")
                group += [TestIn(current, t.name, t.origin, t.input, t.answer, t.gen) for t in lines[other]]
            continue
        name = f"{current}-{len(group) + 1:02d}"
        if words[0] == "manual":
            path = root / "gen" / "manual" / words[1]
            if not path.is_file():
                raise OjpackError(f"{data}:{number}: manual {words[1]}: no such file in gen/manual/")
            group.append(TestIn(current, name, f"gen/manual/{words[1]}", path.read_bytes()))
        else:
            source = next(iter(sorted((root / "gen").glob(f"{words[0]}.*"))), None)
            if source is None:
                raise OjpackError(f"{data}:{number}: generator {words[0]}: no gen/{words[0]}.* source")
            group.append(TestIn(current, name, f"gen/data:{number}", None, gen=" ".join([source.name, *words[1:]])))
    for f in sorted((root / "gen").glob("*")):
        if f.is_file() and f.suffix in (".cpp", ".h", ".py", ".c") or f.name == "testlib.h":
            imp.files[f"generators/{f.name}"] = f.read_bytes()
    imp.took("gen/data", "read: each subtask's tests → problem.yaml")
    groups = [g for g in scores if lines.get(g)]
    for g in scores:
        if g not in lines:
            imp.note(f"subtask {g} has no tests in gen/data: left out")
    # a worthless subtask of samples is ojpack's sample group (worth nothing too), not a subtask
    rename = {g: "sample" if scores[g] <= 0 and "sample" in g.lower() else safe_name(g, f"subtask{i}")
              for i, g in enumerate(groups, start=1)}
    for g in groups:
        for i, t in enumerate(lines[g], start=1):   # @include repeats names: each subtask numbers its own
            t.group, t.name = rename[g], f"{rename[g]}-{i:02d}"
            imp.tests.append(t)
    groups_scored = [g for g in groups if rename[g] != "sample"]
    total = sum(scores[g] for g in groups_scored)
    if total != 100 or any(scores[g] <= 0 for g in groups_scored):
        zero = [g for g in groups_scored if scores[g] <= 0]
        imp.note("subtasks scored 0 (" + ", ".join(zero) + ") keep 1 point: ojpack's subtasks each carry points"
                 if zero else f"the subtask scores add up to {total:g}; scaled to 100")
    imp.subtasks = scale_scores([(rename[g], max(scores[g], 0.0)) for g in groups_scored], imp)
    return rename


def _validator(root: Path, glob: list[str], imp: Imported) -> None:
    """The global testlib validator, through Polygon's adapter (the same protocol: exit 0 valid)."""
    folder = root / "validator"
    chosen = next((folder / v for v in glob if (folder / v).is_file()), None)
    if chosen is not None and chosen.suffix != ".cpp":   # never an accept-all one in place of the package's
        raise OjpackError(f"validator/{chosen.name}: a validator in another language than C++ cannot be carried over")
    if chosen is None:
        imp.validator = permissive_validator(imp)
        return
    header = f"{chosen.stem}_tps.h"
    imp.files[f"validators/{header}"] = chosen.read_bytes()
    imp.files["validators/validate.cpp"] = adapter(f"validator/{chosen.name}", header, []).encode()
    for h in sorted(folder.glob("*.h")):
        imp.files[f"validators/{h.name}"] = h.read_bytes()
    imp.validator = "validators/validate.cpp"
    others = sorted(p.name for p in folder.glob("*.cpp") if p != chosen)
    if others:
        imp.note(f"validator/: the per-subtask validators ({', '.join(others)}) are not run; "
                 f"{chosen.name} checks every input")


def _checker(root: Path, imp: Imported) -> None:
    path = root / "checker" / "checker.cpp"
    if not path.is_file():
        raise OjpackError(f"{root}: problem.json has a checker but checker/checker.cpp is missing")
    imp.files["validators/checker/checker_tps.h"] = path.read_bytes()
    imp.files["validators/checker/check.cpp"] = cms_checker.adapter("checker/checker.cpp", "checker_tps.h")
    for h in sorted(path.parent.glob("*.h")):
        imp.files[f"validators/checker/{h.name}"] = h.read_bytes()
    imp.checker = {"type": "program", "source": "validators/checker/check.cpp", "convention": "kattis"}


def _solutions(root: Path, rename: dict[str, str], imp: Imported) -> None:
    table = _json(root / "solutions.json") if (root / "solutions.json").is_file() else {}
    names = {s.group for s in imp.subtasks}
    for file, entry in table.items():
        path = root / "solution" / file
        verdict = str((entry or {}).get("verdict", ""))
        if not path.is_file() or verdict not in VERDICTS:
            imp.note(f"solutions.json: {file}: " + ("no such file in solution/" if not path.is_file()
                                                    else f"verdict {verdict!r} is not one TPS defines") + "; left out")
            continue
        name, why = runnable(path)
        if name is None:
            imp.note(f"solution/{file}: {why}; left out")
            continue
        exceptions = (entry or {}).get("except") or {}
        expect = {rename.get(g, g): VERDICTS.get(str(v), ["AC"]) for g, v in exceptions.items()}
        expect = {g: v for g, v in expect.items() if g in names}
        overall = shared(VERDICTS[verdict], imp)
        between = None
        if expect:   # the other subtasks get the overall verdict (partially correct: part of each one's points)
            expect = {g: expect.get(g, overall) for g in sorted(names)}
        elif overall == ["PC"]:   # part of the task's points: some, not all
            between = SOME_POINTS
        if overall == ["PC"]:
            overall = ["WA"]
        if expect:   # the per-subtask sets say it all; the folder only needs a failing verdict
            overall = overall[:1]
        imp.solutions.append(SolutionIn(name, path.read_bytes(), overall, f"solution/{file}", expect=expect or None,
                                        score_range=between))
        if verdict == "model_solution":
            imp.model = f"solution/{file}"
    imp.took("solutions.json", "read: each solution's verdict and its exceptions per subtask → solutions/, "
             "problem.yaml")
    if not imp.model:
        raise OjpackError(f"{root}: solutions.json names no model_solution")
