"""What `tps export CMS` writes (a zip holding one folder): problem.json with `task_type` and its parameters
(protocol 1: a JSON text of CMS's task_type_parameters_* keys; 2: CMS's list, e.g. Batch [compilation,
[input, output], evaluation], Communication [num_processes, compilation, user_io], OutputOnly [evaluation]),
the memory limit in bytes; graders/ flat (grader.<ext> or stub.<ext>, <name>.h, graderlib.pas, manager.cpp);
checker/; tests/<name>.in and .out; subtasks/NN-<name>.json (score, testcases); solutions/<verdict>/;
attachments/<name>.zip. The tests are final (no generators or validators are exported)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ...errors import OjpackError
from ..common.placeholder import permissive_validator
from ..common.submissions import SOME_POINTS, runnable
from ..common.writer import Imported, SolutionIn, TestIn, fill_names, safe_name, scale_scores
from . import kinds


def is_export(root: Path) -> bool:
    return (root / "problem.json").is_file() and (root / "tests").is_dir() and (root / "subtasks").is_dir() \
        and not (root / "gen" / "data").is_file()


def _params(meta: dict[str, Any], kind: str) -> dict[str, Any]:
    """The task type's parameters as the TPS problem.json keys kinds.section reads."""
    raw = meta.get("task_type_params")
    if isinstance(raw, str):   # protocol 1
        old = json.loads(raw or "{}")
        graded = {"batch": old.get("task_type_parameters_Batch_compilation", "alone") == "grader",
                  "communication": True, "output_only": False}[kind]
        return {"has_grader": graded, "num_processes": old.get("task_type_parameters_Communication_num_processes")}
    raw = list(raw or [])
    if kind == "batch":
        return {"has_grader": bool(raw) and raw[0] == "grader",
                "has_checker": len(raw) > 2 and raw[2] == "comparator"}
    if kind == "communication":
        return {"num_processes": raw[0] if raw else 1, "has_grader": len(raw) < 2 or raw[1] == "stub",
                "user_io": raw[2] if len(raw) > 2 else "fifo_io", "has_checker": False}
    return {"has_checker": bool(raw) and raw[0] == "comparator"}


def read(root: Path, checker: Any, verdicts: dict[str, list[str]], shared: Any) -> Imported:
    """`checker(root, imp)` carries checker/ over; `verdicts` is TPS's verdict table (importer.VERDICTS),
    `shared` widens one for an output-only task (importer.shared)."""
    meta = json.loads((root / "problem.json").read_text(encoding="utf-8"))
    kind = kinds.kind_of(meta)
    short = safe_name(str(meta.get("code") or root.name), "task").replace("-", "")
    imp = Imported("tps", short, {}, {"time": min(float(meta.get("time_limit") or 1.0), 60.0),
                                      "memory": max(1, int(float(meta.get("memory_limit") or 2 ** 28)) // 2 ** 20)},
                   [], [], [], "", "")
    imp.names = fill_names({"en": str(meta["name"])} if meta.get("name") else {}, imp)
    imp.took("problem.json", "read: code, name, limits, task type and its parameters → problem.yaml")
    params = {"name": short, **_params(meta, kind)}
    if (root / "graders" / "stub.cpp").is_file() or (root / "graders" / "stub.java").is_file():
        params["grader_name"] = "stub"
    imp.kind = kinds.section(root, params, kind, short, imp)
    _tests(root, imp)
    imp.validator = permissive_validator(imp)
    imp.note("a TPS CMS export carries no validator: the inputs are checked by none")
    if params.get("has_checker", (root / "checker" / "checker.cpp").is_file()) \
            and (root / "checker" / "checker.cpp").is_file():
        checker(root, imp)
    _solutions(root, imp, {v: shared(allowed, imp) for v, allowed in verdicts.items()})
    imp.verdict_rule = "first_failure"
    if (root / "attachments").is_dir():
        imp.note("attachments/: the contestants' zip is not carried over (public: lists the graders)")
    return imp


def _tests(root: Path, imp: Imported) -> None:
    entries = []
    for f in sorted((root / "subtasks").glob("*.json")):
        data = json.loads(f.read_text(encoding="utf-8"))
        name = f.stem.split("-", 1)[1] if "-" in f.stem and f.stem.split("-", 1)[0].isdigit() else f.stem
        entries.append((name, float(data.get("score", 0)), [str(t) for t in data.get("testcases") or []]))
    imp.took("subtasks/", "read: each subtask's score and tests")
    scored = []
    for i, (name, score, tests) in enumerate(entries, start=1):
        group = "sample" if score <= 0 and "sample" in name.lower() else safe_name(name, f"subtask{i}")
        if group != "sample":
            scored.append((group, score))
        for n, t in enumerate(tests, start=1):   # a test in several subtasks: each numbers its own copy
            inp, out = root / "tests" / f"{t}.in", root / "tests" / f"{t}.out"
            if not inp.is_file():
                raise OjpackError(f"subtasks/{name}: test {t}: no tests/{t}.in")
            imp.tests.append(TestIn(group, f"{group}-{n:02d}", f"tests/{t}.in", inp.read_bytes(),
                                    out.read_bytes() if out.is_file() else None))
    imp.took("tests/", "copied: the inputs; the answers compared with the model solution's")
    imp.subtasks = scale_scores(scored, imp)


def _solutions(root: Path, imp: Imported, verdicts: dict[str, list[str]]) -> None:
    folder = root / "solutions"
    for path in sorted(p for p in folder.rglob("*") if p.is_file()) if folder.is_dir() else []:
        verdict = path.parent.name
        if verdict not in verdicts:
            imp.note(f"solutions/{verdict}/{path.name}: not a verdict TPS defines; left out")
            continue
        name, why = runnable(path)
        if name is None:
            imp.note(f"solutions/{verdict}/{path.name}: {why}; left out")
            continue
        overall = verdicts[verdict]
        between = SOME_POINTS if overall == ["PC"] else None   # part of the points: some, not all
        imp.solutions.append(SolutionIn(name, path.read_bytes(), ["WA"] if between else overall,
                                        f"solutions/{verdict}/{path.name}", score_range=between))
        if verdict == "model_solution" and not imp.model:
            imp.model = f"solutions/{verdict}/{path.name}"
    imp.took("solutions/", "read: each solution's verdict by its folder (the export keeps no `except`)")
    if not imp.model:
        raise OjpackError(f"{root}: no solutions/model_solution/ in this TPS CMS export")
