"""`ojpack judge`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from .check import STYLE
from .common import JsonOpt, NoSandboxOpt, ProblemOpt, sandbox

if TYPE_CHECKING:
    from rich.text import Text


def command(
    source: Annotated[Path, typer.Argument(help="The source file to judge.", dir_okay=False)],
    lang: Annotated[Optional[str], typer.Option("--lang", "-l", help="Language id (default: from the extension).")] = None,
    problem_dir: ProblemOpt = None,
    no_sandbox: NoSandboxOpt = False,
    as_json: JsonOpt = False,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", min=1, help="Parallel runs (default: all cores).")] = None,
) -> None:
    """Judge one submission on all tests: verdict per test, overall verdict, subtask scores out of 100.

    Exits 0 whenever judging worked, whatever the verdict."""
    from rich.markup import escape
    from ..judging import Verdict, judge
    from ..problem import load_problem
    from .console import out, print_json, progress_bar

    sandbox(no_sandbox)
    problem = load_problem(problem_dir)
    with progress_bar("[bold]judge") as bar:
        task = bar.add_task("", total=None)
        result = judge(problem, source, lang, jobs, lambda d, n: bar.update(task, completed=d, total=n))
    if as_json:
        print_json(result.to_json())
        return
    from rich.table import Table
    from rich.text import Text

    if result.compile_error is not None:
        out.print(Text(result.compile_error))
    else:
        table = Table(title=f"{escape(source.name)} ({result.language})", title_justify="left")
        for col, just in (("test", "left"), ("verdict", "left"), ("CPU s", "right"), ("MiB", "right"), ("note", "left")):
            table.add_column(col, justify=just)  # type: ignore[arg-type]
        failing = next((c for c in result.cells if c.verdict is not Verdict.AC), None)
        for c in result.cells:
            table.add_row(Text(c.test), Text(str(c.verdict), style=STYLE[c.verdict]), f"{c.time:.3f}", f"{c.memory:.1f}",
                          _note(c.message, first=c is failing))
        out.print(table)
        _dialogue(result.cells)
    for s in result.subtasks:
        out.print(f"{escape(s.group)}: {s.score}/{s.max}" + ("" if s.verdict is Verdict.AC else f" ({s.verdict})"))
    style = STYLE[result.verdict]
    out.print(f"verdict [bold {style}]{result.verdict}[/], score [bold]{result.score}[/]/"
              f"{sum(s.max for s in result.subtasks)}")


def _dialogue(cells) -> None:
    """An interactive problem's first failure: the interactor's whole message and the last lines both ways."""
    from rich.markup import escape
    from rich.text import Text

    from ..judging import Verdict
    from .console import out

    failed = next((c for c in cells if c.verdict is not Verdict.AC and c.transcript), None)
    if failed is None:
        return
    out.print(f"[bold]{escape(failed.test)}[/] {failed.verdict}: {escape(failed.message)}")
    out.print("last moves (judge = interactor, submission = you):", style="dim")
    out.print(Text(failed.transcript))


def _note(message: str, first: bool) -> Text:
    """The first failing test shows what the program said in full (its stderr head, up to 2 KiB);
    the others one line, so the table stays readable."""
    from rich.text import Text

    if first:
        return Text(message)
    line = message.splitlines()[0] if message else ""
    return Text(line[:70] + ("…" if len(line) > 70 or "\n" in message else ""))
