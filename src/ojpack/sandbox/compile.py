"""Turn a source file into a runnable command, compiling once and caching by everything the result
depends on: the bytes, the language, the command line, the compiler's version and the name the
compiler sees."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from ..cache import machine_cache
from ..errors import OjpackError
from .languages import SETUP_LANGS, _JAVA_PUBLIC, Language, detect, fill, main_name, missing_tool, tool_version
from .isolation import SCRATCH_MIB, take_back
from . import pch, store
from .runner import RunLimits, run
from .scripted import SCRIPTED, ScriptBuildError, build_scripted, is_script
from .linked import Link, LinkMissing, family, linked_files, shown
from .included import include_folder, scripted_include, stage, staged_files, staged_scripted
from .text import trim_message

# Part of every compile key: older toolkits left compiled folders only root could read, which the cage's
# uid cannot run (a JVM then finds no class), so their entries must not be reused.
STORE_LAYOUT = "cage-readable-1"
DEFAULT_MEMORY_MIB = 256   # what {memory} means in a run command when the caller names no limit
COMPILE_MEMORY_MIB = 2048
# The most a compiler may write to one file (and keep in its /tmp) when the problem names no larger memory
# limit: a static array is written into the executable, so a program that may use more memory may need a
# bigger binary (problemtools compiles without a cap, BAPCtools' test problems hold a 512 MiB one).
COMPILE_FILE_MIB = 256


class CompileError(OjpackError):
    """The compiler rejected the program; `message` is the compiler's own output."""

    def __init__(self, source: Path, message: str) -> None:
        super().__init__(f"{source.name}: compilation failed\n{message}")
        self.source = source
        self.message = message


class ToolMissing(CompileError):
    """The program's language is not installed here: not the program's fault, and never remembered. The
    message names the missing program and the remedy."""

    def __init__(self, source: Path, tool: str) -> None:
        super().__init__(source, f"{tool} not installed: run `{SETUP_LANGS}`")
        self.tool = tool


@dataclass(frozen=True)
class Program:
    source: Path
    language: Language
    argv: tuple[str, ...]   # the command that runs it
    key: str = ""           # hash of all the build depends on: same key, same behaviour
    folder: Path | None = None   # a build/run program: the folder it is built from (its included files too)


def language_of(source: Path, lang: str | None = None) -> Language:
    """The language `source` is run in: `lang` if given, a build/run folder's scripts, else its name's."""
    return SCRIPTED if lang is None and is_script(source) else detect(source, lang)


