"""Every file of the source and what became of it, for the import report: nothing is dropped silently.

A reader records what it did with the files it read only (`Imported.fates`: problem.xml, statement
sections, tag files); a file whose bytes are one of the written files, tests or solutions is found by its
content; anything else is listed as not carried over.
"""

from __future__ import annotations

from pathlib import Path

from .writer import Imported, TestIn, solution_rel

BINARIES = {".exe", ".jar", ".jarkt17", ".class", ".o"}


def ledger(root: Path, imp: Imported) -> list[tuple[str, str]]:
    """(path in the source, what became of it) for every file under `root`, sorted by path."""
    if not imp.fates:
        return []   # a reader that keeps no ledger (yet): the notes are the whole report
    by_bytes: dict[bytes, list[str]] = {}
    for rel, data in imp.files.items():
        by_bytes.setdefault(data, []).append(rel)
    for s in imp.solutions:
        by_bytes.setdefault(s.data, []).append(solution_rel(s))
    tests: dict[str, TestIn] = {}
    for t in imp.tests:   # a test repeated in dependent subtasks: named by its first place
        tests.setdefault(t.origin, t)
    out = []
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        rel = path.relative_to(root).as_posix()
        out.append((rel, _fate(rel, path, imp, tests, by_bytes)))
    return out


def _fate(rel: str, path: Path, imp: Imported, tests: dict[str, TestIn], by_bytes: dict[bytes, list[str]]) -> str:
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
    if path.suffix in BINARIES:
        return "not carried over: a compiled binary (ojpack compiles the sources)"
    return "not carried over"
