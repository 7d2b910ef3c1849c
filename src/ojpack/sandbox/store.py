"""The machine-wide store of compiled programs (`machine_cache()/bin`), kept within a size bound.

An entry is a compiled folder named by its key, complete once it holds `.ok`, whose modification time is
the entry's last use: it is touched whenever a package takes the entry or finds its own copy of it. After
each store, the least recently used entries are removed until the store is within $OJPACK_STORE_MAX
(default 1 GiB). A package's copy of an entry is hard links to the store's files when both are on one
file system, so a compiled program is kept once, not once per package plus once in the store."""

from __future__ import annotations

import os
import re
import shutil
import threading
import time
from pathlib import Path

from ..errors import OjpackError

STORE_MAX_ENV = "OJPACK_STORE_MAX"
DEFAULT_STORE_MAX = 1 << 30
STALE_SECONDS = 3600   # a staging or evicted folder this old was left by a killed process
_SIZE = re.compile(r"(\d+)\s*([kmgt]?)(?:i?b)?", re.I)


def store_max() -> int:
    """The bound in bytes: $OJPACK_STORE_MAX as bytes or with a K, M, G or T suffix (powers of 1024)."""
    text = os.environ.get(STORE_MAX_ENV, "").strip()
    if not text:
        return DEFAULT_STORE_MAX
    found = _SIZE.fullmatch(text)
    if not found:
        raise OjpackError(f"{STORE_MAX_ENV}={text!r}: expected a size such as 500M or 2G")
    return int(found[1]) * 1024 ** " kmgt".index(found[2].lower() or " ")


def touch(entry: Path) -> None:
    """Mark a store entry as just used (nothing when it is not there)."""
    try:
        os.utime(entry / ".ok")
    except OSError:
        pass


def copy_in(src: Path, dest: Path) -> bool:
    """Copy a compiled folder to `dest` through a private staging name and a rename, so a reader never sees
    half of it, linking rather than copying where it can; False when that fails (a full disk, a read-only
    store, an entry evicted meanwhile)."""
    if dest.exists():
        return True
    stage = dest.parent / f".{dest.name}.{os.getpid()}.{threading.get_ident()}"
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(src, stage, symlinks=True, copy_function=_link_or_copy)
        os.chmod(stage, 0o755)   # copytree keeps the source's mode; the cage's uid must read what is in it
        os.rename(stage, dest)
    except OSError:
        shutil.rmtree(stage, ignore_errors=True)
        return dest.exists()
    return True


def _link_or_copy(src: str, dst: str) -> None:
    try:
        os.link(src, dst, follow_symlinks=False)
    except OSError:   # another file system, or links not allowed there
        shutil.copy2(src, dst, follow_symlinks=False)


def evict(store: Path, bound: int, keep: str = "") -> list[str]:
    """Remove the least recently used entries of `store` (never `keep`, the one just stored) until the
    entries take at most `bound` bytes on disk; returns the keys removed."""
    entries: list[tuple[float, str, int]] = []
    try:
        listing = list(os.scandir(store))
    except OSError:
        return []
    now = time.time()
    for e in listing:
        if not e.is_dir(follow_symlinks=False):
            continue
        if e.name.startswith("."):   # a staging or evicted folder, not an entry
            if _mtime(e.path) < now - STALE_SECONDS:
                shutil.rmtree(e.path, ignore_errors=True)
            continue
        try:
            used = os.stat(os.path.join(e.path, ".ok")).st_mtime_ns
        except OSError:
            continue
        entries.append((used, e.name, _disk_usage(e.path)))
    total = sum(size for _, _, size in entries)
    removed: list[str] = []
    for _, name, size in sorted(entries):
        if total <= bound:
            break
        if name != keep and _remove(store / name):
            total -= size
            removed.append(name)
    return removed


def _mtime(path: str) -> float:
    try:
        return os.lstat(path).st_mtime
    except OSError:
        return time.time()


def _disk_usage(folder: str) -> int:
    total = 0
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in (*dirnames, *filenames):
            try:
                total += os.lstat(os.path.join(dirpath, name)).st_blocks * 512
            except OSError:
                pass
    return total


def _remove(entry: Path) -> bool:
    """Take an entry out of the store at once (a rename), then delete it; False when another process did."""
    gone = entry.parent / f".evict.{entry.name}.{os.getpid()}.{threading.get_ident()}"
    try:
        os.rename(entry, gone)
    except OSError:
        return False
    shutil.rmtree(gone, ignore_errors=True)
    return True
