"""Kattis / ICPC included files: `include/<language>/` (legacy and both ICPC versions) and 2025-09's
`include/default/` are copied into every submission before it is compiled. They come in byte for byte at
the same paths (constants.py writes the 2025-09 constants into them, as the format says) and are listed in
problem.yaml under `solutions.include`, keyed by ojpack's language id, which the judge honours
(sandbox/included.py)."""

from __future__ import annotations

from pathlib import Path

from ..common.langcodes import TO_OJPACK
from ..common.writer import Imported


def read(root: Path, imp: Imported) -> None:
    for folder in sorted(p for p in (root / "include").glob("*") if p.is_dir()):
        code = folder.name
        files = sorted(f for f in folder.rglob("*") if f.is_file() and not f.is_symlink())
        lang = "default" if code == "default" else TO_OJPACK.get(code)
        if lang is None:
            imp.note(f"include/{code}/: included files for a language ojpack has no runner for; not carried over")
            for f in files:
                imp.took(f.relative_to(root).as_posix(), f"not carried over: included files for {code}")
            continue
        if not files:
            continue
        for f in files:
            imp.files[f.relative_to(root).as_posix()] = f.read_bytes()
        imp.include[lang] = f"include/{code}"
    if imp.include:
        imp.note("included files (" + ", ".join(f"{k}: {v}/" for k, v in imp.include.items()) + ") are copied "
                 "beside every solution in that language (problem.yaml solutions.include)")
