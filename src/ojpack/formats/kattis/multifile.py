"""A submission that is more than one source file (Kattis, ICPC and BAPCtools packages allow a folder per
submission), or a script in a language ojpack's table has no runner for → what ojpack judges.

- A folder with its own `build` and/or `run` scripts is kept whole: the sandbox builds and runs it
  (sandbox/scripted.py), and ojpack's solution discovery takes such a folder as one solution.
- Several C or C++ sources become one file holding them all, each after a `#line` mark (as the validators'
  programs.py does); headers beside them stay beside it.
- Several Java sources become one file: their imports first, then each file's types with the top-level
  `public` taken off (a file may hold one public type only); a `package` declaration is refused, named.
- Several Prolog sources become a folder whose `build` script compiles them all as problemtools does
  (`swipl -O -q -g main -t halt -o run -c FILES`: a saved state, `run`, that starts at main/0).
- Several Python (or Bash) sources become a folder with
  a `run` script that starts the main file with its modules beside it. The main file is BAPCtools': the
  submissions.yaml `entrypoint`, else the first whose name starts with "main", else the first.
Files of no language (a `.txt`, a header, a binary) are kept beside a folder program and otherwise left out.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...sandbox import is_source
from .programs import HEADERS, unity
from ..common.submissions import unclaimed, verdicts_of
from ..common.writer import FOLDER, Imported, SolutionIn

FAMILY = {".c": "c", ".cpp": "cpp", ".cc": "cpp", ".cxx": "cpp", ".c++": "cpp", ".java": "java", ".py": "python",
          ".py3": "python", ".sh": "bash", ".bash": "bash", ".pl": "prolog"}
STARTER = {"python": "python3", "bash": "bash"}   # how a `run` script starts the main file
IMPORT = re.compile(r"^[ \t]*import[ \t]+(?:static[ \t]+)?[\w.]+(?:\.\*)?[ \t]*;[ \t]*\n?", re.M)
PACKAGE = re.compile(r"^[ \t]*package[ \t]+[\w.]+[ \t]*;", re.M)
TOP_PUBLIC = re.compile(r"^public[ \t]+(?=(?:(?:abstract|final|strictfp|sealed|non-sealed)[ \t]+)*"
                        r"(?:class|interface|enum|record|@interface)\b)", re.M)


@dataclass(frozen=True)
class Made:
    path: str                  # below solutions/<verdict>/: what ojpack judges
    files: dict[str, bytes]    # every file to write below solutions/<verdict>/, the judged one included
    how: str                   # what the report says of it


def family(path: Path) -> str | None:
    return FAMILY.get(path.suffix.lower()) or ("other" if is_source(path) else None)


def entrypoint(raw: dict[str, Any], rel: str) -> str | None:
    """submissions.yaml's `entrypoint` for the submission `rel` (its key names it exactly)."""
    rule = raw.get(rel, raw.get(f"{rel}/"))
    value = rule.get("entrypoint") if isinstance(rule, dict) else None
    return str(value) if value else None


def program(entry: Path, main: str | None) -> Made | str | None:
    """`entry` (a file or folder below a verdict folder) as a program ojpack judges; a string says why it
    cannot be one; None: a single source file, judged as it is."""
    if entry.is_file():   # one source, Shell and Bash too: the language table runs it as BAPCtools does
        return None
    files = [entry] if entry.is_file() else sorted(p for p in entry.rglob("*") if p.is_file()
                                                    and not p.relative_to(entry).as_posix().startswith("."))
    base = entry.parent if entry.is_file() else entry
    rel = {f: f.relative_to(base).as_posix() for f in files}
    if entry.is_dir() and any((entry / s).is_file() for s in ("build", "run")):
        script = "run" if (entry / "run").is_file() else "build"
        return Made(f"{entry.name}/{script}", {f"{entry.name}/{rel[f]}": f.read_bytes() for f in files},
                    f"its own `{script}` script: the folder is kept whole, built and run in the sandbox")
    sources = [f for f in files if family(f) is not None]
    kinds = sorted({family(f) or "" for f in sources})
    if not sources:   # one file of another language: named as such by the caller
        others = [f for f in files if f.suffix not in (*HEADERS, ".txt", ".md")]
        return None if len(others) == 1 else f"{len(others)} files, none a source ojpack can run"
    if len(kinds) > 1:
        return f"sources in several languages ({', '.join(kinds)})"
    if len(sources) == 1:
        return None
    # a folder named like a source (x.java/) is named without its extension; a single script keeps its own
    name = entry.name if entry.is_file() or entry.suffix.lower() not in FAMILY else entry.stem
    return _joined(name, files, rel, base, sources, kinds[0], main)


