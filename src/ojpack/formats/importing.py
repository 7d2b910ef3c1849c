"""`ojpack import`: a package made elsewhere (Polygon, Kattis legacy, ICPC 2025-09, CMS italy_yaml / task-maker,
TPS) → an ojpack package.

Takes a folder or a zip; finds the format by its marker file, reads it with the format's module into one
`Imported` description, writes the ojpack layout, builds the data and compares it with the source's tests.
Gives the `ImportReport`, which names everything that could not be carried over.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import replace
import zipfile
from pathlib import Path
from typing import Sequence

import yaml

from ..errors import OjpackError
from ..problem import load_yaml
from .kattis import constants
from .kattis import importer2025 as icpc2025
from .kattis import importer as kattis
from .polygon import importer as polygon
from .italy import importer as italy
from .tps import importer as tps
from .common.ledger import ledger
from .kattis.ledger import kattis_fates
from .common.shapes import yaml_problem
from .common.safe import dangling, extract_zip, no_outside_links
from .common.writer import ImportReport, Imported, verify

FORMATS = ("polygon", "kattis", "icpc2025", "italy_yaml", "tps")


def detect(root: Path) -> str:
    if (root / "problem.xml").is_file():
        return "polygon"
    meta = root / "problem.yaml"
    if not meta.is_file() and italy.is_task(root):
        return "italy_yaml"
    if not meta.is_file() and tps.is_task(root):
        return "tps"
    if not meta.is_file():
        raise OjpackError(f"{root}: neither problem.xml (Polygon), problem.yaml (Kattis, ICPC), task.yaml (CMS, "
                          "task-maker) nor problem.json with gen/data (TPS): not a package ojpack can import")
    try:
        raw = load_yaml(meta.read_text(encoding="utf-8")) or {}
    except (yaml.YAMLError, UnicodeDecodeError, ValueError) as e:   # ValueError: an alias, refused
        raise OjpackError(yaml_problem(meta, e)) from None
    if not isinstance(raw, dict):
        raise OjpackError(f"{meta}: expected a mapping at the top level")
    if "tests" in raw and "subtasks" in raw:
        raise OjpackError(f"{root}: already an ojpack package")
    version = str(raw.get("problem_format_version", ""))
    return "icpc2025" if version.startswith(("2023", "2025", "draft")) else "kattis"


def _root(top: Path) -> Path:
    """The package root: `top`, or its only subfolder (zips often hold one folder)."""
    if (top / "problem.xml").is_file() or (top / "problem.yaml").is_file() or italy.is_task(top) or tps.is_task(top):
        return top
    subs = [p for p in top.iterdir() if p.is_dir() and not p.name.startswith((".", "__MACOSX"))]
    return subs[0] if len(subs) == 1 else top


def read(root: Path) -> Imported:
    fmt = detect(root)
    try:
        imp = {"polygon": polygon.read, "kattis": kattis.read, "icpc2025": icpc2025.read,
               "italy_yaml": italy.read, "tps": tps.read}[fmt](root)
    except (ValueError, TypeError, KeyError, OSError) as e:   # a number that is not one, an unreadable file…
        raise OjpackError(f"{root}: cannot read this {fmt} package: {type(e).__name__}: {e}") from None
    except (AttributeError, IndexError, LookupError, ArithmeticError, RecursionError, RuntimeError) as e:
        # a value of another shape than the format's (a list where a mapping belongs) that no check caught
        raise OjpackError(f"{root}: cannot read this {fmt} package: a value of an unexpected type or shape "
                          f"({type(e).__name__}: {e})") from None
    if fmt in constants.FAMILY:
        constants.apply(root, imp)
    return imp


def import_package(source: Path, to: Path | None = None, allow_outside: Sequence[Path] = ()) -> ImportReport:
    """Import `source` (folder or zip) into `to` (default: ./<short_name>), build it and report. A symlink
    out of a folder is refused unless it leads to a regular file under one of `allow_outside`."""
    if not source.exists():
        raise OjpackError(f"{source}: no such file or folder")
    if source.is_file():
        if not zipfile.is_zipfile(source):
            raise OjpackError(f"{source}: not a zip file or a folder")
        with tempfile.TemporaryDirectory(prefix="ojpack-import-") as tmp:
            extract_zip(source, Path(tmp))
            try:
                return _import(_root(Path(tmp)), to)
            except OjpackError as e:   # name the zip the user gave, not the folder it was unpacked into
                raise OjpackError(str(e).replace(tmp, str(source))) from None
    return _import(_root(source), to, allow_outside)


def _import(root: Path, to: Path | None, allow_outside: Sequence[Path] = ()) -> ImportReport:
    links = no_outside_links(root, allow_outside)
    imp = read(root)
    for rel, target in links:
        imp.note(f"{rel}: a symlink out of the package to {target} (allowed by --allow-outside): read as content")
    for rel in dangling(root):
        imp.note(f"{rel}: a symlink to {os.readlink(root / rel)}, which does not exist: left out")
    if imp.format in constants.FAMILY:
        kattis_fates(root, imp)
    out = (to or Path.cwd() / imp.short_name).resolve()
    if out.is_relative_to(root.resolve()):
        raise OjpackError(f"{out}: inside the source package {root}; import somewhere else (--to DIR), "
                          "the source is left as it is")
    report = verify(imp, out)
    return replace(report, files=ledger(root, imp))


__all__ = ["FORMATS", "ImportReport", "detect", "import_package", "read"]
