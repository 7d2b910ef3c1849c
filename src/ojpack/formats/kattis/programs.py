"""The programs of a Kattis/ICPC validators folder, wherever they sit, and how they go into an ojpack package.

`input_validators/`, `output_validators/`, `output_validator/` (2023-07, 2025-09) hold programs: a source file
at the top is one program; a subfolder at any depth is one program made of all its files (the judges compile
every source in it together, with its headers). ojpack compiles one source file (with the headers beside
it), so a C/C++ program of several sources becomes one file that holds them all, in order (a "unity build";
two sources that define the same `static` name would clash, which the compiler then says). A folder with its
own `build` and/or `run` scripts is kept whole and named by its script: ojpack's sandbox builds it in the
cage and runs `run` (see sandbox/scripted.py).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from ...errors import OjpackError
from ..common.writer import Imported

RUNNABLE = {".cpp", ".cc", ".cxx", ".c", ".py", ".java", ".ctd"}   # .ctd: a checktestdata script
C_FAMILY = {".cpp", ".cc", ".cxx", ".c"}
HEADERS = {".h", ".hpp", ".hh"}
MAIN_NAMES = ("validate", "validator", "output_validator", "interactor", "checker", "check", "main")
UNITY = "ojpack_all.cpp"


@dataclass(frozen=True)
class Unit:
    folder: Path | None      # the program's own folder (None: a single file at the top)
    sources: list[Path]      # runnable sources, the main one first
    files: list[Path]        # every file of the program (sources, headers, data), for copying

    @property
    def main(self) -> Path:
        return self.sources[0]


def _main_first(sources: list[Path]) -> list[Path]:
    rank = {n: i for i, n in enumerate(MAIN_NAMES)}
    return sorted(sources, key=lambda p: (rank.get(p.stem.lower(), len(rank)), len(p.parts), p.as_posix()))


IGNORED = {".txt", ".md", ".yaml", ".yml", ".json", ".gitkeep", ".gitignore"}   # notes beside a program, not it


def units(found: list[Path], what: str = "") -> list[Unit]:
    """Every program among `found` (the entries of the validators folders), in order. With `what` (the role,
    e.g. "input validator"), an entry that is no program ojpack can run, or a program folder missing one of
    its files (a symlink that leads nowhere), is refused with the reason: the package's own program is never
    silently dropped."""
    out: list[Unit] = []
    unrunnable: list[Path] = []
    for entry in sorted(found):
        if entry.name.startswith("."):
            continue
        if what and entry.is_dir():
            missing(entry, what)
        if entry.is_file() and entry.suffix in RUNNABLE:
            out.append(Unit(None, [entry], [entry]))
        elif entry.is_file() and entry.suffix not in IGNORED and entry.suffix not in HEADERS:
            unrunnable.append(entry)   # a script beside the program (build), or a program of no language here
        elif entry.is_dir():
            files = sorted(p for p in entry.rglob("*") if p.is_file() and not p.name.startswith("."))
            script = next((entry / n for n in ("run", "build") if (entry / n).is_file()), None)
            if script is not None:   # the folder is the program, built and run by its scripts
                out.append(Unit(entry, [script], files))
                continue
            sources = [p for p in files if p.suffix in RUNNABLE]
            if sources:
                out.append(Unit(entry, _main_first(sources), files))
            elif what and any(p.suffix not in IGNORED for p in files):
                raise OjpackError(f"{what} {entry.parent.name}/{entry.name}/: no source ojpack can run in it (only "
                                  f"{', '.join(sorted(RUNNABLE))}) and no build/run scripts; the import stops "
                                  "rather than drop the package's program")
    if what and unrunnable and not out:
        names = ", ".join(f"{p.parent.name}/{p.name}" for p in unrunnable)
        raise OjpackError(f"{what} {names}: ojpack cannot run a program of this kind (only "
                          f"{', '.join(sorted(RUNNABLE))}, or a folder with build/run scripts); the import stops "
                          "rather than drop the package's program")
    return out


def missing(folder: Path, what: str) -> None:
    """A program folder with a file that is a symlink leading nowhere (NWERC packages link validate.h to their
    repository's scripts/): the program cannot be built without it, so the import stops and names it."""
    for p in sorted(folder.rglob("*")):
        if p.is_symlink() and not p.exists():
            raise OjpackError(f"{what} {folder.parent.name}/{folder.name}/: {p.relative_to(folder).as_posix()} is a "
                              f"symlink to {os.readlink(p)}, which is not in the package; the program cannot be "
                              "built without it (pass its folder with --allow-outside DIR, or copy the file in)")


INCLUDE = re.compile(r'^([ \t]*#[ \t]*include[ \t]*")([^"\n]+)(")', re.M)


def unity(sources: list[Path], base: Path | None, moved: dict[str, str] | None = None) -> bytes:
    """C/C++ sources as one file, each after a `#line` mark that names it (the compiler's messages stay true);
    a source is named below `base`, or by its own name when there is none (files gathered flat). `moved`:
    an `#include "X"` whose header now sits beside the file under another name."""
    def text(s: Path) -> str:
        body = s.read_text(encoding="utf-8", errors="replace")
        return INCLUDE.sub(lambda m: m.group(1) + (moved or {}).get(m.group(2), m.group(2)) + m.group(3), body)
    return "".join(f'#line 1 "{s.relative_to(base).as_posix() if base else s.name}"\n{text(s)}\n'
                   for s in sources).encode()


def _package_root(path: Path) -> Path | None:
    for folder in path.parents:
        if (folder / "problem.yaml").is_file() or (folder / "problem.xml").is_file():
            return folder
    return None


def outside_headers(sources: list[Path], base: Path) -> dict[str, Path]:
    """The `#include "…"` lines of C/C++ `sources` that reach a header of the package outside the program's
    own folder `base` (a shared `../validate.h`), by the text included."""
    root = _package_root(base)
    found: dict[str, Path] = {}
    for s in sources:
        for m in INCLUDE.finditer(s.read_text(encoding="utf-8", errors="replace")):
            target = (s.parent / m.group(2)).resolve()
            if root and target.is_file() and target.is_relative_to(root.resolve()) \
                    and not target.is_relative_to(base.resolve()) and target.suffix in HEADERS:
                found[m.group(2)] = target
    return found


def place(unit: Unit, dest: str, imp: Imported, what: str) -> str:
    """Copy the program into `dest/` (its folder's layout kept) and return the path of the source to run."""
    base = unit.folder if unit.folder is not None else unit.main.parent
    for f in unit.files:
        imp.files[f"{dest}/{f.relative_to(base).as_posix()}"] = f.read_bytes()
    main = f"{dest}/{unit.main.relative_to(base).as_posix()}"
    if unit.main.suffix in C_FAMILY:
        c_sources = [s for s in unit.sources if s.suffix in C_FAMILY]
        reached = outside_headers(c_sources, base)
        moved = {}
        for text, header in reached.items():   # beside the joined file, which includes it by its name
            name = header.name if f"{dest}/{header.name}" not in imp.files else f"outside-{header.name}"
            imp.files[f"{dest}/{name}"] = header.read_bytes()
            moved[text] = name
        if reached:
            imp.note(f"{what}: {', '.join(reached)} (outside its folder) copied beside it, and included from there")
        if len(c_sources) > 1 or reached:
            imp.files[f"{dest}/{UNITY}"] = unity(c_sources, base, moved)
            if len(c_sources) > 1:
                imp.note(f"{what}: its {len(c_sources)} C/C++ sources are compiled as one file, {dest}/{UNITY}")
            return f"{dest}/{UNITY}"
    elif len(unit.sources) > 1:
        imp.note(f"{what}: {unit.main.name} is run, the other sources beside it are its modules")
    return main
