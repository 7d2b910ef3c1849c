"""A grader task's submission linked with its grader (or a communication task's with its stub), as CMS
builds one: C and C++ compiled together with the grader's sources, Java beside the grader's classes and run
by its main class, Python and Pascal run through the grader, which imports (`uses`) the submission.

The result is a build/run program (scripted.py) staged once like included files are (included.py): a folder
holding the submission under `submission_name` (task.cpp, task.py…), the grader's files, a `build` script
(the language's own compile command, the grader's sources added) and a `run` script. A link error (a
contestant's own main, a missing function) fails `build`: a compilation error, as on CMS."""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from ..errors import OjpackError
from ..problem import Problem
from .languages import Language, fill
from .scripted import SCRIPTED

EXTENSION = {"cpp": "cpp", "c": "c", "java": "java", "python": "py", "pascal": "pas"}
COMPILED_WITH = {"cpp": (".cpp", ".cc", ".cxx", ".c++"), "c": (".c",), "java": (".java",)}
# the grader is the program (it imports the submission): its first source is what runs or is compiled
GRADER_IS_MAIN = {"python", "pascal"}


@dataclass(frozen=True)
class Link:
    """Per language family (cpp, c, java, python, pascal): the files a submission is built with."""
    files: Mapping[str, tuple[Path, ...]]
    mains: Mapping[str, str]       # Java: the main class
    name: str                      # the submission's file name, without extension


def family(language: Language) -> str:
    """cpp20 -> cpp, pypy -> python: the grader of a language's family serves it."""
    return "python" if language.id == "pypy" else re.sub(r"\d+$", "", language.id)


def linked_files(source: Path, language: Language, link: Link, memory_mib: int) -> dict[str, bytes]:
    """The staged folder of `source` linked by `link`: its files and its build/run scripts."""
    fam = family(language)
    if fam not in link.files:
        raise LinkMissing(source, f"this task has no {language.name} grader (its languages: "
                                  f"{', '.join(sorted(link.files))})")
    own = f"{link.name}.{EXTENSION[fam]}"
    files = {f.name: f.read_bytes() for f in link.files[fam]}
    if own in files:
        raise OjpackError(f"the {fam} grader has a file named {own}, the submission's own name")
    files[own] = source.read_bytes()
    mem = str(memory_mib)
    graders = [f.name for f in link.files[fam]]
    main = link.mains.get(fam) or Path(graders[0]).stem
    entry = graders[0] if fam in GRADER_IS_MAIN else own
    if language.compile:
        cmd = fill(language.compile, source=entry, binary="prog", dir=".", main=main, memory=mem)
        cmd += [g for g in graders if g.endswith(COMPILED_WITH.get(fam, ()))]
        files["build"] = f"#!/bin/sh\nexec {shlex.join(cmd)}\n".encode()
    run = fill(language.run, source=entry, binary="./prog", dir=".", main=main, memory=mem)
    files["run"] = f'#!/bin/sh\ncd "${{0%/*}}" || exit 1\nexec {shlex.join(run)} "$@"\n'.encode()
    return files


def shown(language: Language) -> Language:
    return replace(SCRIPTED, name=f"{language.name} with the grader", address_space=language.address_space)


class LinkMissing(OjpackError):
    def __init__(self, source: Path, message: str) -> None:
        super().__init__(f"{source.name}: {message}")
        self.source = source
        self.message = message


def link_of(problem: Problem) -> Link | None:
    """A grader task's Link (problem.yaml's `grader:`), a communication task's (its stubs), None for any other."""
    spec = problem.spec
    if spec.kind == "communication" and spec.communication is not None:
        return link_from(problem, spec.communication.stub.languages(), spec.communication.submission_name)
    if spec.kind != "grader" or spec.grader is None:
        return None
    return link_from(problem, spec.grader.languages(), spec.grader.submission_name)


def link_from(problem: Problem, languages: Mapping[str, object], name: str) -> Link:
    root = problem.root
    files = {lang: tuple(root / f for f in lf.files) for lang, lf in languages.items()}   # type: ignore[attr-defined]
    mains = {lang: lf.main for lang, lf in languages.items() if lf.main}                  # type: ignore[attr-defined]
    return Link(files, mains, name)
