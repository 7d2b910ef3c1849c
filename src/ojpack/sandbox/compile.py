"""Turn a source file into a runnable command, compiling once and caching by everything the result
depends on: the bytes, the language, the command line, the compiler's version and the name the
compiler sees."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from ..cache import machine_cache
from ..errors import OjpackError
from .languages import _JAVA_PUBLIC, Language, detect, fill, main_name, tool_version

DEFAULT_MEMORY_MIB = 256   # what {memory} means in a run command when the caller names no limit


class CompileError(OjpackError):
    """The compiler rejected the program; `message` is the compiler's own output."""

    def __init__(self, source: Path, message: str) -> None:
        super().__init__(f"{source.name}: compilation failed\n{message}")
        self.source = source
        self.message = message


@dataclass(frozen=True)
class Program:
    source: Path
    language: Language
    argv: tuple[str, ...]   # the command that runs it
    key: str = ""           # hash of all the build depends on: same key, same behaviour


def prepare(source: Path, cache_dir: Path, lang: str | None = None, timeout: float = 120.0,
            memory_mib: int | None = None) -> Program:
    """Compile `source` (once per content + command) and return how to run it.

    Raises CompileError with the compiler's message when it does not compile."""
    source = source.resolve()
    if not source.is_file():
        raise OjpackError(f"{source}: no such file")
    language = detect(source, lang)
    data = source.read_bytes()
    text = data.decode("utf-8", errors="replace")
    main = main_name(source, language, text)
    mem = str(memory_mib or DEFAULT_MEMORY_MIB)
    # The name the compiler sees (it picks the language by it, and quotes it in errors): the language's
    # own extension, so `--lang cpp` on x.txt is C++ and not a linker script; for Java, the class's name.
    name = _source_name(source, language, text) if language.compile else ""
    toolchain = language.compile or language.run
    parts = [language.id, *toolchain, tool_version(toolchain[0]), name, main]
    key = hashlib.sha256(data + b"\0" + "\0".join(parts).encode()).hexdigest()[:24]
    if language.compile is None:
        return Program(source, language, tuple(fill(language.run, source=str(source), main=main, memory=mem)), key)

    out_dir = cache_dir / "bin" / key
    binary = out_dir / "prog"
    run = tuple(fill(language.run, binary=str(binary), dir=str(out_dir), main=main, source=str(source), memory=mem))
    if (out_dir / ".ok").exists():
        return Program(source, language, run, key)
    failed = out_dir.with_suffix(".err")
    if failed.exists():   # the same bytes failed before with the same command: fail the same way
        raise CompileError(source, failed.read_text(encoding="utf-8"))
    shared = _shared_dir()
    if shared and (shared / key / ".ok").exists() and _copy_in(shared / key, out_dir):
        return Program(source, language, run, key)

    cache_dir.joinpath("bin").mkdir(parents=True, exist_ok=True)
    # Compile into a private folder, then rename: two processes compiling the same source never clash.
    work = Path(tempfile.mkdtemp(prefix=f"{key}.", dir=cache_dir / "bin"))
    try:
        src_copy = work / name
        src_copy.write_bytes(data)
        cmd = fill(language.compile, source=str(src_copy), binary=str(work / "prog"), dir=str(work),
                   main=main, memory=mem)
        try:
            proc = subprocess.run(cmd, cwd=work, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            raise CompileError(source, f"compilation took over {timeout:.0f} s") from None
        except FileNotFoundError:
            raise OjpackError(f"{source.name}: compiler {cmd[0]!r} is not installed") from None
        if proc.returncode != 0:
            msg = (proc.stderr + proc.stdout).decode(errors="replace").strip()
            msg = msg.replace(str(work) + os.sep, "")[:4000] or f"{cmd[0]} exited with {proc.returncode}"
            failed.write_text(msg, encoding="utf-8")
            raise CompileError(source, msg)
        (work / ".ok").touch()
        if shared:
            _copy_in(work, shared / key)
        try:
            os.rename(work, out_dir)
        except OSError:  # another process won the race; its result is identical
            pass
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)
    return Program(source, language, run, key)


def _shared_dir() -> Path | None:
    """Where every package on the machine keeps compiled programs: a binary is keyed by its source's
    content, the command and the compiler, so any package may reuse it."""
    base = machine_cache()
    return base / "bin" if base else None


def _copy_in(src: Path, dest: Path) -> bool:
    """Copy a compiled folder to `dest` through a private staging name and a rename, so a reader never sees
    half of it; False when that fails (a full disk, a read-only store)."""
    if dest.exists():
        return True
    stage = dest.parent / f".{dest.name}.{os.getpid()}.{threading.get_ident()}"
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(src, stage, symlinks=True)
        os.rename(stage, dest)
    except OSError:
        shutil.rmtree(stage, ignore_errors=True)
        return dest.exists()
    return True


def _source_name(source: Path, language: Language, text: str) -> str:
    """javac insists that a public class Foo lives in Foo.java, whatever the submitted file was called;
    gcc and g++ choose the language by the extension."""
    if language.id == "java":
        found = _JAVA_PUBLIC.search(re.sub(r"//[^\n]*|/\*.*?\*/", " ", text, flags=re.S))
        if found:
            return f"{found.group(1)}.java"
    ext = source.suffix.lstrip(".").lower()
    if ext in language.extensions or not language.extensions:
        return source.name
    return f"{source.stem or 'main'}.{language.extensions[0]}"
