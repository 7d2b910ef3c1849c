"""The `ojpack` command line: registers one command per module under ojpack.commands."""

from __future__ import annotations

import sys

import typer

from .commands import build, check, console, export, import_, judge, render, stats, validate
from .errors import OjpackError

app = typer.Typer(
    name="ojpack",
    help="Build, check, judge, render and publish a competitive-programming problem package.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command("build")(build.command)
app.command("validate")(validate.command)
app.command("stats")(stats.command)
app.command("render")(render.command)
app.command("export")(export.command)
app.command("check")(check.command)
app.command("judge")(judge.command)
app.command("import")(import_.command)


def main() -> None:
    try:
        app()
    except OjpackError as e:
        console.err.print("[bold red]error:[/] ", end="")
        console.err.print(str(e), markup=False)
        sys.exit(1)
    except KeyboardInterrupt:
        console.err.print("[red]interrupted[/]")
        sys.exit(130)


if __name__ == "__main__":
    main()
