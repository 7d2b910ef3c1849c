"""Which CMS task type an italy_yaml / task-maker task is, decided as CMS's loader decides it, and the
problem.yaml section that says so.

- `output_only: true` in task.yaml: output-only (the outputs are the submission; no program runs).
- check/manager or cor/manager (task-maker ships only manager.cpp and compiles it): Communication, with
  `num_processes` (default 1) processes, each linked with sol/stub.<ext> of its language, talking through
  FIFOs, or through stdin / stdout (`user_io: std_io`). Without any stub the submission is built alone, and
  the user I/O defaults to stdin / stdout, as CMS's loader has it.
- sol/grader.<ext> (or grader.<ext> beside task.yaml): Batch with graders, the submission compiled with its
  language's grader.
The headers beside a grader or a stub (`.h`, Pascal's `…lib.pas`) go with it; none of these files is a
solution. CMS builds a submission under the task's name (`batchgrader.java`, `unit batchgrader`), so that is
the submission's name here too."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...errors import OjpackError
from ..common.kinds import HEADERS
from ..common.writer import Imported
from . import manager as manager_adapter

# CMS's source extension of each language -> the toolkit's language family
FAMILY = {".cpp": "cpp", ".c": "c", ".java": "java", ".py": "python", ".pas": "pascal"}
# which family a header serves
HEADER_FAMILIES = {".h": ("cpp", "c"), ".hpp": ("cpp",), ".hh": ("cpp",), "lib.pas": ("pascal",)}
NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
# a submission built alone (CMS's `alone` compilation) still goes through ojpack's stub; these do nothing
# but let it be the program (C, C++, Java) or run it (Python)
ALONE = {
    "cpp": ("alone.cpp", "// Written by `ojpack import`: CMS builds this task's submission alone (it has its own "
                         "main);\n// compiled with it, this file adds nothing.\nnamespace ojpack_alone {}\n"),
    "c": ("alone.c", "/* Written by `ojpack import`: CMS builds this task's submission alone (it has its own "
                     "main);\n   compiled with it, this file adds nothing. */\ntypedef int ojpack_alone;\n"),
    "python": ("alone.py", "# Written by `ojpack import`: CMS runs this task's submission alone; this runs it as "
                           "its main script.\nimport os\nimport runpy\nimport sys\n\n"
                           "here = os.path.dirname(os.path.abspath(__file__))\nsys.path.insert(0, here)\n"
                           "runpy.run_path(os.path.join(here, {file!r}), run_name=\"__main__\")\n"),
}


def kind_of(root: Path, meta: dict[str, Any]) -> str:
    if _controller(root) is not None:   # task-maker's own interactive type: a communication task here
        return "controller"
    if meta.get("output_only"):
        return "output_only"
    if _manager(root) is not None:
        return "communication"
    if _linked(root, "grader"):
        return "grader"
    return "batch"


def linked_names(root: Path, kind: str) -> set[str]:
    """The files of sol/ that belong to the grader or the stubs, not to the solutions."""
    role = {"grader": "grader", "communication": "stub", "controller": "stub"}.get(kind)
    if role is None:
        return set()
    sol = root / "sol"
    names = {p.name for p in _linked(root, role) if p.parent == sol}
    return names | {p.name for p in _headers(sol)}


def apply(root: Path, meta: dict[str, Any], kind: str, imp: Imported) -> None:
    """Fill imp.kind (problem.yaml's `kind:` and its section) and the files it names."""
    if kind == "output_only":
        imp.kind = {"kind": "output_only", "output_only": {}}
        imp.io = {}   # no program reads: task.yaml's infile / outfile mean nothing here
        imp.took("task.yaml", "output_only: a submission is the output files (output_<NNN>.txt, CMS's names)")
        return
    name = _submission_name(meta, imp)
    if kind == "grader":
        if imp.io:   # sandbox/linked.py runs the build in its own folder, where the test's files are not
            raise OjpackError(f"{root}: a task with graders that reads or writes files ({', '.join(imp.io.values())}: "
                              "task.yaml's infile / outfile, input.txt / output.txt by default); ojpack runs graders "
                              "on stdin / stdout only")
        langs = _section(root, "grader", imp)
        imp.kind = {"kind": "grader", "grader": {**langs, "submission_name": name}}
        return
    if kind in ("communication", "controller"):
        _communication(root, meta, name, imp)


def _communication(root: Path, meta: dict[str, Any], name: str, imp: Imported) -> None:
    found = _manager(root) or _controller(root)
    assert found is not None
    source = found.parent / f"{found.stem}.cpp"
    rel = "/".join(source.parts[-2:])
    if not source.is_file():
        raise OjpackError(f"{root}: {'/'.join(found.parts[-2:])} is a compiled manager without its C++ source "
                          f"({rel}); ojpack builds the manager from source")
    if found.stem == "controller":
        processes = _controller_processes(source, rel)
        imp.files["graders/controller_tm.h"] = source.read_bytes()
        imp.files["graders/manager.cpp"] = manager_adapter.controller(rel, "controller_tm.h")
        meta = {**meta, "num_processes": processes, "user_io": "std_io"}   # task-maker: the processes' stdio
        for key in ("controller_time_limit", "controller_memory_limit", "controller_process_limit"):
            if key in meta:
                imp.note(f"task.yaml: {key}: not carried over (ojpack gives a manager N x (time limit + 1) s)")
    else:
        imp.files["graders/manager_cms.h"] = source.read_bytes()
        imp.files["graders/manager.cpp"] = manager_adapter.adapter(rel, "manager_cms.h")
    # headers the manager includes, after it: in an ojpack export manager.cpp is this adapter and the original
    # is manager_cms.h beside it, which takes its place again
    for h in sorted(source.parent.glob("*.h")):
        imp.files[f"graders/{h.name}"] = h.read_bytes()
    imp.took(rel, "the controller (task-maker's protocol): graders/controller_tm.h, run through graders/manager.cpp"
             if found.stem == "controller" else
             "the manager (CMS protocol): graders/manager_cms.h, run through graders/manager.cpp")
    stubs = _section(root, "stub", imp)
    alone = not stubs
    if alone:
        stubs = _alone(name, imp)
    processes = int(meta.get("num_processes") or 1)
    io = str(meta.get("user_io") or ("std_io" if alone else "fifo_io"))
    if io not in ("std_io", "fifo_io"):
        imp.note(f"task.yaml: user_io {io!r} is neither std_io nor fifo_io; CMS ignores it, and so does ojpack")
        io = "std_io" if alone else "fifo_io"
    imp.kind = {"kind": "communication", "communication": {
        "manager": "graders/manager.cpp", "processes": processes, "channel": "fifo" if io == "fifo_io" else "stdio",
        "stub": stubs, "submission_name": name}}
    imp.io = {}   # the manager reads the test; CMS ignores infile / outfile here
    for t in imp.tests:   # CMS never hands output/ to a Communication manager: the answers stay empty
        t.answer = None
    for answer in [r for r in imp.fates if r.startswith("output/")]:
        imp.took(answer, "not used: the manager judges (CMS gives it only the input)")
    if found != source:
        imp.took("/".join(found.parts[-2:]), f"not carried over: compiled; ojpack builds {rel}")


def _alone(name: str, imp: Imported) -> dict[str, Any]:
    imp.note("no sol/stub.*: the submission is built alone, as CMS does; graders/alone.* stand in for the stub "
             "(C, C++, Python; a Java or Pascal submission needs a stub)")
    out = {}
    for fam, (file, text) in ALONE.items():
        imp.files[f"graders/{file}"] = text.replace("{file!r}", repr(f"{name}.py")).encode()
        out[fam] = {"files": [f"graders/{file}"]}
    return out


def _section(root: Path, role: str, imp: Imported) -> dict[str, Any]:
    """Per language, the grader's (or stub's) files under graders/: its source first, then the headers."""
    out: dict[str, Any] = {}
    for path in _linked(root, role):
        fam = FAMILY[path.suffix]
        headers = [h for h in _headers(path.parent) if fam in _serves(h.name)]
        files = [path, *headers]
        for f in files:
            imp.files[f"graders/{f.name}"] = f.read_bytes()
            imp.took(_rel(root, f), f"the {role} ({fam}): graders/{f.name}")
        entry: dict[str, Any] = {"files": [f"graders/{f.name}" for f in files]}
        if fam == "java":
            entry["main"] = role   # CMS runs the class named after the file: grader / stub
        out[fam] = entry
    return out


def _linked(root: Path, role: str) -> list[Path]:
    """sol/<role>.<ext> of each language CMS knows, else the same beside task.yaml."""
    for folder in (root / "sol", root):
        found = [folder / f"{role}{ext}" for ext in FAMILY if (folder / f"{role}{ext}").is_file()]
        if found:
            return found
    return []


def _headers(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_file() and p.name.endswith(HEADERS) and _serves(p.name))


def _serves(name: str) -> tuple[str, ...]:
    return next((fams for ext, fams in HEADER_FAMILIES.items() if name.endswith(ext)), ())


def _manager(root: Path) -> Path | None:
    return _judging_program(root, "manager")


def _judging_program(root: Path, stem: str) -> Path | None:
    """check/ or cor/'s compiled program named `stem`, else its C++ source (task-maker ships only that)."""
    for folder in ("check", "cor"):
        for file in (stem, f"{stem}.cpp"):
            if (root / folder / file).is_file():
                return root / folder / file
    return None


def _controller(root: Path) -> Path | None:
    return _judging_program(root, "controller")


def _controller_processes(source: Path, rel: str) -> int:
    """How many solutions the controller starts: start_one_solution, or start_many_solutions(handler, N)."""
    text = source.read_text(encoding="utf-8", errors="replace")
    if (m := re.search(r"\bstart_many_solutions\s*\(\s*\w+\s*,\s*(\d+)\s*\)", text)):
        return int(m.group(1))
    if re.search(r"\bstart_one_solution\s*\(", text):
        return 1
    raise OjpackError(f"{rel}: a controller that starts neither start_one_solution nor start_many_solutions(handler, "
                      "N) with a number; ojpack needs to know how many processes it runs")


def _submission_name(meta: dict[str, Any], imp: Imported) -> str:
    name = str(meta.get("name") or imp.short_name)
    if NAME.match(name):
        return name
    imp.note(f"task.yaml: the task's name {name!r} cannot name a submission; submissions are built as "
             f"{imp.short_name}.<ext> (Java and Pascal graders must use that name)")
    return imp.short_name


def _rel(root: Path, path: Path) -> str:
    return path.relative_to(root).as_posix()
