"""`ojpack import FOLDER_OR_ZIP`: a Polygon, Kattis, ICPC 2025-09, CMS italy_yaml / task-maker or TPS package
→ an ojpack package."""

from __future__ import annotations

import json
from contextlib import nullcontext
from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import JsonOpt
from .console import err, item, out, progress_enabled


def command(
    source: Annotated[Path, typer.Argument(help="The package: a folder or a zip (Polygon, Kattis, ICPC, "
                                                "CMS italy_yaml, TPS).")],
    to: Annotated[Optional[Path], typer.Option("--to", help="Where to write the ojpack package (new or empty); "
                                                  "default: ./<short_name>.")] = None,
    allow_outside: Annotated[Optional[list[Path]], typer.Option(
        "--allow-outside", help="A folder (repeatable) a symlink in SOURCE may lead into: a link to a regular "
                                "file there is read as content and named in the report; any other link out is "
                                "refused.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Write an ojpack package from SOURCE, build its data and compare it with SOURCE's tests.

    Everything that cannot be carried over is listed in the report (never dropped silently).
    """
    from rich.markup import escape
    from ..publish import import_package

    live = progress_enabled() and not as_json
    with err.status("importing and building…") if live else nullcontext():
        report = import_package(source, to, allow_outside or [])
    if as_json:
        print(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
        return
    out.print(f"[bold]{report.format}[/] package imported into {escape(str(report.folder))}")
    out.print(f"tests: {report.tests} ({report.generated} by generator lines that reproduce the source's "
              f"inputs, {report.copied} copied); solutions: {report.solutions}")
    for title, lines in (("generated inputs that differed (now copies)", report.mismatches),
                         ("answers that differ from the source's", report.answer_diffs),
                         ("not carried over / changed", report.notes)):
        if lines:
            out.print(f"[yellow]{title}:[/]")
            for line in lines:
                item(line)
    if report.files:
        out.print("[yellow]the source's files:[/]")
        for path, fate in report.files:
            item(f"{path}: {fate}", lead="  ", hang=2)
    if not (report.mismatches or report.answer_diffs or report.notes):
        out.print("[green]everything was carried over[/]")
