"""Where an output first departs from the answer, as the token checker sees it: whitespace-separated tokens
compared in turn (case-sensitively unless told otherwise, numbers within a tolerance when one is given),
with the line and column of the differing token on each side and a few lines around it.

Both files are read as streams, a chunk at a time: a token is compared by its length and hash, and only
its first bytes are kept to show, so a 64 MiB output with one token wrong at its end costs one pass over
each file and no more memory than a chunk."""

from __future__ import annotations

import hashlib
import re
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .checker import Tolerance, as_number

CHUNK = 1 << 16
SHOWN = 200            # bytes of a token (and characters of a context line) kept to show
CONTEXT = 2            # lines shown before and after the differing one, on each side
_TOKEN = re.compile(rb"[^ \t\n\r\x0b\x0c]+")   # what bytes.split() splits on: the checker's whitespace


@dataclass(frozen=True)
class Token:
    index: int         # 1-based, as the checker's messages count
    line: int          # 1-based
    column: int        # 1-based, in bytes
    shown: bytes       # its first SHOWN bytes
    size: int
    digest: bytes      # of the whole token
    line_start: int    # byte offset of its line's start (to read the context from)

    @property
    def text(self) -> str:
        return self.shown.decode("utf-8", errors="replace") + ("…" if self.size > SHOWN else "")


@dataclass(frozen=True)
class Side:
    """One file's side of a difference: where its token is, and the lines around it."""
    line: int
    column: int
    token: str | None                    # None: the file ended before this token
    context: tuple[tuple[int, str], ...]  # (line number, text) around `line`

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "column": self.column, "token": self.token,
                "context": [{"line": n, "text": t} for n, t in self.context]}


@dataclass(frozen=True)
class Diff:
    token_index: int   # 1-based: the first token that differs (or that one side lacks)
    got: Side          # the output's
    expected: Side     # the answer's

    @property
    def line(self) -> int:
        return self.got.line

    @property
    def column(self) -> int:
        return self.got.column

    def to_json(self) -> dict[str, Any]:
        return {"token_index": self.token_index, "line": self.got.line, "column": self.got.column,
                "expected_token": self.expected.token, "got_token": self.got.token,
                "got": self.got.to_json(), "expected": self.expected.to_json()}

    @staticmethod
    def from_json(raw: dict[str, Any]) -> Diff:
        def side(s: dict[str, Any]) -> Side:
            return Side(s["line"], s["column"], s["token"], tuple((c["line"], c["text"]) for c in s["context"]))
        return Diff(raw["token_index"], side(raw["got"]), side(raw["expected"]))


class _Cut:
    """A token being read, maybe across chunks."""

    def __init__(self, index: int, line: int, column: int, line_start: int) -> None:
        self.index, self.line, self.column, self.line_start = index, line, column, line_start
        self.shown = bytearray()
        self.size = 0
        self.hash = hashlib.sha1()

    def add(self, part: bytes) -> None:
        if len(self.shown) < SHOWN:
            self.shown += part[:SHOWN - len(self.shown)]
        self.size += len(part)
        self.hash.update(part)

    def token(self) -> Token:
        return Token(self.index, self.line, self.column, bytes(self.shown), self.size, self.hash.digest(),
                     self.line_start)


@dataclass(frozen=True)
class Start:
    """Where a scan starts: a byte offset at a token boundary, and the tokens and lines before it."""
    offset: int = 0
    tokens: int = 0
    line: int = 1
    line_start: int = 0


def tokens(path: Path, start: Start = Start()) -> Iterator[Token]:
    """The file's tokens from `start` on, with their places; read a chunk at a time."""
    index, line, line_start, offset = start.tokens, start.line, start.line_start, start.offset
    cut: _Cut | None = None   # the last token of the previous chunk, which may go on in this one
    with open(path, "rb") as f:
        f.seek(offset)
        while chunk := f.read(CHUNK):
            pos = 0
            for m in _TOKEN.finditer(chunk):
                if cut is not None:
                    if m.start() == 0:   # the token goes on
                        cut.add(m.group())
                        pos = m.end()
                        continue
                    yield cut.token()
                    cut = None
                gap = chunk[pos:m.start()]
                if n := gap.count(b"\n"):
                    line += n
                    line_start = offset + pos + gap.rfind(b"\n") + 1
                index += 1
                cut = _Cut(index, line, offset + m.start() - line_start + 1, line_start)
                cut.add(m.group())
                pos = m.end()
            if cut is not None and pos < len(chunk):   # whitespace after it: the token is whole
                yield cut.token()
                cut = None
            gap = chunk[pos:]
            if n := gap.count(b"\n"):
                line += n
                line_start = offset + pos + gap.rfind(b"\n") + 1
            offset += len(chunk)
    if cut is not None:
        yield cut.token()


def _same(got: Token, want: Token, case_sensitive: bool, tolerance: Tolerance | None) -> bool:
    if got.size == want.size and got.digest == want.digest:
        return True
    whole = got.size <= SHOWN and want.size <= SHOWN   # a rule beyond equality needs the tokens themselves
    if not whole:
        return False
    if tolerance is not None and (w := as_number(want.shown)) is not None:
        g = as_number(got.shown)
        return g is not None and tolerance.accepts(w, g)
    return not case_sensitive and got.shown.lower() == want.shown.lower()


