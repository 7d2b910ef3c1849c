"""What a program said, made fit to show: the head of its stderr, valid text, no binary garbage."""

from __future__ import annotations

import re
from pathlib import Path

HEAD_BYTES = 2048
# What a report or a page shows of a file (a program's output, a test): a screenful, read in bounded pieces.
EXCERPT_BYTES = 4096
EXCERPT_LINES = 40
# Control characters other than tab and newline (a binary dumped to stderr, terminal escapes).
_GARBAGE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\ufffd]+")


def clean(data: bytes) -> str:
    text = data.decode("utf-8", errors="replace").replace("\r\n", "\n")
    return _GARBAGE.sub("?", text).strip()


def head_of(path: Path | None, limit: int = HEAD_BYTES) -> str:
    """The first `limit` bytes of a file (a failing program's stderr), cleaned; "" when missing."""
    if path is None:
        return ""
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError:
        return ""
    text = clean(data[:limit])
    return text + (" …" if len(data) > limit else "")


def first_lines(data: bytes, count: int = EXCERPT_LINES) -> bytes:
    """The first `count` lines of `data` (each with its newline)."""
    parts = data.split(b"\n")
    return data if len(parts) <= count + 1 else b"\n".join(parts[:count]) + b"\n"


def last_lines(data: bytes, count: int = EXCERPT_LINES) -> bytes:
    """The last `count` lines of `data` (the last newline, if any, kept)."""
    parts = data.split(b"\n")
    return data if len(parts) <= count + 1 else b"\n".join(parts[-count - 1:])


def excerpt_text(data: bytes) -> str:
    """The first EXCERPT_LINES lines of at most EXCERPT_BYTES bytes, as text (a broken character replaced)."""
    return first_lines(data[:EXCERPT_BYTES]).decode("utf-8", errors="replace")


def excerpt_of(path: Path | None) -> str:
    """excerpt_text of a file's start, reading no more than EXCERPT_BYTES of it; "" when missing."""
    if path is None:
        return ""
    try:
        with open(path, "rb") as f:
            return excerpt_text(f.read(EXCERPT_BYTES))
    except OSError:
        return ""


def trim_message(text: str, lines: int = 40, chars: int = 4000) -> str:
    """A compiler's message cut to what a person reads: the first `lines` lines, at most `chars`."""
    text = clean(text.encode("utf-8", errors="replace"))
    kept = text.splitlines()
    out = "\n".join(kept[:lines])[:chars]
    return out + ("\n…" if len(kept) > lines or len(out) < len("\n".join(kept[:lines])) else "")
