"""What a program said, made fit to show: the head of its stderr, valid text, no binary garbage."""

from __future__ import annotations

import re
from pathlib import Path

HEAD_BYTES = 2048
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


def trim_message(text: str, lines: int = 40, chars: int = 4000) -> str:
    """A compiler's message cut to what a person reads: the first `lines` lines, at most `chars`."""
    text = clean(text.encode("utf-8", errors="replace"))
    kept = text.splitlines()
    out = "\n".join(kept[:lines])[:chars]
    return out + ("\n…" if len(kept) > lines or len(out) < len("\n".join(kept[:lines])) else "")
