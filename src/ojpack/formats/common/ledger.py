"""Every file of the source and what became of it, for the import report: nothing is dropped silently.

A reader records what it did with the files it read only (`Imported.fates`: problem.xml, statement
sections, tag files, problem.yaml, answers); a file whose bytes are one of the written files, tests or
solutions is found by its content (with problem.yaml's constants written in, as the import writes them), or
as part of a file the import concatenated; anything else is listed as not carried over, with the report's
note about it when one names the file.
"""

from __future__ import annotations

from pathlib import Path

from ..kattis.constants import FAMILY, read_constants, substitute
from .writer import Imported, TestIn, solution_rel

BINARIES = {".exe", ".jar", ".jarkt17", ".class", ".o"}


def ledger(root: Path, imp: Imported) -> list[tuple[str, str]]:
    """(path in the source, what became of it) for every file under `root`, sorted by path."""
    by_bytes: dict[bytes, list[str]] = {}
    for rel, data in imp.files.items():
        by_bytes.setdefault(data, []).append(rel)
    for s in imp.solutions:
        by_bytes.setdefault(s.data, []).append(solution_rel(s))
    tests: dict[str, TestIn] = {}
    for t in imp.tests:   # a test repeated in dependent subtasks: named by its first place
        tests.setdefault(t.origin, t)
    constants = read_constants(root) if imp.format in FAMILY else {}
    out = []
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        rel = path.relative_to(root).as_posix()
        fate = _fate(rel, path, imp, tests, by_bytes, constants)
        if fate == "not carried over":
            fate = _why(rel, path.read_bytes(), imp)
        out.append((rel, fate))
    return out


def _why(rel: str, data: bytes, imp: Imported) -> str:
    """A source file not found among the written ones: part of a concatenated one, or the note naming it."""
    if len(data) > 16 and not rel.startswith("data/"):
        written = {**imp.files, **{solution_rel(s): s.data for s in imp.solutions}}
        whole = sorted(w for w, blob in written.items() if data in blob)
        if whole:
            return "compiled as part of " + ", ".join(whole)
    # the note on the file, or on the folder it is part of (a submission of several files)
    said = next((n for n in imp.notes if any(n.startswith(f"{at}:") for at in (rel, *_folders(rel)))), None)
    if said is None:
        return "not carried over"
    about = said.split(":", 1)
    return f"not carried over: {about[1].strip()}" if about[0] == rel else f"part of {about[0]}: {about[1].strip()}"


def _folders(rel: str) -> list[str]:
    parts = rel.split("/")
    return ["/".join(parts[:i]) for i in range(len(parts) - 1, 0, -1)]


def _fate(rel: str, path: Path, imp: Imported, tests: dict[str, TestIn], by_bytes: dict[bytes, list[str]],
          constants: dict[str, str]) -> str:
    if rel in imp.fates:
        return imp.fates[rel]
    if rel in tests:
        t = tests[rel]
        where = f"the input of test {t.group}/{t.name}"
        if t.gen:
            return f"{where}: rebuilt byte for byte by `{t.gen}`"
        return f"{where}: copied" + ("" if t.input == path.read_bytes() else " (line ends changed to LF)")
    data = path.read_bytes()
    if data in by_bytes:
        return "copied to " + ", ".join(sorted(set(by_bytes[data])))
    if constants and b"{{" in data:
        written = substitute(data.decode("utf-8", "replace"), constants).encode()
        if written in by_bytes:
            return "copied with the constants written in to " + ", ".join(sorted(set(by_bytes[written])))
    if path.suffix in BINARIES:
        return "not carried over: a compiled binary (ojpack compiles the sources)"
    return "not carried over"
