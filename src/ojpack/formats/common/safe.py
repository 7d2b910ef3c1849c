"""What every importer needs against a hostile package: paths that stay inside it, a zip read with bounds,
XML without entities.

A package names files by paths of its own (Polygon's `input-path-pattern`, `<source path=…>`); one that is
absolute, climbs out with `..` or goes through a symlink that leaves the package would bring a host file
into `data/` and every export. A zip is checked from its central directory (count, declared sizes, names,
symlinks) and then copied with a running total, because the declared sizes may lie. XML may declare
entities that expand exponentially; a document with a DOCTYPE or an ENTITY is refused before it is parsed.
"""

from __future__ import annotations

import os
import re
import stat
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path, PurePosixPath
from typing import Sequence
from xml.parsers import expat

from ...errors import OjpackError

MAX_ZIP_BYTES = 2 << 30        # 2 GiB decompressed in all: Polygon packages with big tests stay well below
MAX_ZIP_FILES = 50_000
_CHUNK = 1 << 20


def inside(root: Path, rel: str, what: str) -> Path:
    """root/rel, refused (one line naming `what` and the value) when it resolves outside root."""
    if PurePosixPath(rel).is_absolute() or Path(rel).is_absolute():
        raise OjpackError(f"{what} {rel!r}: an absolute path; refusing files outside the package")
    path = root / rel
    base = root.resolve()
    try:
        out = not path.resolve().is_relative_to(base)
    except (OSError, RuntimeError, ValueError) as e:   # a symlink loop, a NUL byte
        raise OjpackError(f"{what} {rel!r}: cannot be resolved ({e}); refused") from None
    if out:
        raise OjpackError(f"{what} {rel!r}: points outside the package; refused")
    return path


def numbered(pattern: str, i: int, what: str) -> str:
    """Polygon's `tests/%02d` filled with `i`; anything but one %d with a small width (`%999999999d` asks
    for a gigabyte per test, `%s%s` for two values) is refused in one line."""
    if not re.fullmatch(r"[^%]*%0?\d?(\.\d)?d[^%]*", pattern):
        raise OjpackError(f"{what} {pattern!r}: not a path with one %d in it; refused")
    return pattern % i


def no_outside_links(root: Path, allowed: Sequence[Path] = (),
                     max_bytes: int = MAX_ZIP_BYTES) -> list[tuple[str, Path]]:
    """Refuse a package folder holding a symlink that resolves outside it (a file read through it would
    be a host file), unless it leads to a regular file inside one of the `allowed` folders the user named
    (BAPCtools' test problems link `validation.h` to its headers): those are returned (path in the
    package, target), to be read as content and named in the report. Refuse too (one line each) what
    no reader can take: a FIFO, socket or device (reading one blocks or never ends), a file or folder
    that cannot be read, a name that is not UTF-8, and more bytes than a zip may hold (every file is read
    into memory)."""
    base = root.resolve()
    roots = [a.resolve() for a in allowed]
    taken = []
    total = 0
    for path in _walk(root):
        rel = path.relative_to(root).as_posix()
        try:
            rel.encode()
        except UnicodeEncodeError:   # every later step (problem.yaml, the compile cache, the report) needs text
            raise OjpackError(f"{os.fsencode(rel)!r}: a file name that is not UTF-8; refused") from None
        st = path.lstat()
        if stat.S_ISREG(st.st_mode):
            total += st.st_size
            if total > max_bytes:
                raise OjpackError(f"{rel}: the package holds more than the {max_bytes} bytes ojpack imports "
                                  f"({st.st_size} in this file); refused")
            if not os.access(path, os.R_OK):
                raise OjpackError(f"{rel}: cannot be read (permission denied); refused")
            continue
        if not stat.S_ISLNK(st.st_mode):
            if not stat.S_ISDIR(st.st_mode):
                raise OjpackError(f"{rel}: {_kind(st.st_mode)}, not a file or a folder; refused")
            continue
        target = _target(path)
        if target is not None and target.is_dir() and path.parent.resolve().is_relative_to(target):
            raise OjpackError(f"{rel}: a symlink to a folder that holds it ({target}), a cycle; refused")
        if target is None or target.is_relative_to(base):
            continue   # a link to nothing (or a loop) brings no host file in: dangling() names it
        if not any(target.is_relative_to(a) for a in roots):
            hint = "" if roots else " (--allow-outside DIR lets a link to a file under DIR in)"
            raise OjpackError(f"{rel}: a symlink out of the package (to {target}); refused{hint}")
        if not target.is_file() or target.is_symlink():
            raise OjpackError(f"{rel}: a symlink to {target}, which is not a regular file; refused")
        taken.append((rel, target))
    return taken


