"""A content-addressed cache of build steps under <root>/.ojpack/cache (safe to delete at any time)."""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def tree_digest(*paths: Path) -> str:
    """One hash over files and whole folders (names and contents), skipping caches."""
    h = hashlib.sha256()
    for top in paths:
        files = [top] if top.is_file() else sorted(
            p for p in top.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
        for p in files:
            # the name as the file system has it: a non-UTF-8 byte in it is no reason to fail here
            h.update(os.fsencode(p.relative_to(top.parent)) + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


@cache
def toolkit_digest() -> str:
    """The toolkit's own code: a cached step is only as good as the code that made it (once per process)."""
    return tree_digest(Path(__file__).parent)


def key(*parts: str | bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode() if isinstance(part, str) else part)
        h.update(b"\0")
    return h.hexdigest()


def write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


@dataclass(frozen=True)
class Cache:
    dir: Path

    def get(self, kind: str, k: str) -> bytes | None:
        p = self.dir / kind / k[:2] / k
        return p.read_bytes() if p.is_file() else None

    def put(self, kind: str, k: str, data: bytes) -> None:
        write_atomic(self.dir / kind / k[:2] / k, data)


def cache_for(root: Path) -> Cache:
    return Cache(root / ".ojpack" / "cache")


def machine_cache() -> Path | None:
    """The machine-wide cache shared by every package (compiled programs, compiler versions):
    $OJPACK_CACHE_HOME, else $XDG_CACHE_HOME/ojpack, else ~/.cache/ojpack; None when it cannot be made."""
    base = os.environ.get("OJPACK_CACHE_HOME") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "ojpack")
    try:
        os.makedirs(base, exist_ok=True)
    except OSError:
        return None
    return Path(base)
