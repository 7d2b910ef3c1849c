"""Programs that bring their own `build` and/or `run` scripts (the Kattis / ICPC package formats allow a
validator's or submission's folder to): the folder is copied, `build` runs in the cage with the compile
limits, in the copy and writing only there, and `run` -- there from the start or made by `build` -- is the
program, run with the usual arguments and seeing its own (built) folder.

ojpack reaches such a program through its `run` or `build` file: `prepare` on a file of one of those names,
without an extension, builds its folder. The build is cached like a compile, keyed by every file of the
folder (names, bytes, executable bits)."""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import tempfile
from pathlib import Path

from ..errors import OjpackError
from .isolation import SCRIPTED_PREFIX, take_back
from .languages import Language
from .runner import RunLimits, run
from .text import trim_message

SCRIPT_NAMES = ("build", "run")
SCRIPTED = Language("scripted", "build/run scripts", (), None, ("{source}",))
LAYOUT = "scripted-1"
MAX_FILES = 1000


class ScriptBuildError(OjpackError):
    """The folder's `build` failed, or left no runnable `run`; `message` says what happened."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def is_script(source: Path) -> bool:
    """Whether `source` names a program of build/run scripts (its folder is the program)."""
    return source.name in SCRIPT_NAMES and not source.suffix


def _files(folder: Path) -> list[Path]:
    found = sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
    if len(found) > MAX_FILES:
        raise OjpackError(f"{folder}: more than {MAX_FILES} files in a build/run program's folder")
    return found


def script_key(folder: Path) -> str:
    h = hashlib.sha256(LAYOUT.encode())
    for f in _files(folder):
        h.update(f"\0{f.relative_to(folder).as_posix()}\0{os.access(f, os.X_OK)}\0".encode() + f.read_bytes())
    return h.hexdigest()[:24]


def build_scripted(folder: Path, bin_dir: Path, limits: RunLimits) -> tuple[Path, str]:
    """Build the program in `folder` once (cached under `bin_dir`); returns (its `run` script, its key)."""
    key = script_key(folder)
    out_dir = bin_dir / f"{SCRIPTED_PREFIX}{key}"
    if (out_dir / ".ok").exists():
        return out_dir / "run", key
    bin_dir.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f"scripted-{key}.", dir=bin_dir))
    try:
        for f in _files(folder):
            to = work / f.relative_to(folder)
            to.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(f, to)
            # the scripts run whatever their bits in the source (a zip or a copy may have lost them)
            executable = f.name in SCRIPT_NAMES or os.access(f, os.X_OK)
            to.chmod(0o755 if executable else 0o644)
        for d in [work, *(p for p in work.rglob("*") if p.is_dir())]:
            d.chmod(0o755)   # the cage's uid builds and runs in it
        if (work / "build").is_file():
            _build(work, limits)
        script = work / "run"
        if script.is_symlink() or not script.is_file():
            raise ScriptBuildError(f"{folder.name}/: no `run` script" + (" after `build`" if (work / "build").is_file()
                                                                        else ""))
        script.chmod(0o755)
        (work / ".ok").touch()
        try:
            os.rename(work, out_dir)
        except OSError:   # another process built the same folder; its result is the same
            pass
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)
    return out_dir / "run", key


def _build(work: Path, limits: RunLimits) -> None:
    with tempfile.TemporaryDirectory(prefix="ojpack-build-") as tmp:
        said = Path(tmp, "said")
        res = run([str(work / "build")], Path(os.devnull), said, limits, stderr=said, writable=[work], cwd=work)
        text = trim_message(said.read_bytes()[:64 * 1024].decode(errors="replace").replace(f"{work}{os.sep}", ""))
    take_back(work)
    for p in work.rglob("*"):   # what the build made must stay readable and runnable by the cage's uid
        if not p.is_symlink():
            p.chmod(p.stat().st_mode | stat.S_IRGRP | stat.S_IROTH
                    | (stat.S_IXGRP | stat.S_IXOTH if p.is_dir() or p.stat().st_mode & stat.S_IXUSR else 0))
    if res.status == "tle":
        raise ScriptBuildError(f"build took over {limits.cpu:.0f} s" + (f": {text}" if text else ""))
    if res.status != "ok" or res.exit_code:
        how = f"exit code {res.exit_code}" if res.exit_code is not None else f"signal {res.signal}"
        raise ScriptBuildError(f"build failed ({how})" + (f":\n{text}" if text else ""))
