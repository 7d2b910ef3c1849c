"""The shared rich consoles: results on stdout, progress and errors on stderr."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from rich.console import Console

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False)


def progress_enabled() -> bool:
    """Live progress only on an interactive terminal; CI logs get the summary alone."""
    return err.is_terminal and not os.environ.get("CI")


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
    """A transient progress bar on stderr: `title`, bar, done/total, `trailing` text, elapsed time."""
    if not progress_enabled():
        return _Silent()
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = [TextColumn(title), BarColumn(), MofNCompleteColumn(),
               *([TextColumn(trailing)] if trailing else []), TimeElapsedColumn()]
    return Progress(*columns, console=err, transient=True)


def print_json(data: object) -> None:
    """One JSON document on stdout for machines: plain text, no highlighting (rich's costs ~25 ms)."""
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