def prepare(source: Path, cache_dir: Path, lang: str | None = None, timeout: float = 120.0,
            memory_mib: int | None = None, includes: Mapping[str, Path] | None = None,
            link: Link | None = None) -> Program:
    """Compile `source` (once per content + command) and return how to run it. `includes` (language id or
    `default` -> folder): files copied beside the source before it is compiled and run (see included.py).

    Raises CompileError with the compiler's message when it does not compile."""
    source = source.resolve()
    if not source.is_file():
        raise OjpackError(f"{source}: no such file")
    if language_of(source, lang) is SCRIPTED:   # a folder with its own build/run scripts (Kattis)
        folder = source.parent
        extra = scripted_include(folder, includes or {})
        if extra is not None:
            folder = staged_scripted(folder, extra, cache_dir)
        try:
            script, key = build_scripted(folder, cache_dir / "bin", _compile_limits(timeout, memory_mib))
        except ScriptBuildError as e:
            raise CompileError(source, e.message) from None
        return Program(script, SCRIPTED, (str(script),), key, folder)
    language = detect(source, lang)
    if link is not None:   # a grader task: the submission is built with its grader (linked.py)
        return _linked(source, language, link, cache_dir, timeout, memory_mib or DEFAULT_MEMORY_MIB)
    lacking = missing_tool(language)
    if lacking is not None:
        raise ToolMissing(source, lacking)
    data = source.read_bytes()
    text = data.decode("utf-8", errors="replace")
    main = main_name(source, language, text)
    mem = str(memory_mib or DEFAULT_MEMORY_MIB)
    # The name the compiler sees (it picks the language by it, and quotes it in errors): the language's
    # own extension, so `--lang cpp` on x.txt is C++ and not a linker script; for Java, the class's name.
    name = _source_name(source, language, text) if language.compile else ""
    folder = include_folder(language, includes or {})
    if folder is not None:
        return _with_included(source, language, folder, name or source.name, main, cache_dir, timeout,
                              memory_mib or DEFAULT_MEMORY_MIB)
    toolchain = language.compile or language.run
    parts = [STORE_LAYOUT, language.id, *toolchain, tool_version(language.toolchain), name, main]
    headers = _local_headers(source, language)
    key = hashlib.sha256(data + b"\0" + "\0".join(parts).encode()
                         + b"".join(h.name.encode() + b"\0" + h.read_bytes() for h in headers)).hexdigest()[:24]
    if language.compile is None:
        return Program(source, language, tuple(fill(language.run, source=str(source), main=main, memory=mem)), key)

    out_dir = cache_dir / "bin" / key
    binary = out_dir / "prog"
    run = tuple(fill(language.run, binary=str(binary), dir=str(out_dir), main=main, source=str(source), memory=mem))
    shared = _shared_dir()
    if (out_dir / ".ok").exists():
        if shared:
            store.touch(shared / key)
        return Program(source, language, run, key)
    failed = out_dir.with_suffix(".err")
    if failed.exists():   # the same bytes failed before with the same command: fail the same way
        said = failed.read_text(encoding="utf-8")
        if not host_trouble(0, said):
            raise CompileError(source, said)
        failed.unlink(missing_ok=True)   # a machine's failure an older toolkit remembered: try again
    if shared and (shared / key / ".ok").exists() and store.copy_in(shared / key, out_dir):
        store.touch(shared / key)
        return Program(source, language, run, key)

    cache_dir.joinpath("bin").mkdir(parents=True, exist_ok=True)
    # Compile into a private folder, then rename: two processes compiling the same source never clash.
    work = Path(tempfile.mkdtemp(prefix=f"{key}.", dir=cache_dir / "bin"))
    os.chmod(work, 0o755)   # the cage's uid runs what is in it
    try:
        src_copy = work / name
        src_copy.write_bytes(data)
        for h in headers:   # `#include "testlib.h"` must find the header that sits beside the source
            shutil.copyfile(h, work / h.name)
        cmd = fill(language.compile, source=str(src_copy), binary=str(work / "prog"), dir=str(work),
                   main=main, memory=mem)
        if shutil.which(cmd[0]) is None:
            raise ToolMissing(source, os.path.basename(cmd[0]))
        if pch.wanted(language, text):   # same program, its header read precompiled (pch.py)
            inc = pch.folder(language, cache_dir, lambda argv, where: compile_in_cage(argv, where, timeout, memory_mib))
            cmd = [cmd[0], "-I", str(inc), *cmd[1:]] if inc else cmd
        code, said = compile_in_cage(cmd, work, timeout, memory_mib)
        if code is None:
            raise CompileError(source, f"compilation took over {timeout:.0f} s")
        if code != 0:
            msg = trim_message(said.replace(str(work) + os.sep, "")) or f"{cmd[0]} exited with {code}"
            if not host_trouble(code, said):   # only the program's own errors are remembered
                _remember(failed, msg)
            raise CompileError(source, msg)
        # What the run command names in the output folder (prog, prog.jar) is bound into the next cage by its
        # real path: a symbolic link there would show the cage its host target.
        named = fill(language.run, binary=str(work / "prog"), dir=str(work), main=main, source=str(source), memory=mem)
        if any(arg.startswith(f"{work}{os.sep}") and os.path.islink(arg) for arg in named):
            raise CompileError(source, f"{cmd[0]} left its output as a symbolic link")
        missing = [arg for arg in named if arg.startswith(f"{work}{os.sep}") and not os.path.exists(arg)]
        if missing:   # a Prolog program that halts while it is loaded saves no state, yet swipl says 0
            raise CompileError(source, f"{cmd[0]} left no {os.path.basename(missing[0])}")
        (work / ".ok").touch()
        if shared and store.copy_in(work, shared / key):
            store.evict(shared, store.store_max(), keep=key)
        try:
            os.rename(work, out_dir)
        except OSError:  # another process won the race; its result is identical
            pass
    except OSError as e:   # the machine's fault (a full disk): one line, and nothing remembered
        raise OjpackError(f"{source.name}: cannot compile here: {e.strerror or e}") from None
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)
    return Program(source, language, run, key)


def _with_included(source: Path, language: Language, folder: Path, name: str, main: str, cache_dir: Path,
                   timeout: float, memory_mib: int) -> Program:
    """`source` with its included files: a build/run folder, built once in the cage (included.py)."""
    files = staged_files(source, name, main, language, folder, memory_mib, _local_headers(source, language))
    staged = stage(files, cache_dir).parent
    try:
        script, key = build_scripted(staged, cache_dir / "bin", _compile_limits(timeout, memory_mib))
    except ScriptBuildError as e:
        raise CompileError(source, e.message) from None
    shown = replace(SCRIPTED, name=f"{language.name} with included files", address_space=language.address_space)
    return Program(script, shown, (str(script),), key, staged)


