"""The solutions in a CMS export's sol/, as task-maker keeps them there, so the export imports again.

CMS's loader reads only sol/grader.<ext>, sol/stub.<ext> and the headers beside them; every other file in
sol/ is task-maker's (and ojpack's italy_yaml importer's): the model solution as sol/soluzione.<ext> (the
official name, accepted everywhere), the others under their own names. A solution accepted everywhere gets
task-maker's `@check-accepted: *` in a comment at its top; a rejected one is written as it is, because
ojpack expects a verdict of the whole solution and task-maker's annotations name one per subtask, which
the package does not say."""

from __future__ import annotations

import re
from pathlib import Path

from ...sandbox import is_script
from ..common.package import Package, Solution
from ..common.kinds import HEADERS
from ..common.write import Notes, copy

LINE_COMMENT = {**dict.fromkeys((".c", ".cc", ".cpp", ".cxx", ".java", ".go", ".rs", ".js", ".kt", ".cs",
                                 ".pas", ".scala", ".swift"), "//"),
                **dict.fromkeys((".py", ".sh", ".rb", ".pl"), "#")}
OFFICIAL = re.compile(r"(soluzione|solution)\.")


def write(pkg: Package, sol: Path, notes: Notes) -> None:
    """Each solution into `sol/` (after the graders or stubs, whose names it keeps clear of)."""
    taken = {p.name for p in sol.iterdir()} if sol.is_dir() else set()
    rejected: list[str] = []
    for s in pkg.solutions:
        if s.path.is_dir() or is_script(s.path):
            notes.lost.append(f"{s.rel}: a submission of several files; sol/ holds one file per solution")
            continue
        model = pkg.model_solution is not None and s.path.resolve() == pkg.model_solution.resolve()
        name = _name(s, model, taken)
        taken.add(name)
        data = s.path.read_bytes()
        if model:
            copy(s.path, sol / name)
            continue
        if s.verdicts == frozenset({"AC"}):
            data = _annotated(data, s.path.suffix)
        else:
            rejected.append(s.rel)
        sol.mkdir(parents=True, exist_ok=True)
        (sol / name).write_bytes(data)
    if rejected:
        notes.lost.append(f"the expected verdicts of {len(rejected)} rejected solution(s) ({', '.join(rejected)}): "
                          "task-maker's sol/ annotations name a verdict per subtask, the package one for the whole "
                          "solution; they are in sol/ without one")


def _name(s: Solution, model: bool, taken: set[str]) -> str:
    """The model's official name; another solution's own, prefixed with its folder when that name is taken
    or would read as the official one."""
    if model:
        return f"soluzione{s.path.suffix}"
    name = s.path.name
    # CMS's loader takes sol/grader.*, sol/stub.* and any *.h or *lib.pas there (its HEADER_EXTS) as its own
    if name in taken or OFFICIAL.match(name) or Path(name).stem in ("grader", "stub") or name.endswith(HEADERS):
        name = f"{Path(s.rel).parent.name}_{name}"
    if name.endswith(HEADERS):
        name = f"{Path(name).stem}_{Path(name).suffix}"   # still readable, no longer a header to CMS
    stem, n = name, 2
    while name in taken:
        name = f"{Path(stem).stem}_{n}{Path(stem).suffix}"
        n += 1
    return name


def _annotated(data: bytes, suffix: str) -> bytes:
    """task-maker's `@check-accepted: *` as a comment line at the top (after a #! line); a language without a
    known line comment is left as it is (imported again, any verdict is then allowed)."""
    mark = LINE_COMMENT.get(suffix)
    if mark is None:
        return data
    line = f"{mark} @check-accepted: *\n".encode()
    if data.startswith(b"#!"):
        first, _, rest = data.partition(b"\n")
        return first + b"\n" + line + rest
    return line + data
