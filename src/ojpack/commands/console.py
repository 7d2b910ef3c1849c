"""The shared rich consoles: results on stdout, progress and errors on stderr."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from rich.console import Console


def _known_width(stream: Any) -> bool:
    """Whether anyone said how wide `stream`'s lines may be: a terminal does (the stream's own, or the one
    that typed the command and reads it through `| less`), and so does COLUMNS on a pipe."""
    ttys = (getattr(s, "isatty", lambda: False)() for s in (stream, sys.stdin) if s)
    return any(ttys) or (os.environ.get("COLUMNS") or "").isdigit()


class _Sized(Console):
    """Lines wrap at the width whenever there is one (a terminal, or COLUMNS on a pipe), read at each print
    (rich reads COLUMNS once, when the console is made). Piped with no terminal at all, a line stays whole:
    grep and log viewers want the sentence on one line, and 80 would be a guess."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._width = None

    @property   # type: ignore[override]
    def soft_wrap(self) -> bool:
        return not _known_width(self.file)

    @soft_wrap.setter
    def soft_wrap(self, _: bool) -> None:
        return None


out = _Sized(highlight=False)
err = _Sized(stderr=True, highlight=False)


def said(label: str, style: str, text: str, to: Console | None = None) -> None:
    """`label` in `style`, then `text` as plain text (never markup: it may hold a path or a program's words),
    as one paragraph: rich wraps it as a whole, so its first line fits the width like the others."""
    from rich.text import Text

    (to or err).print(Text.assemble((label, style), text))


def item(text: str | Any, lead: str = "  • ", style: str = "", lead_style: str = "", hang: int = 0) -> None:
    """One entry of a list on stdout (`text` is plain, never markup): its lines after the first hang under
    its start, not under the bullet, so a list stays readable where it wraps; `hang` columns further in
    where the lead is blank (no bullet to tell one entry from the next). Piped with no width, one line."""
    from rich.text import Text

    body = text if isinstance(text, Text) else Text(str(text), style=style)
    if out.soft_wrap:
        out.print(Text(lead, style=lead_style) + body)
        return
    if hang:
        for i, line in enumerate(body.wrap(out, max(width() - len(lead) - hang, 10))):
            line.rstrip()
            out.print(Text(lead, style=lead_style) + line if i == 0 else Text(" " * (len(lead) + hang)) + line)
        return
    from rich.table import Table

    grid = Table.grid()
    grid.add_column(width=len(lead), no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row(Text(lead, style=lead_style), body)
    out.print(grid)


def width() -> int:
    """The columns results may use: the terminal's, COLUMNS on a pipe, else rich's 80; never under 40."""
    return max(out.width, 40)


def elide(text: str, room: int) -> str:
    """`text` in at most `room` columns: the middle gives way to an ellipsis, since names and paths differ
    at both ends (the folder that says what it is, the extension that says what language)."""
    from rich.cells import cell_len, set_cell_size

    if cell_len(text) <= room:
        return text
    if room < 2:
        return "…"[:max(room, 0)]
    head, tail = room // 2, ""
    for ch in reversed(text):   # the end kept whole, character by character (wide ones count two)
        if cell_len(ch + tail) > room - 1 - head:
            break
        tail = ch + tail
    return set_cell_size(text, head) + "…" + tail


def elide_path(path: str, room: int) -> str:
    """A path in at most `room` columns, its last part kept whole as long as it fits: that part names the
    file, the folders before it only place it (solutions/wrong_answer/x.cpp -> wro…/x.cpp)."""
    from rich.cells import cell_len, set_cell_size

    if cell_len(path) <= room or "/" not in path:
        return elide(path, room)
    folder, name = path.rsplit("/", 1)
    left = room - cell_len(name) - 2     # the folder's head, then "…/"
    if left < 1:
        return "…" + elide(name, room - 1) if room >= 2 else elide(name, room)
    return set_cell_size(folder, left) + "…/" + name


def progress_enabled() -> bool:
    """Live progress only when a person watches both streams: never into a pipe or a file (it would mix
    with --json or piped results), never in CI logs."""
    return err.is_terminal and out.is_terminal and not os.environ.get("CI")


class _Silent:
    """Stands in for a rich Progress when nobody watches, so rich.progress is never imported then."""

    def __enter__(self) -> _Silent:
        return self

    def __exit__(self, *_: object) -> None:
        return None

    def add_task(self, *_: object, **__: object) -> int:
        return 0

    def update(self, *_: object, **__: object) -> None:
        return None


def progress_bar(title: str, trailing: str = "") -> Any:
    """A transient progress bar on stderr: `title`, bar, done/total, `trailing` text, elapsed time and
    the time left (rich estimates it from the pace so far)."""
    if not progress_enabled():
        return _Silent()
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                               TimeRemainingColumn)
    from rich.table import Column

    # the trailing text (a test's name) is cut, never wrapped: a bar that grows a second line flickers
    cut = Column(no_wrap=True, overflow="ellipsis", max_width=max(width() - 56, 10))
    tail = TextColumn(trailing, table_column=cut)
    columns = [TextColumn(title), BarColumn(bar_width=None if width() >= 100 else 20), MofNCompleteColumn(),
               *([tail] if trailing else []), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn()]
    return Progress(*columns, console=err, transient=True, expand=False)


def timed_bar(title: str, seconds: float) -> Any:
    """A progress bar for work bounded by a clock (stress: up to N seconds): it fills as time passes, so its
    ETA is the time left; nothing updates it but the clock, hence a thread of its own."""
    return _Clock(title, seconds) if progress_enabled() else _Silent()


class _Clock:
    def __init__(self, title: str, seconds: float) -> None:
        import threading

        self._bar = progress_bar(title)
        self._seconds = seconds
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._tick, daemon=True)

    def _tick(self) -> None:
        import time

        start = time.monotonic()
        task = self._bar.add_task("", total=self._seconds)
        while not self._stop.wait(0.2):
            self._bar.update(task, completed=min(time.monotonic() - start, self._seconds))

    def __enter__(self) -> _Clock:
        self._bar.__enter__()
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self._bar.__exit__(*exc)


def print_json(data: object) -> None:
    """One JSON document on stdout for machines: plain text, no highlighting (rich's costs ~25 ms)."""
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