def _walk(root: Path) -> list[Path]:
    """Every entry under `root`, not following symlinks; a folder that cannot be listed is refused."""
    def refuse(e: OSError) -> None:
        where = Path(e.filename).relative_to(root).as_posix() if e.filename else str(root)
        raise OjpackError(f"{where}: cannot be read ({e.strerror}); refused")

    out = []
    for folder, dirs, files in os.walk(root, onerror=refuse):
        here = Path(folder)
        out += [here / n for n in sorted(dirs + files)]
    return out


def _kind(mode: int) -> str:
    return ("a FIFO" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else
            "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a special file")


def _target(link: Path) -> Path | None:
    """Where `link` finally leads; None when nowhere (a missing target or a loop)."""
    try:
        return link.resolve(strict=True)
    except (OSError, RuntimeError):   # RuntimeError: a loop (Python 3.11)
        return None


def dangling(root: Path) -> list[str]:
    """The symlinks under `root` that lead nowhere (a package copied out of the repository its links point
    into, e.g. DOMjudge's `problem.pdf -> ../../doc/examples/…`) or in a loop: nothing can be read through them."""
    return [p.relative_to(root).as_posix() for p in _walk(root) if p.is_symlink() and _target(p) is None]


def extract_zip(source: Path, dest: Path, max_bytes: int = MAX_ZIP_BYTES, max_files: int = MAX_ZIP_FILES) -> None:
    """Extract `source` into `dest` with bounds, refusing (one line) before writing anything when the
    central directory shows too many files, too many declared bytes, a name outside `dest` or a symlink,
    and stopping when the bytes really decompressed pass `max_bytes` (the declared sizes may lie)."""
    try:
        with zipfile.ZipFile(source) as z:
            infos = z.infolist()
            if len(infos) > max_files:
                raise OjpackError(f"{source}: {len(infos)} entries, more than the {max_files} ojpack imports; refused")
            declared = sum(i.file_size for i in infos)
            if declared > max_bytes:
                raise OjpackError(f"{source}: {declared} bytes once decompressed, more than the {max_bytes} "
                                  "ojpack imports; refused")
            for i in infos:
                name = PurePosixPath(i.filename.replace("\\", "/"))
                if name.is_absolute() or ".." in name.parts or (i.filename[1:2] == ":"):
                    raise OjpackError(f"{source}: entry {i.filename!r} is outside the package; refused")
                if stat.S_ISLNK(i.external_attr >> 16):
                    raise OjpackError(f"{source}: entry {i.filename!r} is a symlink; refused")
            total = 0
            for i in infos:
                target = dest / i.filename.replace("\\", "/")
                if i.is_dir():
                    target.mkdir(parents=True, exist_ok=True)
                    continue
                target.parent.mkdir(parents=True, exist_ok=True)
                with z.open(i) as src, target.open("wb") as out:
                    while chunk := src.read(_CHUNK):
                        total += len(chunk)
                        if total > max_bytes:
                            raise OjpackError(f"{source}: decompresses to more than {max_bytes} bytes (more than "
                                              "its directory declares); refused")
                        out.write(chunk)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError, OSError) as e:
        raise OjpackError(f"{source}: a broken zip: {e}") from None


def parse_xml(path: Path) -> ET.Element:
    """The root element of `path`, refusing (one line) a DOCTYPE or ENTITY declaration: entities are how an
    XML bomb expands; a Polygon problem.xml has none."""
    data = path.read_bytes()

    def refuse(*_args: object) -> None:
        raise OjpackError(f"{path}: declares a DOCTYPE or ENTITY; refused (entities can expand without bound)")

    scan = expat.ParserCreate()
    scan.StartDoctypeDeclHandler = refuse
    scan.EntityDeclHandler = refuse
    try:
        scan.Parse(data, True)
        return ET.fromstring(data)
    except (expat.ExpatError, ET.ParseError, LookupError, ValueError) as e:   # LookupError: an unknown encoding
        raise OjpackError(f"{path}: not valid XML: {e}") from None
