"""Turn a source file into a runnable command, compiling once and caching by content + command."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .errors import OjpackError
from .languages import Language, detect, fill


class CompileError(OjpackError):
    """The compiler rejected the program; the message holds its output."""


@dataclass(frozen=True)
class Program:
    source: Path
    language: Language
    argv: tuple[str, ...]   # the command that runs it


def prepare(source: Path, cache_dir: Path, lang: str | None = None, timeout: float = 120.0) -> Program:
    source = source.resolve()
    if not source.is_file():
        raise OjpackError(f"{source}: no such file")
    language = detect(source, lang)
    main = source.stem
    if language.compile is None:
        return Program(source, language, tuple(fill(language.run, source=str(source), main=main)))

    data = source.read_bytes()
    key = hashlib.sha256(data + b"\0" + "\0".join(language.compile).encode()).hexdigest()[:24]
    out_dir = cache_dir / "bin" / key
    binary = out_dir / "prog"
    run = tuple(fill(language.run, binary=str(binary), dir=str(out_dir), main=main, source=str(source)))
    if (out_dir / ".ok").exists():
        return Program(source, language, run)

    cache_dir.joinpath("bin").mkdir(parents=True, exist_ok=True)
    # Compile into a private folder, then rename: two processes compiling the same source never clash.
    work = Path(tempfile.mkdtemp(prefix=f"{key}.", dir=cache_dir / "bin"))
    try:
        src_copy = work / source.name
        shutil.copyfile(source, src_copy)
        cmd = fill(language.compile, source=str(src_copy), binary=str(work / "prog"), dir=str(work), main=main)
        try:
            proc = subprocess.run(cmd, cwd=work, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            raise CompileError(f"{source.name}: compilation took over {timeout:.0f} s") from None
        except FileNotFoundError:
            raise CompileError(f"{source.name}: compiler {cmd[0]!r} is not installed") from None
        if proc.returncode != 0:
            msg = (proc.stderr or proc.stdout).decode(errors="replace").strip()
            raise CompileError(f"{source.name}: compilation failed\n{msg[:4000]}")
        (work / ".ok").touch()
        try:
            os.rename(work, out_dir)
        except OSError:  # another process won the race; its result is identical
            pass
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)
    return Program(source, language, run)