def assemble(name: str, files: list[Path]) -> Made | str:
    """A program named as a list of files, its main file first (BAPCtools' `generators:` entries): the files
    gathered flat into one folder `name/`, as BAPCtools links them into one build folder by their names, and
    made runnable as a submission folder is (one source beside its headers, else joined as `program` joins
    several); a string says why it cannot be."""
    names = [f.name for f in files]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice is not None:
        return f"two of its files are named {twice}"
    sources = [f for f in files if family(f) is not None]
    kinds = sorted({family(f) or "" for f in sources})
    if not sources:
        return "none of its files is a source ojpack can run"
    if len(kinds) > 1:
        return f"sources in several languages ({', '.join(kinds)})"
    main = files[0] if files[0] in sources else sources[0]
    if len(sources) == 1:
        return Made(f"{name}/{main.name}", {f"{name}/{f.name}": f.read_bytes() for f in files},
                    f"its {len(files)} files are gathered in one folder, {name}/, and {main.name} is run")
    ordered = [main, *(s for s in sources if s != main)]
    return _joined(name, files, {f: f.name for f in files}, None, ordered, kinds[0], main.name)


def _joined(name: str, files: list[Path], rel: dict[Path, str], base: Path | None, sources: list[Path], kind: str,
            main: str | None) -> Made | str:
    """Several sources of one language (`kind`) as one program named `name`: files named by `rel`."""
    if kind in ("c", "cpp"):
        ext = ".c" if kind == "c" else ".cpp"
        headers = {f"{name}/{rel[f]}": f.read_bytes() for f in files if f.suffix in HEADERS}
        path = f"{name}/{name}{ext}" if headers else f"{name}{ext}"
        return Made(path, {path: unity(sources, base), **headers},
                    f"its {len(sources)} sources are compiled as one file, {path}")
    if kind == "java":
        return _java(name, sources)
    if kind == "prolog":
        listed = " ".join(shlex.quote(rel[s]) for s in sources)
        build = f'#!/bin/sh\ncd "${{0%/*}}" && exec swipl -O -q -g main -t halt -o run -c {listed}\n'.encode()
        kept = {f"{name}/{rel[f]}": f.read_bytes() for f in files}
        return Made(f"{name}/build", {**kept, f"{name}/build": build},
                    f"its {len(sources)} Prolog sources are compiled together by a `build` script, as problemtools "
                    "compiles them")
    if kind not in STARTER:
        return f"{len(sources)} source files in a language ojpack joins for no judge"
    first = _main(sources, rel, main)
    run = f'#!/bin/sh\nexec {STARTER[kind]} "${{0%/*}}/{rel[first]}" "$@"\n'.encode()
    kept = {f"{name}/{rel[f]}": f.read_bytes() for f in files}
    return Made(f"{name}/run", {**kept, f"{name}/run": run},
                f"run by {STARTER[kind]} from its folder (a `run` script starting {rel[first]})")


def _main(sources: list[Path], rel: dict[Path, str], main: str | None) -> Path:
    named = [s for s in sources if main is not None and rel[s] == main]
    starts = [s for s in sorted(sources) if s.name.lower().startswith("main")]
    return (named or starts or sorted(sources))[0]


def _java(name: str, sources: list[Path]) -> Made | str:
    texts = [(s, s.read_text(encoding="utf-8", errors="replace")) for s in sources]
    if any(PACKAGE.search(t) for _, t in texts):
        return "Java sources with a `package` declaration (ojpack joins them into one file)"
    imports = list(dict.fromkeys(m.group(0).strip() for _, t in texts for m in IMPORT.finditer(t)))
    bodies = [f"// {s.name}\n" + TOP_PUBLIC.sub("", IMPORT.sub("", t)) for s, t in texts]
    path = f"{name}.java"
    text = "\n".join(imports) + "\n\n" + "\n".join(bodies)
    return Made(path, {path: text.encode()},
                f"its {len(sources)} Java sources are joined into one file, {path} (imports first, the top-level "
                "types no longer public)")


def add(imp: Imported, made: Made, rel: str, data: bytes, rules: list[tuple[re.Pattern[str], set[str]]] | None,
        origin: Path) -> None:
    """A submission made of several files (or a script folder): its files under its verdict's folder."""
    verdicts = verdicts_of(rel, data, rules)
    if verdicts is None:
        imp.note(f"submissions/{rel}: nothing says which verdicts it may get; not imported")
        return
    path = unclaimed(made.path, FOLDER[verdicts[0]], imp, f"submissions/{rel}")
    head, top = made.path.split("/")[0], path.split("/")[0]
    moved = {f"{top}{name[len(head):]}": blob for name, blob in made.files.items()}
    for name, blob in moved.items():
        if name != path:
            imp.files[f"solutions/{FOLDER[verdicts[0]]}/{name}"] = blob
    imp.solutions.append(SolutionIn(path, moved[path], verdicts, origin.as_posix()))
    imp.note(f"submissions/{rel}: {made.how}")
