"""The token checker the exports ship where a judge's built-in comparison is not ojpack's rule.

`ojpack judge` compares whitespace-separated tokens. Hydro's and Luogu's default checkers compare lines,
CMS's `white_diff` too: one program printing every answer on one line, or a blank line between answers,
would pass here and fail there. Those targets get tokens.cpp (beside this file), a plain C++17 program
in the judge's own checker protocol, with the problem's case rule compiled in.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from ...errors import OjpackError
from ..package import Package

TEMPLATE = Path(__file__).with_name("tokens.cpp")
PROTOCOLS = ("testlib", "cms")
COMPILE = ["g++", "-O2", "-std=gnu++17"]


def token_checker(pkg: Package, protocol: str) -> str:
    """The checker's C++ source for `protocol` (testlib: argv input output answer, exit 0/1/3;
    cms: argv input answer output, score on stdout)."""
    if protocol not in PROTOCOLS:
        raise ValueError(f"unknown checker protocol {protocol}")
    head = f"#define CASE_SENSITIVE {int(pkg.case_sensitive)}\n#define PROTOCOL_{protocol.upper()} 1\n"
    return head + TEMPLATE.read_text(encoding="utf-8")


def compile_checker(source: str, binary: Path, target: str) -> None:
    """Compile a shipped checker for judges that take a binary (CMS): static where the toolchain can, so
    it runs on the judge's workers whatever their C++ runtime."""
    if shutil.which(COMPILE[0]) is None:
        raise OjpackError(f"{target}: needs {COMPILE[0]} to compile the checker it ships")
    binary.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ojpack-checker-") as tmp:
        src = Path(tmp, "checker.cpp")
        src.write_text(source, encoding="utf-8")
        for extra in (["-static"], []):
            proc = subprocess.run([*COMPILE, *extra, "-o", str(binary), str(src)], capture_output=True, text=True)
            if proc.returncode == 0:
                return
    raise OjpackError(f"{target}: the checker does not compile: {proc.stderr.strip()[:500]}")
