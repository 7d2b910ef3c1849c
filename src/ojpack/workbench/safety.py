"""What keeps the workbench to its package: the token, paths that cannot leave the package, bounded reads,
and one server per package."""

from __future__ import annotations

import fcntl
import hmac
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from ..errors import OjpackError
from ..sandbox import EXCERPT_BYTES, EXCERPT_LINES, first_lines, last_lines


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_ok(given: str | None, token: str) -> bool:
    """Compared in constant time: a wrong token tells nothing about the right one."""
    return given is not None and hmac.compare_digest(given.encode(), token.encode())


def inside(root: Path, rel: str) -> Path | None:
    """`rel` resolved below `root`, or None when it is absolute, climbs out, or a symlink leads out: the
    workbench serves the package's own files and nothing else of the host's."""
    if not rel or rel.startswith(("/", "\\")) or "\x00" in rel:
        return None
    base = root.resolve()
    target = (base / rel).resolve()
    if target != base and base not in target.parents:
        return None
    return target


@dataclass(frozen=True)
class Excerpt:
    """The first and last lines of a file, never reading more than two bounded pieces of it."""
    size: int
    head: str
    tail: str | None     # None: the head holds the whole file
    binary: bool


def excerpt(path: Path, limit: int = EXCERPT_BYTES, lines: int = EXCERPT_LINES) -> Excerpt:
    size = path.stat().st_size
    with path.open("rb") as f:
        head = first_lines(f.read(limit), lines)
        tail = None
        if size > len(head):
            f.seek(max(size - limit, len(head)))
            tail = last_lines(f.read(limit), lines)
    binary = b"\x00" in head
    return Excerpt(size, _text(head), None if tail is None else _text(tail), binary)


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


class PackageLock:
    """Held for the server's life: a second `serve` on the same package is refused, in one line."""

    def __init__(self, root: Path) -> None:
        self.path = root / ".ojpack" / "serve.lock"
        self._file: IO[str] | None = None

    def __enter__(self) -> PackageLock:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        f = self.path.open("a+")
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            f.seek(0)
            pid = f.read().strip() or "?"
            f.close()
            raise OjpackError(f"another `ojpack serve` (pid {pid}) already serves {self.path.parents[1]}: "
                              "use its page, or stop it first") from None
        f.seek(0)
        f.truncate()
        f.write(str(os.getpid()))
        f.flush()
        self._file = f
        return self

    def __exit__(self, *_: object) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
