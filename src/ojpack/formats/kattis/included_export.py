"""problem.yaml's solutions.include (files copied beside every submission) in the exports: the ICPC 2025-09
format has `include/<code>/` and `include/default/`; legacy Kattis has `include/<code>/` only, so there the
default folder is written for every language code ojpack knows that has no folder of its own. The other
targets have no such folder: the run loop names the loss (`losses`)."""

from __future__ import annotations

import re
from pathlib import Path

from ..common.langcodes import TO_ICPC
from ..common.package import Package
from ..common.write import copy

# the targets whose format carries included files
CARRIED = ("kattis", "icpc2025")


def _code(lang: str) -> str | None:
    """The ICPC code of an ojpack language id (cpp20 → cpp, pypy → python3)."""
    return TO_ICPC.get(lang) or TO_ICPC.get({"pypy": "python"}.get(lang, re.sub(r"\d+$", "", lang)))


def write(pkg: Package, root: Path, has_default: bool) -> list[str]:
    """Write `include/` under the package `root`; returns what could not be written."""
    lost = []
    own = {code for lang in pkg.includes if lang != "default" and (code := _code(lang))}
    for lang, folder in pkg.includes.items():
        if lang == "default":
            codes = ["default"] if has_default else sorted(set(TO_ICPC.values()) - own)
        elif (code := _code(lang)) is not None:
            codes = [code]
        else:
            lost.append(f"solutions.include: {lang}: the format has no language code for it; left out")
            continue
        for f in sorted(p for p in folder.rglob("*") if p.is_file()):
            for code in codes:
                copy(f, root / "include" / code / f.relative_to(folder))
    return lost


def losses(pkg: Package, target: str) -> list[str]:
    """A target without included files: each folder of solutions.include is named as lost."""
    if target in CARRIED or not pkg.includes:
        return []
    return [f"included files ({', '.join(f'{k}: {v.relative_to(pkg.root).as_posix()}/' for k, v in pkg.includes.items())}): {target} copies "
            "nothing beside a submission; solutions that need them fail there"]
