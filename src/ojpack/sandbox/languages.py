"""The language table: which compiler and command line a source file gets."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

import yaml

from ..cache import key, machine_cache, write_atomic
from ..errors import OjpackError

# libyaml's parser when PyYAML has it: the pure-Python one costs ~10 ms per file at every start.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# Java names the class to run, not the file: the class whose own body declares main(), else the public one.
# Comments, strings and char literals are blanked first so braces and words inside them are not counted.
_JAVA_NOISE = re.compile(r'//[^\n]*|/\*.*?\*/|"""(?:\\.|[^\\])*?"""|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
_JAVA_TOKEN = re.compile(r"[{}]|\b(?:class|interface|enum|record)\s+([A-Za-z_$][\w$]*)|\bstatic\b[^;{}()=]*?\bvoid\s+main\s*\(")
_JAVA_PUBLIC = re.compile(r"\bpublic\s+(?:final\s+)?class\s+([A-Za-z_$][\w$]*)")
# Scala runs the object whose own body declares `def main(`, else one that `extends App`, else the file's stem
_SCALA_TOKEN = re.compile(r"[{}]|\b(?:object|class|trait)\s+([A-Za-z_$][\w$]*)|\bdef\s+main\s*\(")
_SCALA_APP = re.compile(r"\bobject\s+([A-Za-z_$][\w$]*)\s+extends\s+App\b")


JVM_MAX_STACK_MIB = 1024   # a larger -Xss makes the JVM refuse to start


@dataclass(frozen=True)
class Language:
    id: str
    name: str
    extensions: tuple[str, ...]
    compile: tuple[str, ...] | None
    run: tuple[str, ...]
    address_space: bool = True   # may RLIMIT_AS cap it (see languages.yaml)
    tool: str | None = None      # the program whose version keys compiles, when not the command's first word
    shebang: tuple[str, str] | None = None   # (extension, first-line pattern) of files it claims from another

    @property
    def toolchain(self) -> str:
        return self.tool or (self.compile or self.run)[0]


@cache
def real_python() -> str:
    """The interpreter `{python}` names: the system's own build of the Python version ojpack runs on, when
    the system has one, else ojpack's own. A distribution builds it with PGO and LTO, as judges' machines
    have it: here a Python submission starts 3 ms (~20%) sooner than on pyenv's plain build, over the
    thousands of runs of a check. Always a real path: a pyenv shim is a shell script that costs ~60 ms
    per spawn."""
    system = f"/usr/bin/python{sys.version_info.major}.{sys.version_info.minor}"
    if os.access(system, os.X_OK):
        return system
    return os.path.realpath(sys.executable)


@cache
def load_languages() -> dict[str, Language]:
    text = resources.files("ojpack.sandbox").joinpath("languages.yaml").read_text(encoding="utf-8")
    raw = yaml.load(text, Loader=_LOADER)
    return {
        key: Language(key, v["name"], tuple(v["extensions"]),
                      tuple(v["compile"]) if v.get("compile") else None, tuple(v["run"]),
                      bool(v.get("address_space", True)), v.get("tool"),
                      (v["shebang"]["extension"], v["shebang"]["line"]) if v.get("shebang") else None)
        for key, v in raw.items()
    }


def detect(source: Path, override: str | None = None) -> Language:
    langs = load_languages()
    if override:
        if override not in langs:
            raise OjpackError(f"unknown language {override!r}; known: {', '.join(langs)}")
        return langs[override]
    ext = source.suffix.lstrip(".").lower()
    claimed = [lang for lang in langs.values() if lang.shebang and lang.shebang[0] == ext]
    if claimed:
        first = _first_line(source)
        for lang in claimed:
            if lang.shebang and re.match(lang.shebang[1], first):
                return lang
    for lang in langs.values():
        if ext in lang.extensions:
            return lang
    raise OjpackError(f"{source}: cannot tell the language from '.{ext}'; pass --lang ({', '.join(langs)})")


def _first_line(source: Path) -> str:
    try:
        with source.open("rb") as f:
            return f.readline(256).decode(errors="replace")
    except OSError:
        return ""


def is_source(path: Path) -> bool:
    ext = path.suffix.lstrip(".").lower()
    return any(ext in lang.extensions for lang in load_languages().values())


def main_name(source: Path, language: Language, text: str | None = None) -> str:
    """The name the run command starts: the Java class (Scala object) holding main(), else the file's stem."""
    if language.id not in ("java", "scala"):
        return source.stem
    text = text if text is not None else source.read_text(encoding="utf-8", errors="replace")
    text = _JAVA_NOISE.sub(" ", text)
    if language.id == "scala":
        app = _SCALA_APP.search(text)
        return _main_class(text, _SCALA_TOKEN) or (app.group(1) if app else source.stem)
    public = _JAVA_PUBLIC.search(text)
    name = _main_class(text, _JAVA_TOKEN) or (public.group(1) if public else source.stem)
    package = re.search(r"^\s*package\s+([\w.]+)\s*;", text, re.M)
    return f"{package.group(1)}.{name}" if package else name


