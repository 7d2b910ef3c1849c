"""A TPS task's kind → problem.yaml's `kind:` and its section (problem/kinds.py).

problem.json's `type` is Batch, Communication, OutputOnly or TwoSteps. A Batch or Communication task is
compiled against graders unless `has_grader` is false: grader/ (TPS 2017) or graders/ (later TPS, and its CMS
export, flat) holds, per language (cpp/, c/, java/, py/, pas/ or by extension), `<grader_name>.<ext>`
(default `grader`) and its headers (Pascal: `<grader_name>lib.pas`). A Communication task's manager is
manager.cpp there, run `num_processes` times' worth of stubs (its `user_io`: fifo_io or std_io). The
contestant's file is named after the task (`name`): its grader includes `<name>.h`, Java runs `grader`.
public/<lang>/ holds what contestants get."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...errors import OjpackError
from ..common.writer import Imported

# TPS's language folders -> ojpack's language families, and each one's grader files beside `<grader_name>`
LANGS = {"cpp": "cpp", "c": "c", "java": "java", "py": "python", "pas": "pascal"}
EXT = {"cpp": ".cpp", "c": ".c", "java": ".java", "python": ".py", "pascal": ".pas"}
HEADERS = {"cpp": (".h", ".hpp"), "c": (".h",)}


def grader_dir(root: Path) -> Path | None:
    return next((root / d for d in ("graders", "grader") if (root / d).is_dir()), None)


def kind_of(meta: dict[str, Any]) -> str:
    """TPS's type (problem.json `type`, or `task_type` in a CMS export) as ojpack's kind."""
    raw = str(meta.get("type") or meta.get("task_type") or "Batch").replace("_", "").lower()
    kinds = {"batch": "batch", "communication": "communication", "outputonly": "output_only"}
    if raw not in kinds:
        raise OjpackError(f"problem.json: a TPS {meta.get('type') or meta.get('task_type')} task: ojpack imports "
                          "Batch (with or without graders), Communication and OutputOnly tasks")
    return kinds[raw]


def _files(folder: Path, lang: str, name: str) -> list[Path]:
    """One language's grader files in `folder`: the grader's source first, then its library and headers."""
    source = folder / f"{name}{EXT[lang]}"
    if not source.is_file():
        return []
    extra = [folder / f"{name}lib.pas"] if lang == "pascal" else \
        sorted(p for p in folder.iterdir() if p.suffix in HEADERS.get(lang, ()))
    return [source, *[p for p in extra if p.is_file()]]


def linked(root: Path, meta: dict[str, Any], imp: Imported, role: str) -> dict[str, Any]:
    """`grader:` (or a communication task's `stub:`) per language: each language's files, copied under
    graders/<lang>/ in the package."""
    folder = grader_dir(root)
    name = str(meta.get("grader_name") or "grader")
    found: dict[str, list[Path]] = {}
    if folder is not None:
        for sub, lang in LANGS.items():
            where = folder / sub if (folder / sub).is_dir() else folder   # a CMS export's graders/ is flat
            files = _files(where, lang, name)
            if files:
                found[lang] = files
    if not found:
        raise OjpackError(f"{root}: problem.json says the task has graders, but there is no "
                          f"{'graders/' if folder is None else folder.name + '/'}<lang>/{name}.<ext>")
    section: dict[str, Any] = {}
    for lang, files in found.items():
        rels = []
        for f in files:
            rel = f"graders/{lang}/{f.name}"
            imp.files[rel] = f.read_bytes()
            imp.took(f.relative_to(root).as_posix(), f"the {lang} {role} → {rel}")
            rels.append(rel)
        section[lang] = {"files": rels, **({"main": name} if lang == "java" else {})}
    return section


def public(root: Path, imp: Imported) -> list[str] | None:
    """public/<lang>/'s files but its scripts (what TPS zips for contestants), copied under public/."""
    folder = root / "public"
    if not folder.is_dir():
        return None
    rels = []
    for sub in sorted(LANGS):
        for f in sorted((folder / sub).glob("*")) if (folder / sub).is_dir() else []:
            if f.is_file() and f.suffix != ".sh":
                rels.append(f"public/{sub}/{f.name}")
                imp.files[rels[-1]] = f.read_bytes()
                imp.took(rels[-1], "a file contestants get → problem.yaml's public:")
    return rels or None


def section(root: Path, meta: dict[str, Any], kind: str, short: str, imp: Imported) -> dict[str, Any]:
    """problem.yaml's kind and its section ({} for a batch task without graders)."""
    submission = {"submission_name": str(meta.get("name") or short)}
    graded = meta.get("has_grader", grader_dir(root) is not None)
    if kind == "output_only":
        imp.note("an output-only task: its solutions are the programs that write the outputs (run as solvers)")
        return {"kind": "output_only", "output_only": {}}
    if kind == "batch":
        if not graded:
            return {}
        spec = linked(root, meta, imp, "grader")
        pub = public(root, imp)
        return {"kind": "grader", "grader": {**spec, **({"public": pub} if pub else {}), **submission}}
    folder = grader_dir(root)
    manager = folder / "manager.cpp" if folder is not None else root / "graders" / "manager.cpp"
    if not manager.is_file():
        raise OjpackError(f"{root}: a TPS Communication task without its manager ({manager.relative_to(root)})")
    if meta.get("has_checker", (root / "checker" / "checker.cpp").is_file()):
        raise OjpackError(f"{root}: the manager's output is judged by checker/checker.cpp (TPS 2017's two-stage "
                          "Communication); ojpack's manager itself prints the score, as CMS's does")
    imp.files["graders/manager.cpp"] = manager.read_bytes()
    imp.took(manager.relative_to(root).as_posix(), "the manager → graders/manager.cpp")
    for h in sorted(manager.parent.glob("*.h")):
        imp.files[f"graders/{h.name}"] = h.read_bytes()
    stub = linked(root, meta, imp, "stub") if graded else {}
    if not stub:
        raise OjpackError(f"{root}: a Communication task without stubs (has_grader false): ojpack links every "
                          "process with a stub")
    io = str(meta.get("user_io") or "fifo_io")
    pub = public(root, imp)
    comm = {"manager": "graders/manager.cpp", "processes": int(meta.get("num_processes") or 1),
            "channel": "stdio" if io == "std_io" else "fifo", "stub": stub, **({"public": pub} if pub else {}),
            **submission}
    return {"kind": "communication", "communication": comm}
