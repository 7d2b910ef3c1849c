"""Grader, communication and output-only tasks in the exports: CMS holds all three (italy_yaml: graders as
sol/grader.<ext> with their headers, a Communication task's compiled check/manager with sol/stub.<ext> and
num_processes / user_io in task.yaml, `output_only: true`); Kattis and ICPC hold C and C++ graders as
include/<code>/; every other target, and those for the other kinds, cannot express them and is refused
(CannotHold, so `--to all` skips it, naming why)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...sandbox import detect
from .package import CannotHold, Package, Solution
from .checkers import compile_checker
from .write import Notes, copy

# target -> the kinds beyond batch it holds
HOLDS: dict[str, frozenset[str]] = {"cms": frozenset({"grader", "communication", "output_only"}),
                                    # include/<code>/: files compiled with a C or C++ submission
                                    "kattis": frozenset({"grader"}), "icpc2025": frozenset({"grader"})}
# the languages whose grader an include/<code>/ folder carries: compiled together with the submission
INCLUDED = {"cpp": "cpp", "c": "c"}
# CMS's source extension per language family (its LANGUAGES' source_extension), and header extensions
CMS_EXTENSION = {"cpp": ".cpp", "c": ".c", "java": ".java", "python": ".py", "pascal": ".pas"}
HEADERS = (".h", ".hpp", ".hh", "lib.pas")


def cannot(kind: str, target: str) -> str | None:
    """Why `target` cannot hold a task of `kind`; None when it can."""
    if kind == "batch" or kind in HOLDS.get(target, frozenset()):
        return None
    return f"{target}: cannot express {kind.replace('_', '-')} tasks"


def include(pkg: Package, root: Path) -> list[str]:
    """Kattis / ICPC: a grader task's C and C++ graders as include/<code>/ (a judge compiles them with the
    submission); the other languages' graders are lost (there the submission is the program that runs)."""
    if pkg.kind != "grader":
        return []
    lost = []
    for lang, lf in pkg.linkage.languages().items():
        if lang not in INCLUDED:
            lost.append(f"the {lang} grader: include/ adds files to a submission, it cannot make the grader "
                        "the program that runs")
            continue
        for f in lf.files:
            copy(pkg.root / f, root / "include" / INCLUDED[lang] / Path(f).name)
    return lost


def ungraded(pkg: Package, s: Solution) -> str | None:
    """Kattis / ICPC: why a grader task's solution is left out -- its language's grader is not among the
    included ones, so there it would run without the grader that calls it (None: it goes in)."""
    if pkg.kind != "grader" or pkg.linkage is None:
        return None
    lang = s.language or detect(s.path).id
    family = {"pypy": "python"}.get(lang, re.sub(r"\d+$", "", lang))
    if family in INCLUDED and family in pkg.linkage.languages():
        return None
    return f"{s.rel} left out: include/ carries no {family} grader to call it"


def refuse(pkg: Package, target: str) -> None:
    why = cannot(pkg.kind, target)
    if why:
        raise CannotHold(why)


def _linked(pkg: Package, linkage: Any, name: str, role: str, sol: Path, notes: Notes) -> None:
    """sol/<role>.<ext> per language (its first source), its headers beside it; other sources are lost."""
    for lang, lf in linkage.languages().items():
        files = [pkg.root / f for f in lf.files]
        main, *rest = [f for f in files if not f.name.endswith(HEADERS)] or [None]
        if main is None:
            notes.lost.append(f"the {lang} {role}: no source file among {', '.join(lf.files)}")
            continue
        copy(main, sol / f"{role}{CMS_EXTENSION[lang]}")
        for f in files:
            if f.name.endswith(HEADERS):
                copy(f, sol / f.name)
        for f in rest:
            notes.lost.append(f"{f.name}: CMS builds a submission with sol/{role}.<ext> and headers only")
        if lang == "java" and (lf.main or Path(lf.files[0]).stem) != role:
            notes.todo.append(f"the Java {role}'s class is {lf.main or Path(lf.files[0]).stem}; CMS runs `{role}`")
    if name != pkg.short_name:
        notes.todo.append(f"CMS names a submission {pkg.short_name}.<ext> (the task's name), the {role}s expect "
                          f"{name}.<ext>: Java and Python {role}s must import {pkg.short_name}")


def public_files(pkg: Package) -> list[Path]:
    """What contestants get of a grader or communication task: `public:`, else every grader or stub file."""
    spec = pkg.linkage
    if spec is None:
        return []
    listed = spec.public if spec.public is not None else \
        [f for _, _, f in (spec if pkg.kind == "grader" else spec.stub).every_file()]
    return [pkg.root / f for f in dict.fromkeys(listed)]


def cms(pkg: Package, out: Path, conf: dict[str, Any], notes: Notes) -> None:
    """Add what the task's kind needs to a CMS export (task.yaml's `conf`, before it is written); the public
    grader or stub files go into the attachments (att/) beside the samples."""
    for f in public_files(pkg):
        copy(f, out / "att" / f.name)
    if pkg.kind == "output_only":
        conf["output_only"] = True
        tests = [t for g in (pkg.sample, *pkg.subtasks) for t in g.tests]
        for i, t in enumerate(tests):   # contestants get every input, named as their outputs are
            copy(t.input, out / "att" / f"input_{i:03d}.txt")
    elif pkg.kind == "grader":
        _linked(pkg, pkg.linkage, pkg.linkage.submission_name, "grader", out / "sol", notes)
    elif pkg.kind == "communication":
        spec = pkg.linkage
        manager = pkg.root / spec.manager
        if manager.suffix not in (".cpp", ".cc", ".cxx"):
            raise CannotHold(f"cms: runs check/manager as a binary; ojpack compiles only a C++ manager ({manager.name})")
        copy(manager, out / "check" / manager.name)
        for header in sorted(manager.parent.glob("*.h")):   # what the source includes, so it builds again
            copy(header, out / "check" / header.name)
        compile_checker(manager, out / "check" / "manager", "cms")
        _linked(pkg, spec.stub, spec.submission_name, "stub", out / "sol", notes)
        conf["num_processes"] = spec.processes
        conf["user_io"] = "fifo_io" if spec.channel == "fifo" else "std_io"
