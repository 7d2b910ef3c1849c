"""Math goes into the exported .tex as the statement wrote it (it is LaTeX already), so it is the one place a
statement could make a downstream LaTeX run (a judge's, a printer's) read or write files, run programs or
redefine what follows. Math that names such a primitive is refused; everything else in the .tex is escaped.
"""

from __future__ import annotations

import re

from .model import StatementError

# Control sequences no formula needs: file and shell access, reading or writing streams, redefinition (which is
# how the others get built from harmless pieces), catcode changes, and the engine hooks that run code.
FORBIDDEN = frozenset("""
input include includeonly InputIfFileExists IfFileExists endinput openin openout closein closeout read readline
write immediate write18 ShellEscape directlua latelua luaexec luadirect special pdfximage pdffiledump
pdfmdfivesum pdffilesize pdffilemoddate includegraphics lstinputlisting verbatiminput usepackage RequirePackage
catcode lccode uccode sfcode mathcode delcode scantokens csname expandafter lowercase uppercase
def edef gdef xdef let futurelet global long outer protected chardef mathchardef countdef toksdef
newcommand renewcommand providecommand DeclareRobustCommand NewDocumentCommand RenewDocumentCommand
newenvironment renewenvironment newwrite newread everyeof everyjob everypar everymath everydisplay
makeatletter jobname documentclass
""".split())

# \begin / \end only of what a formula uses (a verbatim or filecontents environment must not open or close here).
ENVIRONMENTS = frozenset("""
matrix pmatrix bmatrix Bmatrix vmatrix Vmatrix smallmatrix cases dcases array subarray aligned alignedat gathered
split align align* gather gather* multline multline* equation equation*
""".split())

_TOKEN = re.compile(r"\\([A-Za-z@]+|.)|(\^\^)", re.S)
_ENV = re.compile(r"\s*\{([^{}]*)\}")


def check_math(latex: str, where: str) -> str:
    """`latex` with `%` made a percent sign (a comment would swallow the closing `$`), or a StatementError."""
    for m in _TOKEN.finditer(latex):
        if m.group(2):   # ^^5c is a backslash to TeX: \input spelled so that no scan sees it
            raise StatementError(f"{where}: the formula ${latex}$ uses ^^, which LaTeX reads as an escaped "
                                 "character; refused")
        if m.group(1) in FORBIDDEN:
            raise StatementError(f"{where}: the formula ${latex}$ uses \\{m.group(1)}, which a LaTeX run could "
                                 "use to read or write files, run programs or redefine the document; refused")
        if m.group(1) in ("begin", "end"):
            env = _ENV.match(latex, m.end())
            if not env or env.group(1) not in ENVIRONMENTS:
                raise StatementError(f"{where}: the formula ${latex}$ has \\{m.group(1)} of "
                                     f"{'{' + env.group(1) + '}' if env else 'no environment'}; formulas may use "
                                     f"only {', '.join(sorted(ENVIRONMENTS))}")
    return re.sub(r"(?<!\\)((?:\\\\)*)%", r"\1\\%", latex)
