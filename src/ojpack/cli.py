"""The `ojpack` command line: registers one command per module under ojpack.commands.

Every command pays Python's start plus these imports before it does anything, so the command modules
import only typer at the top and their implementation (the problem model, rich tables, jinja2, markdown-it,
pypdf…) inside the command function: `ojpack --help` and `--version` never load them, and `ojpack judge`
loads only what judging needs."""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer
from typer.core import TyperOption

from . import __version__
from .commands import (build, check, console, contest_add, export, import_, judge, new, render, schema, serve,
                       stats, strength, stress, timelimit, validate)
from .errors import OjpackError
from .interrupt import install

app = typer.Typer(
    name="ojpack",
    help="Build, check, judge, render and publish a competitive-programming problem package.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.command("new")(new.command)
app.command("build")(build.command)
app.command("validate")(validate.command)
app.command("stats")(stats.command)
app.command("render")(render.command)
app.command("export")(export.command)
app.command("check")(check.command)
app.command("judge")(judge.command)
app.command("import")(import_.command)
app.command("stress")(stress.command)
app.command("schema")(schema.command)
app.command("timelimit")(timelimit.command)
app.command("strength")(strength.command)
app.command("serve")(serve.command)
contest_app = typer.Typer(help="Contests: `ojpack new --contest DIR` makes one; these edit it.", no_args_is_help=True)
contest_app.command("add")(contest_add.add_command)
app.add_typer(contest_app, name="contest")


def _show_version(value: bool) -> None:
    if value:
        console.out.print(f"ojpack {__version__}")
        from .sandbox import SETUP_LANGS, readiness, sandbox_mode   # here, not at import: the other commands' start stays light
        console.out.print(sandbox_mode().describe(), markup=False)
        ready, missing = readiness()
        console.out.print(f"languages ready: {', '.join(ready) or 'none'}", markup=False)
        if missing:
            lacking = ", ".join(f"{lang} ({tool})" for lang, tool in missing)
            console.out.print(f"languages missing: {lacking}; run `{SETUP_LANGS}`", markup=False)
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[Optional[bool], typer.Option("--version", "-V", callback=_show_version, is_eager=True,
                                                    help="Print the version and exit.")] = None,
) -> None:
    """Build, check, judge, render and publish a competitive-programming problem package."""


# Typer's rich help labels an on/off flag `<bool>` as if it took a value; a flag takes none, so show none.
_display_type_rich = getattr(TyperOption, "display_type_rich", None)
if _display_type_rich is not None:   # typer >= 0.25 shows the type itself
    TyperOption.display_type_rich = (  # type: ignore[method-assign]
        lambda self, ctx: None if self.is_flag else _display_type_rich(self, ctx))


def main() -> None:
    install()   # again for `python -m ojpack.cli`; the `ojpack` script installs it before importing this
    try:
        app()
    except OjpackError as e:
        console.said("error: ", "bold red", str(e))
        sys.exit(1)
    except KeyboardInterrupt:   # only where the handler is not installed (the CLI called in-process)
        console.err.print("[red]interrupted[/]")
        sys.exit(130)


if __name__ == "__main__":
    main()
