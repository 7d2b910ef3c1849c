"""The `ojpack` command line: registers one command per module under ojpack.commands.

Every command pays Python's start plus these imports before it does anything, so the command modules
import only typer at the top and their implementation (pydantic models, rich tables, jinja2, markdown-it,
pypdf…) inside the command function: `ojpack --help` and `--version` never load them, and `ojpack judge`
loads only what judging needs."""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from . import __version__
from .commands import build, check, export, judge, render, stats, validate
from .errors import OjpackError

app = typer.Typer(
    name="ojpack",
    help="Build, check, judge, render and publish a competitive-programming problem package.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        print(f"ojpack {__version__}")
        raise typer.Exit()


@app.callback()
def _main(version: Annotated[Optional[bool], typer.Option(
        "--version", callback=_version, is_eager=True, help="Print the version and exit.")] = None) -> None:
    """Build, check, judge, render and publish a competitive-programming problem package."""


app.command("build")(build.command)
app.command("validate")(validate.command)
app.command("stats")(stats.command)
app.command("render")(render.command)
app.command("export")(export.command)
app.command("check")(check.command)
app.command("judge")(judge.command)


def main() -> None:
    try:
        app()
    except OjpackError as e:
        from .commands import console
        console.err.print("[bold red]error:[/] ", end="")
        console.err.print(str(e), markup=False)
        sys.exit(1)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)


if __name__ == "__main__":
    main()