def context(path: Path, line_start: int, line: int, column: int = 1, before: int = CONTEXT,
            after: int = CONTEXT) -> tuple[tuple[int, str], ...]:
    """Lines `line` - before .. `line` + after of the file, `line` starting at byte `line_start`; each line
    cut to SHOWN characters and read no further (the line `line` itself around `column` when that is far
    along), the lines before looked for at most CHUNK bytes back."""
    with open(path, "rb") as f:
        lo = max(0, line_start - CHUNK)
        f.seek(lo)
        data = f.read(line_start - lo)
        start, found = line_start, 0
        while found < before and start > 0:
            cut = data.rfind(b"\n", 0, max(0, start - lo - 1))
            if cut < 0 and lo > 0:   # further back than we look
                break
            start, found = lo + cut + 1, found + 1
        f.seek(start)
        out: list[tuple[int, str]] = []
        for n in range(line - found, line + after + 1):
            at = f.tell()
            raw = f.readline(SHOWN + 1)
            if not raw:
                break
            if n == line and column > SHOWN // 2:   # far along a long line: the part around the column
                f.seek(at + column - 1 - SHOWN // 2)
                raw = b"\xe2\x80\xa6" + f.readline(SHOWN + 1)   # "…" first: the line's start is left out
            if not raw.endswith(b"\n"):   # a long line: skip the rest of it
                while (rest := f.readline(CHUNK)) and not rest.endswith(b"\n"):
                    pass
            text = raw.rstrip(b"\r\n")
            out.append((n, text[:SHOWN].decode("utf-8", errors="replace") + ("…" if len(text) > SHOWN else "")))
    return tuple(out)


_SPACES = (b" ", b"\t", b"\n", b"\r", b"\x0b", b"\x0c")


def skip_common(a: Path, b: Path) -> Start:
    """Past the bytes both files share (compared a block at a time, in C), to the last whitespace within
    them: every token before that point is the same on both sides, counted without looking at each."""
    block = 1 << 20
    shared, count, lines, last_newline, rest = 0, 0, 0, -1, b""
    with open(a, "rb") as fa, open(b, "rb") as fb:
        while True:
            more_x, more_y = fa.read(block), fb.read(block)
            x, y = rest + more_x, rest + more_y   # `rest`: a shared token the last block cut
            n = _common(x, y)
            cut = max(x.rfind(c, 0, n) for c in _SPACES) + 1
            part = x[:cut]   # starts at a token's start (or whitespace), ends with whitespace
            count += len(part.split())
            lines += part.count(b"\n")
            if (nl := part.rfind(b"\n")) >= 0:
                last_newline = shared + nl
            shared += cut
            rest = x[cut:n]
            if n < len(x) or n < len(y) or not more_x or len(rest) > 4 * block:
                break
    return Start(shared, count, lines + 1, last_newline + 1)


def _common(x: bytes, y: bytes) -> int:
    """The length of the longest common prefix of x and y (halving, each step one C comparison)."""
    lo, hi = 0, min(len(x), len(y))
    if x[:hi] == y[:hi]:
        return hi
    while hi - lo > 1:   # x[:lo] == y[:lo] and x[:hi] != y[:hi]
        mid = (lo + hi) // 2
        if x[lo:mid] == y[lo:mid]:
            lo = mid
        else:
            hi = mid
    return lo


def _side(path: Path, token: Token | None, start: Start) -> Side:
    """A side's place: its differing token's, or, where the file ended first, its end."""
    if token is not None:
        return Side(token.line, token.column, token.text,
                    context(path, token.line_start, token.line, token.column))
    line, column, line_start = _end(path)
    return Side(line, column, None, context(path, line_start, line, 1, CONTEXT, 0))


def _end(path: Path) -> tuple[int, int, int]:
    """Where a file's last token ends: the place just after it (line, column) and its line's start."""
    block = 1 << 20
    with open(path, "rb") as f:
        end = f.seek(0, 2)
        while end > 0:   # back over the trailing whitespace
            f.seek(max(0, end - block))
            data = f.read(end - max(0, end - block))
            kept = len(data.rstrip())
            end -= len(data) - kept
            if kept:
                break
        f.seek(0)
        lines, line_start, at = 0, 0, 0
        while at < end:
            data = f.read(min(block, end - at))
            lines += data.count(b"\n")
            if (nl := data.rfind(b"\n")) >= 0:
                line_start = at + nl + 1
            at += len(data)
    return lines + 1, end - line_start + 1, line_start


def first_difference(output: Path, answer: Path, case_sensitive: bool = True,
                     tolerance: Tolerance | None = None) -> Diff | None:
    """The first token where `output` departs from `answer`, or None when they agree token by token."""
    start = skip_common(output, answer)
    got_tokens, want_tokens = tokens(output, start), tokens(answer, start)
    while True:
        got, want = next(got_tokens, None), next(want_tokens, None)
        if got is None and want is None:
            return None
        if got is not None and want is not None and _same(got, want, case_sensitive, tolerance):
            continue
        index = got.index if got is not None else want.index   # type: ignore[union-attr]
        return Diff(index, _side(output, got, start), _side(answer, want, start))
