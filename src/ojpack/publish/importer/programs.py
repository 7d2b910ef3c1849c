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

from dataclasses import dataclass
from pathlib import Path

from .writer import Imported

RUNNABLE = {".cpp", ".cc", ".cxx", ".c", ".py", ".java", ".ctd"}   # .ctd: a checktestdata script
C_FAMILY = {".cpp", ".cc", ".cxx", ".c"}
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


def units(found: list[Path]) -> list[Unit]:
    """Every program among `found` (the entries of the validators folders), in order."""
    out = []
    for entry in sorted(found):
        if entry.name.startswith("."):
            continue
        if entry.is_file() and entry.suffix in RUNNABLE:
            out.append(Unit(None, [entry], [entry]))
        elif entry.is_dir():
            files = sorted(p for p in entry.rglob("*") if p.is_file() and not p.name.startswith("."))
            script = next((entry / n for n in ("run", "build") if (entry / n).is_file()), None)
            if script is not None:   # the folder is the program, built and run by its scripts
                out.append(Unit(entry, [script], files))
                continue
            sources = [p for p in files if p.suffix in RUNNABLE]
            if sources:
                out.append(Unit(entry, _main_first(sources), files))
    return out


def unity(sources: list[Path], base: Path) -> bytes:
    """C/C++ sources as one file, each after a `#line` mark that names it (the compiler's messages stay true)."""
    return "".join(f'#line 1 "{s.relative_to(base).as_posix()}"\n{s.read_text(encoding="utf-8", errors="replace")}\n'
                   for s in sources).encode()


def place(unit: Unit, dest: str, imp: Imported, what: str) -> str:
    """Copy the program into `dest/` (its folder's layout kept) and return the path of the source to run."""
    base = unit.folder if unit.folder is not None else unit.main.parent
    for f in unit.files:
        imp.files[f"{dest}/{f.relative_to(base).as_posix()}"] = f.read_bytes()
    main = f"{dest}/{unit.main.relative_to(base).as_posix()}"
    if unit.main.suffix in C_FAMILY:
        c_sources = [s for s in unit.sources if s.suffix in C_FAMILY]
        if len(c_sources) > 1:
            imp.files[f"{dest}/{UNITY}"] = unity(c_sources, base)
            imp.note(f"{what}: its {len(c_sources)} C/C++ sources are compiled as one file, {dest}/{UNITY}")
            return f"{dest}/{UNITY}"
    elif len(unit.sources) > 1:
        imp.note(f"{what}: {unit.main.name} is run, the other sources beside it are its modules")
    return main