def _main_class(text: str, tokens: re.Pattern[str]) -> str | None:
    """The class whose body (not a nested class's) declares main: a stack of the open braces, each marked
    with the class it opens (or None for a method or block body). `tokens` finds braces, class names
    (group 1) and main's declaration (anything else)."""
    opened: list[str | None] = []
    pending: str | None = None   # a class name seen, waiting for its opening brace
    for token in tokens.finditer(text):
        word = token.group(0)
        if word == "{":
            opened.append(pending)
            pending = None
        elif word == "}":
            if opened:
                opened.pop()
        elif token.group(1):
            pending = token.group(1)
        elif opened and opened[-1] is not None:   # main() straight in a class body, not in a method's
            return opened[-1]
    return None


@cache
def tool_version(program: str) -> str:
    """What `program --version` says (asked once per process): a compiler upgrade must not reuse old
    binaries or old compile errors. `{python}` is this interpreter. Asking javac costs a JVM start
    (~0.3 s) on every command, so the answer is kept on disk per executable's path, size and mtime
    (what an upgrade changes)."""
    if program == "{python}":
        return sys.version
    exe = shutil.which(program)
    if exe is None:
        return "missing"
    real = os.path.realpath(exe)
    st = os.stat(real)
    base = machine_cache()
    remembered = base / "tool-versions" / key(real, str(st.st_size), str(st.st_mtime_ns)) if base else None
    if remembered and remembered.is_file():
        try:
            return remembered.read_text(encoding="utf-8")
        except OSError:   # another user's (a store shared by root and a plain user): ask the tool itself
            pass
    try:
        proc = subprocess.run([exe, "--version"], capture_output=True, timeout=30, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return f"{exe} (no version)"
    said = (proc.stdout + proc.stderr).decode(errors="replace").strip().splitlines()
    version = f"{real} {said[0] if said else proc.returncode}"
    if remembered and proc.returncode == 0:
        try:
            write_atomic(remembered, version.encode())
        except OSError:
            pass
    return version


SETUP_LANGS = "bash scripts/setup.sh langs"   # installs every language of the table (see scripts/setup.sh)


@cache
def missing_tool(language: Language) -> str | None:
    """The first program `language` needs that this machine lacks (its compiler, then what runs the result),
    by the name the table gives it; None when it is ready."""
    needed = [language.toolchain]
    if language.compile and not language.run[0].startswith("{"):
        needed.append(language.run[0])   # Kotlin's and Scala's java, C#'s mono
    for program in needed:
        if program.startswith("{"):   # {python}: the interpreter ojpack runs on
            continue
        found = os.access(program, os.X_OK) if os.sep in program else shutil.which(program) is not None
        if not found:
            return os.path.basename(program)
    return None


def readiness() -> tuple[list[str], list[tuple[str, str]]]:
    """The languages ready here (their ids) and those not, each with the program it lacks."""
    ready, missing = [], []
    for lang in load_languages().values():
        lacking = missing_tool(lang)
        if lacking is None:
            ready.append(lang.id)
        else:
            missing.append((lang.id, lacking))
    return ready, missing


def fill(template: tuple[str, ...], **values: str) -> list[str]:
    values.setdefault("memory", "256")
    values.setdefault("stack", str(min(int(values["memory"]), JVM_MAX_STACK_MIB)))
    out = [part.format(python=real_python(), **values) for part in template]
    if out and os.sep not in out[0] and shutil.which(out[0]):
        out[0] = shutil.which(out[0]) or out[0]
    return out
