"""Polygon problems with file input/output (`<judging input-file="game.in" output-file="game.out">`).

Polygon puts each test in `game.in` and reads the answer from `game.out`; the solutions of such a problem
open those files themselves, nearly always with `freopen("game.in", "r", stdin)`. ojpack judges with
standard input and output, where that `freopen` fails: the stream is closed, the program reads nothing and
prints nothing, and an empty answer from the model solution would make every other solution "right".

So a C or C++ solution of such a problem is imported with lines before its first that make `freopen` of
exactly those two names keep the standard stream it was given (any other name is opened as before), and a
`#line 1` after them so that compiler messages keep the source's line numbers. In C++ `<cstdio>` comes
first: it undefines a `freopen` macro defined before it. A solution in another language, or one that names
a file without `freopen`, is named in the report: it is imported as it is.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, replace

from .polygon_windows import BOM
from .writer import Imported, SolutionIn, solution_rel

C_FAMILY = re.compile(r"^(c|cpp\d*)$")


@dataclass(frozen=True)
class FileIO:
    input: str     # "" when the problem reads standard input
    output: str

    def names(self) -> list[str]:
        return [n for n in (self.input, self.output) if n]


def file_io(judging: ET.Element) -> FileIO | None:
    """The files Polygon gives the test in and takes the output from, or None for standard input/output."""
    io = FileIO(judging.get("input-file", "").strip(), judging.get("output-file", "").strip())
    return io if io.names() else None


def _c_string(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def prelude(io: FileIO) -> bytes:
    """The lines put before a C/C++ source: `freopen` of the problem's files keeps the standard stream."""
    same = " || ".join(f"strcmp(name, {_c_string(n)}) == 0" for n in io.names())
    return ("// ojpack import: Polygon gave this program its test in files (" + ", ".join(io.names()) +
            "); ojpack gives it standard input and output\n"
            "#ifdef __cplusplus\n#include <cstdio>\n#include <cstring>\n"
            "#else\n#include <stdio.h>\n#include <string.h>\n#endif\n"
            "static FILE *ojpack_freopen(const char *name, const char *mode, FILE *stream) {\n"
            f"    if (name != NULL && ({same})) return stream;\n"
            "    return freopen(name, mode, stream);\n}\n"
            "#ifdef __cplusplus\nnamespace std { using ::ojpack_freopen; }\n#endif\n"
            "#define freopen ojpack_freopen\n#line 1\n").encode()


def with_std_streams(sol: SolutionIn, lang: str | None, io: FileIO | None, imp: Imported) -> SolutionIn:
    """The solution as ojpack must compile it to read the test from standard input and write its output
    to standard output where Polygon gave it files."""
    if io is None:
        return sol
    named = any(n.encode() in sol.data for n in io.names()) or b"freopen" in sol.data
    if lang is None or not C_FAMILY.match(lang):
        if named:
            imp.note(f"{sol.origin}: opens the problem's files ({', '.join(io.names())}) in a language ojpack "
                     "does not redirect: imported as it is, it reads no test")
        return sol
    if b"freopen" not in sol.data:
        if named:
            imp.note(f"{sol.origin}: names the problem's files without freopen: imported as it is")
        return sol
    bom = BOM if sol.data.startswith(BOM) else b""   # a UTF-8 mark stays first, where GCC skips it
    out = replace(sol, data=bom + prelude(io) + sol.data[len(bom):])
    before = imp.fates.get(sol.origin, f"copied to {solution_rel(out)}")   # the x87 lines, if any, stay said
    imp.took(sol.origin, f"{before}; and lines before it that make its freopen of {' and '.join(io.names())} "
                         "keep standard input and output, as ojpack judges")
    return out
