"""A precompiled <bits/stdc++.h> for g++: parsing that header costs ~1.2 s of CPU per compile, reading its
precompiled form ~0.05 s. One per compiler version and flag set, built in the cage like any compile and kept
in the machine-wide cache. g++ itself decides whether it applies (it must be the source's first include, with
the same flags and macros); when not, it reads the header as always, so a source compiles to the same program
with or without it. OJPACK_PCH=0 turns it off (benches pair before/after with it)."""

from __future__ import annotations

import fcntl
import hashlib
import os
import re
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from ..cache import machine_cache
from .languages import Language, tool_version

HEADER = "bits/stdc++.h"
LAYOUT = "pch-1"
_FIRST_INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)
# A compile in the cage: (argv, writable work folder) -> (exit code or None when out of time, what it said)
Compile = Callable[[list[str], Path], "tuple[int | None, str]"]


def enabled() -> bool:
    return os.environ.get("OJPACK_PCH", "1") != "0"


def flags(language: Language) -> list[str] | None:
    """The compile command's options (compiler, output and source left out), when it is g++ naming nothing
    but its binary and source: the precompiled header must be built with exactly these."""
    cmd = list(language.compile or ())
    if not cmd or os.path.basename(cmd[0]) != "g++" or "{source}" not in cmd:
        return None
    rest = cmd[1:]
    if "-o" in rest and rest[rest.index("-o") + 1:rest.index("-o") + 2] == ["{binary}"]:
        del rest[rest.index("-o"):rest.index("-o") + 2]
    rest.remove("{source}")
    return None if any("{" in part for part in rest) else rest


def wanted(language: Language, text: str) -> bool:
    """Whether a source would read the precompiled header: its first include is <bits/stdc++.h>."""
    if not enabled() or flags(language) is None:
        return False
    first = _FIRST_INCLUDE.search(re.sub(r"//[^\n]*|/\*.*?\*/", " ", text, flags=re.S))
    return bool(first and first.group(1) == HEADER)


def folder(language: Language, cache_dir: Path, build: Compile) -> Path | None:
    """The include folder holding bits/stdc++.h.gch (and a copy of the header, which a second #include of it
    reads), built once; None when it cannot be had now (another process is building it: compile without)."""
    opts = flags(language)
    if opts is None:
        return None
    compiler = language.compile[0] if language.compile else "g++"
    key = hashlib.sha256("\0".join([LAYOUT, tool_version(compiler), *opts]).encode()).hexdigest()[:24]
    base = (machine_cache() or cache_dir) / "pch"
    done = base / key
    if (done / ".ok").exists():
        return done
    try:
        base.mkdir(parents=True, exist_ok=True)
        with open(base / f"{key}.lock", "w") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:   # being built by another compile: this one goes without
                return None
            if (done / ".ok").exists():
                return done
            return _build(shutil.which(compiler) or compiler, opts, base, done, build)
    except OSError:   # a full disk: compile without
        return None


def _build(compiler: str, opts: list[str], base: Path, done: Path, build: Compile) -> Path | None:
    work = Path(tempfile.mkdtemp(prefix="build.", dir=base))
    os.chmod(work, 0o755)
    try:
        probe = work / "probe.cpp"
        probe.write_text(f"#include <{HEADER}>\n")
        # -H names the header g++ finds first; the copy beside the .gch is that file, byte for byte
        code, said = build([compiler, *opts, "-x", "c++", "-E", "-H", "-o", str(work / "probe.i"), str(probe)], work)
        found = next((line[2:].strip() for line in said.splitlines() if line.startswith(". ")), "")
        if code != 0 or not found.endswith(HEADER) or not os.path.isabs(found) or not os.path.isfile(found):
            return None
        header = work / HEADER
        header.parent.mkdir(mode=0o755)
        shutil.copyfile(found, header)
        for leftover in (probe, work / "probe.i"):
            leftover.unlink(missing_ok=True)
        made = work / "stdc++.h.gch"   # the cage may write only in work itself, not in the folder made here
        code, _ = build([compiler, *opts, "-x", "c++-header", "-o", str(made), str(header)], work)
        if code != 0 or not made.is_file() or made.is_symlink():
            return None
        os.rename(made, f"{header}.gch")
        for f in (header, Path(f"{header}.gch")):
            os.chmod(f, 0o644)
        (work / ".ok").touch()
        os.rename(work, done)
        return done
    except OSError:
        return None
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)
