"""Polygon's source types (problem.xml's `<source type="…">`) → ojpack's language ids.

A type is a language, then a dot and the compiler or version (`cpp.g++17`, `cpp.gcc13-64-winlibs-g++20`,
`csharp.mono`, `python.pypy3-64`, `ruby.3`, `perl.5`, `rust.2021`, `v8.nodejs`), or a bare name (`go`,
`scala`, `ocaml`, `java21`, `kotlin19`, `d`). The language is read from the type, never from the file's
extension: Polygon's `.pl` is Perl, which ojpack's extension table reads as Prolog. A C++ type's standard
(`g++11` … `c++23`) picks ojpack's C++ of that standard (a standard-less `cpp.g++` or `cpp.ms2017` is C++17).
Of the Pascals only Free Pascal's `pas.fpc` is ojpack's Pascal: `pas.dpr` is Delphi 7 and `pas.pascalabc`
PascalABC.NET, dialects fpc does not promise to compile. Types ojpack has no runner for (those two, D,
Python 2, Tcl, …) give None with their name for the report.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from ...sandbox import load_languages

# the part before the first dot (digits cut: java21, kotlin19) → our language id
FAMILIES = {
    "c": "c", "java": "java", "kotlin": "kotlin", "csharp": "csharp", "haskell": "haskell", "ocaml": "ocaml",
    "php": "php", "ruby": "ruby", "scala": "scala", "perl": "perl", "go": "go", "rust": "rust", "js": "javascript",
    "v8": "javascript", "node": "javascript", "nodejs": "javascript", "lisp": "lisp", "prolog": "prolog",
}
# Polygon's Pascal compilers other than Free Pascal, by the name the report gives them
PASCALS = {"dpr": "Delphi", "pascalabc": "PascalABC.NET"}
CPP_STANDARDS = {"11": "cpp11", "14": "cpp14", "17": "cpp", "20": "cpp20", "23": "cpp23"}
# families ojpack cannot run, by the name the report gives them
UNRUNNABLE = {"d": "D", "tcl": "Tcl", "fsharp": "F#", "ada": "Ada", "fortran": "Fortran", "pike": "Pike", "io": "Io",
              "factor": "Factor", "j": "J", "qsharp": "Q#", "cpp-zip": "a zipped C++ project",
              "java8-zip": "a zipped Java project", "text": "plain text"}


def polygon_language(kind: str) -> tuple[str | None, str]:
    """(our language id, or None when ojpack cannot run it; what the type is, for the report)."""
    head, _, rest = kind.lower().partition(".")
    family = head if head in FAMILIES or head in UNRUNNABLE else re.sub(r"[\d-]+$", "", head) or head
    if family in ("cpp", "c++") or (family == "c" and re.search(r"[gc]\+\+", rest)):
        std = re.findall(r"(?:g|c)\+\+(\d\d)", rest)
        return CPP_STANDARDS.get(std[-1] if std else "17"), f"C++{std[-1] if std else ''}"
    if family in ("python", "pythonx"):
        if re.match(r"(pypy)?2", rest):
            return None, "Python 2"
        return ("pypy" if rest.startswith("pypy") else "python"), "PyPy 3" if rest.startswith("pypy") else "Python 3"
    if family in ("pas", "pascal"):
        if rest.startswith("fpc") and "pascal" in load_languages():
            return "pascal", load_languages()["pascal"].name
        return None, f"{PASCALS.get(rest, 'Pascal')} ({kind})"
    ours = FAMILIES.get(family)
    if ours is not None and ours in load_languages():
        return ours, load_languages()[ours].name
    return None, f"{UNRUNNABLE[family]} ({kind})" if family in UNRUNNABLE else f"{kind!r}, a type ojpack does not know"


def by_extension(path: PurePosixPath) -> str | None:
    """The language ojpack's table gives the file's extension alone (None: none)."""
    ext = path.suffix.lstrip(".").lower()
    return next((lang.id for lang in load_languages().values() if ext in lang.extensions), None)
