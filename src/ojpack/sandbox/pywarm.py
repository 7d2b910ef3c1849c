"""A warm Python for caged Python runs: a pooled cage whose helper embeds the interpreter `{python}` names.

A Python run's own work is often less than the interpreter's start (~8-9.5 ms of CPU in the cage: the
runtime, the encodings, io and site); a check runs the Python solutions thousands of times. A pooled cage
(pool.py) asked for a warm Python is served by the exec helper built with pywarm.c and linked to that
interpreter's own libpython: it initialises the interpreter once, and each run's program is a fork of it that
runs the script as `{python} SCRIPT ARGS` would (see pywarm.c for what is the same and what is not). Only
runs whose argv is exactly [{python}, SCRIPT, ARGS...] are warm; OJPACK_WARM_PYTHON=0 turns it off (to
compare, or should an interpreter misbehave warm). Without the interpreter's shared library and headers
(a static build, no python3-dev), or a library of another version, runs stay cold. The standard modules the
first run's script imports, of a fixed list without import-time state, are imported once too, hidden from
each run and handed back when it imports them (pywarm_boot.py, pywarm_record.py, pywarm_table.py: the
Python the helper embeds)."""

from __future__ import annotations

import hashlib
import os
import stat
import subprocess
import tempfile
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from collections.abc import Sequence

from .languages import real_python
from .launch import helper_folder, _ours, _works

# The Python the helper's interpreter runs (pywarm.c): its start, and the pre-imports' code, compiled (in the
# same namespace) only where a script imports one: the code a compile leaves in every cage's interpreter costs
# each run that allocates much ~0.3 ms more (its objects land on the interpreter's pages: a fork's copies).
BOOT, TABLE = ("pywarm_boot.py",), ("pywarm_record.py", "pywarm_table.py")

# What the interpreter says of itself: where its headers and shared library are, and its exact version.
_ASK = ("import sys, sysconfig; v = sysconfig.get_config_var; "
        "print(sysconfig.get_paths()['include']); print(v('LIBDIR') or ''); print(v('LDLIBRARY') or ''); "
        "print(sys.version)")


@dataclass(frozen=True)
class WarmPython:
    helper: str     # the exec helper with the interpreter linked in
    program: str    # the interpreter `{python}` names: a warm run's argv[0]
    version: str    # its sys.version, which the linked library must report too


def enabled() -> bool:
    return os.environ.get("OJPACK_WARM_PYTHON", "1") != "0"


def fast_exit() -> bool:
    """Whether a warm run ends with the fast exit (pywarm_exit.c's fast_exit) rather than the whole Py_FinalizeEx:
    OJPACK_WARM_EXIT=0 turns it off, to compare."""
    return os.environ.get("OJPACK_WARM_EXIT", "1") != "0"


def warm_for(argv: Sequence[str]) -> WarmPython | None:
    """The warm Python to run `argv` in: only [{python}, SCRIPT, ARGS...], with no interpreter option, and
    only as root: the interpreter starts in the cage's mount namespace (so that it sees what a run sees),
    which a plain user's helper cannot enter and leave again (pywarm.c's warm_up)."""
    if not enabled() or os.geteuid() != 0 or len(argv) < 2 or argv[0] != real_python() or argv[1].startswith("-"):
        return None
    return warm_python()


@cache
def warm_python() -> WarmPython | None:
    program = real_python()
    try:
        said = subprocess.run([program, "-S", "-c", _ASK], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    lines = said.stdout.split("\n")
    if said.returncode != 0 or len(lines) < 4:
        return None
    include, libdir, library, version = lines[0], lines[1], lines[2], "\n".join(lines[3:]).rstrip("\n")
    if not (library.startswith("lib") and library.endswith(".so") and Path(libdir, library).exists()
            and Path(include, "Python.h").is_file()):
        return None   # a static interpreter, or no headers: nothing to link
    helper = _build(include, libdir, library[3:-3])
    return None if helper is None else WarmPython(helper, program, version)


def _c_string(name: str, text: bytes) -> bytes:
    """`text` (ASCII: Python source) as a C array of that name, a line per line."""
    lines = text.decode("ascii").splitlines(keepends=True)
    quoted = ['"%s"' % line.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") for line in lines]
    return ("static const char %s[] =\n%s;\n" % (name, "\n".join(quoted))).encode()


def _build(include: str, libdir: str, name: str) -> str | None:
    """launch.c with pywarm.c, linked to lib`name`.so: built once per machine (and interpreter) into the
    helper's folder, as launch.launcher builds the plain one."""
    package = resources.files("ojpack.sandbox")
    sources = {f: package.joinpath(f).read_bytes() for f in ("launch.c", "pywarm.c", "pywarm_exit.c")}
    sources["pywarm_boot.h"] = b"".join(_c_string(name, b"".join(package.joinpath(f).read_bytes() for f in files))
                                        for name, files in (("BOOTSTRAP", BOOT), ("PREIMPORTS", TABLE)))
    flags = ["-O2", "-DOJPACK_WARM_PYTHON", f"-I{include}", f"-L{libdir}", f"-l{name}", f"-Wl,-rpath,{libdir}"]
    digest = hashlib.sha256(repr((sorted(sources.items()), flags)).encode()).hexdigest()[:16]
    folder = helper_folder()
    binary = folder / f"launch-py-{digest}"
    if _ours(binary, stat.S_IFREG) and os.access(binary, os.X_OK):
        return str(binary) if _works(binary) else None
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        for file, text in sources.items():
            Path(tmp, file).write_bytes(text)
        out = Path(tmp, "launch")
        try:
            made = subprocess.run(["gcc", "-o", str(out), str(Path(tmp, "launch.c")), *flags], capture_output=True)
        except OSError:
            return None
        if made.returncode != 0:
            return None
        os.replace(out, binary)
    return str(binary) if _works(binary) else None
