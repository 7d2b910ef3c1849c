"""Small shared helpers for exporters: copy and write files, YAML text, deterministic zips, atomic swap."""

from __future__ import annotations

import hashlib
import os
import shutil
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from ...problem import dump_yaml
from ...sandbox import is_script

T = TypeVar("T")
# A fixed timestamp makes the same export give the same zip bytes.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
COMMENT = {".c": "//", ".cpp": "//", ".cc": "//", ".cxx": "//", ".java": "//", ".py": "#"}


@dataclass
class Notes:
    """What one export says about itself: never a silent drop."""
    lost: list[str] = field(default_factory=list)   # what the target cannot express (scoring, verdict sets, …)
    todo: list[str] = field(default_factory=list)   # what the importer must still do by hand


def copy(src: Path, dst: Path) -> Path:
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_bytes(src.read_bytes())
    return dst


def copy_solution(src: Path, dst: Path) -> Path:
    """A solution to `dst`: its file, or for a build/run program (src its script) every file of its folder
    beside `dst`, executable bits kept."""
    if not is_script(src):
        return copy(src, dst)
    for f in sorted(p for p in src.parent.rglob("*") if p.is_file()):
        to = copy(f, dst.parent / f.relative_to(src.parent))
        to.chmod(0o755 if os.access(f, os.X_OK) or f.name in ("build", "run") else 0o644)
    return dst


def link(target: Path, dst: Path) -> Path:
    """A relative symlink to a file written earlier in the same export (it survives the folder's move)."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(os.path.relpath(target, dst.parent), dst)
    return dst


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def text(dst: Path, content: str) -> Path:
    """A UTF-8 text file with LF line ends and a final newline (what the format checkers insist on)."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    body = content.replace("\r\n", "\n")
    dst.write_bytes((body if body.endswith("\n") else body + "\n").encode("utf-8"))
    return dst


def yaml_text(data: Any) -> str:
    return dump_yaml(data, sort_keys=False, allow_unicode=True, default_flow_style=False, width=1000)


def with_comment(src: Path, line: str) -> str:
    """The source text with one comment line on top (for markers like DOMjudge's @EXPECTED_RESULTS@)."""
    mark = COMMENT.get(src.suffix)
    if mark is None:
        raise ValueError(f"no comment syntax known for {src.name}")
    return f"{mark} {line}\n" + src.read_text(encoding="utf-8")


def zip_dir(src: Path, dst: Path) -> None:
    """Zip a folder's contents (paths relative to it), sorted, with fixed timestamps.

    Every folder gets its own entry: DOMjudge, for one, takes a multi-file submission only when its
    folder appears in the zip as an entry of its own."""
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(src.rglob("*")):
            rel = path.relative_to(src).as_posix()
            if path.is_dir():
                folder = zipfile.ZipInfo(rel + "/", ZIP_TIME)
                folder.external_attr = (0o40755 << 16) | 0x10   # a directory, for Unix and DOS readers
                z.writestr(folder, b"")
                continue
            info = zipfile.ZipInfo(rel, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (0o755 if os.access(path, os.X_OK) else 0o644) << 16
            z.writestr(info, path.read_bytes())


def publish(out_root: Path, target: str, fill: Callable[[Path], T]) -> T:
    """Fill a fresh staging folder, zip it, then swap both into out_root/<target>{,.zip}.

    A failure while filling leaves the previous export untouched; the zip is replaced in one rename and
    the folder in two back-to-back renames (a reader may briefly see no folder, never a half-written one).
    """
    out_root.mkdir(parents=True, exist_ok=True)
    staging = out_root / f".{target}.new-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    try:
        result = fill(staging)
        zip_tmp = out_root / f".{target}.zip.new-{os.getpid()}"
        zip_dir(staging, zip_tmp)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    final, old = out_root / target, out_root / f".{target}.old-{os.getpid()}"
    if final.exists():
        os.rename(final, old)
    os.rename(staging, final)
    shutil.rmtree(old, ignore_errors=True)
    os.replace(zip_tmp, out_root / f"{target}.zip")
    return result
