"""Included files (Kattis / ICPC `include/<language>/`, 2025-09 `include/default/`): files copied beside a
submission before it is compiled, overwriting its own files of the same name, and there while it runs.

A source with included files becomes a build/run program (scripted.py): a folder holding the source under
the name its compiler must see, the included files, a `build` script that is the language's compile
command (when it has one) and a `run` script that enters the folder and starts the language's run command.
The sandbox builds that folder once (cached by its files) and the run sees it whole, as its working folder:
`import include` in Python and `file_get_contents('./data.txt')` in PHP both find what was included.
A submission that is itself a build/run folder gets the included files of the one language its sources are
in (else `default`) over its own, in a staged copy of its folder.
"""

from __future__ import annotations

import hashlib
import os
import re
import shlex
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path

from ..errors import OjpackError
from .languages import Language, detect, fill, is_source, load_languages
from .scripted import MAX_FILES

LAYOUT = "included-1"
# a language's included files when it has none of its own: PyPy runs Python's, C++20 C++'s
FAMILY = {"pypy": "python"}
# the languages whose included sources are compiled with the submission, as problemtools compiles every
# source file of the folder (an IOI-style grader's main in include/cpp/grader.cpp); a Python or Rust
# submission reaches its included modules by importing them
LINKED_FAMILIES = ("c", "cpp", "java")


def _family(language: Language) -> str:
    return FAMILY.get(language.id, re.sub(r"\d+$", "", language.id))


def _joined_sources(language: Language, name: str, files: Mapping[str, bytes]) -> list[str]:
    """The included files compiled together with the submission `name`: those in its language's extensions."""
    family = _family(language)
    if family not in LINKED_FAMILIES:
        return []
    exts = {f".{e}" for e in load_languages()[family].extensions}
    return sorted(rel for rel in files if rel != name and Path(rel).suffix.lower() in exts)


def include_folder(language: Language, includes: Mapping[str, Path]) -> Path | None:
    """The folder whose files join a source in `language` (its own, its family's, else `default`)."""
    for key in (language.id, _family(language), "default"):
        if key in includes:
            return includes[key]
    return None


def staged_files(source: Path, name: str, main: str, language: Language, folder: Path,
                 memory_mib: int, extra: list[Path]) -> dict[str, bytes]:
    """What the staged program folder holds: the source (as `name`), `extra` files beside it (headers),
    the included files over them, and the build/run scripts."""
    files = {name: source.read_bytes(), **{h.name: h.read_bytes() for h in extra}}
    if not folder.is_dir():
        raise OjpackError(f"{folder}: the included files' folder does not exist")
    for f in sorted(folder.rglob("*")):
        if f.is_file() and not f.is_symlink():
            files[f.relative_to(folder).as_posix()] = f.read_bytes()
    mem = str(memory_mib)
    if language.compile:
        cmd = fill(language.compile, source=name, binary="prog", dir=".", main=main, memory=mem)
        at = cmd.index(name) + 1 if name in cmd else len(cmd)
        cmd[at:at] = _joined_sources(language, name, files)
        files["build"] = f"#!/bin/sh\nexec {shlex.join(cmd)}\n".encode()
    run = fill(language.run, source=name, binary="./prog", dir=".", main=main, memory=mem)
    files["run"] = f'#!/bin/sh\ncd "${{0%/*}}" || exit 1\nexec {shlex.join(run)} "$@"\n'.encode()
    return files


def stage(files: dict[str, bytes], cache_dir: Path, executable: frozenset[str] = frozenset()) -> Path:
    """Write the staged folder once under `cache_dir` (named by its content); returns its `run` script.
    The files named in `executable` keep their executable bit (a build/run program's helper scripts)."""
    h = hashlib.sha256(LAYOUT.encode())
    for rel, data in sorted(files.items()):
        h.update(f"\0{rel}\0".encode() + hashlib.sha256(data).digest() + (b"x" if rel in executable else b""))
    out = cache_dir / "included" / h.hexdigest()[:24]
    if not (out / ".ok").exists():
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f"{out.name}.", dir=out.parent))   # two stagings never share one
        for rel, data in files.items():
            (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
            (tmp / rel).write_bytes(data)
            if rel in executable:
                (tmp / rel).chmod(0o755)
        (tmp / ".ok").touch()
        try:
            tmp.rename(out)
        except OSError:   # another process staged the same folder (the same files)
            shutil.rmtree(tmp, ignore_errors=True)
    return out / "run"


def _own_files(folder: Path) -> dict[str, Path]:
    found = {f.relative_to(folder).as_posix(): f for f in sorted(folder.rglob("*")) if f.is_file() and not f.is_symlink()}
    if len(found) > MAX_FILES:
        raise OjpackError(f"{folder}: more than {MAX_FILES} files in a build/run program's folder")
    return found


def scripted_include(folder: Path, includes: Mapping[str, Path]) -> Path | None:
    """The included files of a build/run program (a folder with its own scripts): the folder of the one
    language its sources are written in, else `default` (a judge cannot tell its language otherwise)."""
    if not includes:
        return None
    languages = {detect(f) for f in _own_files(folder).values() if is_source(f)}
    if len(languages) == 1:
        return include_folder(languages.pop(), includes)
    return includes.get("default")


def staged_scripted(folder: Path, include: Path, cache_dir: Path) -> Path:
    """A build/run program's folder with the included files over its own (overwriting those of the same name),
    staged once under `cache_dir` like a source's (`stage`); returns the staged folder."""
    if not include.is_dir():
        raise OjpackError(f"{include}: the included files' folder does not exist")
    own, extra = _own_files(folder), _own_files(include)
    files = {rel: f.read_bytes() for rel, f in {**own, **extra}.items()}
    executable = frozenset(rel for rel, f in {**own, **extra}.items() if os.access(f, os.X_OK))
    return stage(files, cache_dir, executable).parent
