"""Options shared by the commands."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

ProblemOpt = Annotated[
    Optional[Path],
    typer.Option("--problem", "-p", help="Problem root (holds problem.yaml); default: the nearest folder from here upward that has one.",
                 file_okay=False),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object for machines instead of tables.")]
