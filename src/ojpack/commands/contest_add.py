"""`ojpack contest add DIR`: an existing problem joins the contest (contest.yaml gets the next letter and colour)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer


def add_command(
    folder: Annotated[Path, typer.Argument(help="The problem's folder (with problem.yaml), inside the contest.")],
    contest: Annotated[Optional[Path], typer.Option(
        "--contest", "-c", help="The contest's folder (default: the current one, else the problem's parent).")] = None,
) -> None:
    """Add an existing problem to the contest (the next letter and colour in contest.yaml, comments kept).

    `ojpack new NAME` inside a contest does the same for a new problem."""
    from rich.markup import escape

    from ..scaffold import add_existing
    from .console import out

    entry = add_existing(folder, contest)
    out.print(f"added problem {entry.letter} to the contest: contest.yaml lists {escape(entry.path)} ({entry.color})")