def _linked(source: Path, language: Language, link: Link, cache_dir: Path, timeout: float,
            memory_mib: int) -> Program:
    try:
        files = linked_files(source, language, link, memory_mib)
    except LinkMissing as e:   # no grader for its language: that first, whatever is installed
        raise CompileError(source, e.message) from None
    lacking = missing_tool(language)
    if lacking is not None:
        raise ToolMissing(source, lacking)
    staged = stage(files, cache_dir).parent
    try:
        script, key = build_scripted(staged, cache_dir / "bin", _compile_limits(timeout, memory_mib))
    except ScriptBuildError as e:
        raise CompileError(source, e.message) from None
    return Program(script, shown(language), (str(script),), key, staged)


def _shared_dir() -> Path | None:
    """Where every package on the machine keeps compiled programs: a binary is keyed by its source's
    content, the command and the compiler, so any package may reuse it."""
    base = machine_cache()
    return base / "bin" if base else None


# What a compiler says when the machine, not the program, failed it: a full or broken disk, no memory or
# processes left, the compiler (or its cc1plus, ld) killed; or a file past the cap that follows the memory limit
# (file_cap_mib), which another problem's limit may allow. Such a failure is never remembered.
_HOST_TROUBLE = re.compile(r"No space left on device|Disk quota exceeded|Input/output error|Read-only file system"
                           r"|Cannot allocate memory|virtual memory exhausted|out of memory|ran out of memory"
                           r"|Too many open files|Resource temporarily unavailable|signal terminated program"
                           r"|internal compiler error: Killed|File size limit exceeded", re.I)
_QUOTED = re.compile(r"\s*\d*\s*\|")   # gcc's quote of a source line ("   12 |   puts(...)") and its caret line


def host_trouble(code: int, said: str) -> bool:
    """Whether a failed compile is the machine's fault (a signal, a full disk...), to be tried again next time."""
    if code >= 128:
        return True
    own = [line for line in said.splitlines() if not _QUOTED.match(line)]   # not the program's own text
    return any(_HOST_TROUBLE.search(line) for line in own)


def _remember(failed: Path, message: str) -> None:
    try:
        failed.write_text(message, encoding="utf-8")
    except OSError:   # a full disk: the failure is simply not remembered
        failed.unlink(missing_ok=True)


def _local_headers(source: Path, language: Language) -> list[Path]:
    """C/C++ headers beside the source (testlib.h and the like): compiled with it, so part of its cache key."""
    if family(language) not in ("c", "cpp"):   # cpp, cpp11 ... cpp23 alike
        return []
    return sorted(p for p in source.parent.iterdir() if p.suffix in (".h", ".hpp") and p.is_file())


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


def file_cap_mib(memory_mib: int | None) -> int:
    """The largest file a compile may write: the run's memory limit (a binary's static data is memory
    the run may use; the disk never holds more than the limit the problem set), at least COMPILE_FILE_MIB."""
    return max(COMPILE_FILE_MIB, memory_mib or 0)


def _compile_limits(timeout: float, memory_mib: int | None = None) -> RunLimits:
    return RunLimits(cpu=timeout, wall=timeout * 2, memory_mib=COMPILE_MEMORY_MIB,
                     output_mib=file_cap_mib(memory_mib), processes=128)


def compile_in_cage(cmd: list[str], work: Path, timeout: float, memory_mib: int | None = None
                    ) -> tuple[int | None, str]:
    """Run a compiler like any program: in the cage, seeing only the system, `work` (writable: the
    source copy and its output) and its own /tmp, so `#include "/abs/path"` finds nothing to print.
    Each file it writes (its /tmp's object files too) may be as big as `file_cap_mib(memory_mib)`; the
    /tmp is memory, charged to the compile's own limit. Returns (exit code, None when out of time; what
    it said)."""
    limits = _compile_limits(timeout, memory_mib)
    with tempfile.TemporaryDirectory(prefix="ojpack-cc-") as tmp:
        said = Path(tmp, "said")
        res = run(cmd, Path(os.devnull), said, limits, stderr=said, writable=[work], cwd=work,
                  scratch_mib=max(SCRATCH_MIB, limits.output_mib or 0))
        text = said.read_bytes()[:64 * 1024].decode(errors="replace").strip()
    take_back(work)
    if res.status == "tle":
        return None, text
    if res.status == "mle":
        return 1, (text + f"\n(the compiler ran out of memory: {COMPILE_MEMORY_MIB} MiB)").strip()
    if "File size limit exceeded" in text:
        text += (f"\n(a file the compiler wrote passed {limits.output_mib} MiB: the problem's memory limit, "
                 f"at least {COMPILE_FILE_MIB} MiB)")
    return (res.exit_code if res.exit_code is not None else 128 + (res.signal or 0)), text
