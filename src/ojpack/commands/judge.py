"""`ojpack judge`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from .check import STYLE
from .common import ClusterOpt, JsonOpt, NoSandboxOpt, ProblemOpt, sandbox

if TYPE_CHECKING:
    from rich.text import Text

    from ..problem import Problem


def command(
    sources: Annotated[list[Path], typer.Argument(
        help="Source files, folders (one per user, or flat) or zips of submissions.", show_default=False)] = [],  # noqa: B006
    lang: Annotated[Optional[str], typer.Option("--lang", "-l", help="Language id (default: from the extension).")] = None,
    index: Annotated[Optional[Path], typer.Option(
        "--index", help="A CSV (header id,user,language,file) or JSON list naming the submissions.", dir_okay=False)] = None,
    csv_out: Annotated[Optional[Path], typer.Option("--csv", help="Also write the batch's table as CSV.", dir_okay=False)] = None,
    html_out: Annotated[Optional[Path], typer.Option("--html", help="Also write a sortable HTML table.", dir_okay=False)] = None,
    old: Annotated[Optional[Path], typer.Option(
        "--diff", help="An earlier batch's --json: list the submissions whose verdict or score changed.", dir_okay=False)] = None,
    cluster: ClusterOpt = None,
    fresh: Annotated[bool, typer.Option("--fresh", help="Batch: run everything again instead of reusing remembered runs.")] = False,
    problem_dir: ProblemOpt = None,
    no_sandbox: NoSandboxOpt = False,
    as_json: JsonOpt = False,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", min=1, help="Parallel runs (default: all cores).")] = None,
) -> None:
    """Judge submissions on all tests: verdict per test, overall verdict, subtask scores out of 100.

    One file: its table of tests. Several, a folder, a zip or --index: one line per submission, with a
    summary; every run is remembered, so a rejudge after a data change runs only what changed.
    Exits 0 whenever judging worked, whatever the verdicts."""
    from ..errors import OjpackError
    from ..problem import load_problem

    if not sources and index is None:
        raise OjpackError("name a submission: a file, a folder, a zip, or --index FILE")
    sandbox(no_sandbox)
    problem = load_problem(problem_dir)
    # an output-only task's submission is itself a zip or a folder (of output files)
    output_only = problem.spec.kind == "output_only"
    outputs = output_only and len(sources) == 1 and (not sources[0].is_file() or sources[0].suffix.lower() == ".zip")
    single = len(sources) == 1 and (outputs or sources[0].is_file() and sources[0].suffix.lower() != ".zip")
    batch = not single or index or csv_out or html_out or old or cluster or fresh
    if output_only and len(sources) > 1 and not index:
        _outputs(problem, sources, as_json)   # each zip or folder is one submission of output files
    elif batch:
        from .judge_batch import run_batch
        run_batch(problem, sources, lang, index, csv_out, html_out, old, cluster, as_json, jobs, fresh)
    else:
        _single(problem, sources[0], lang, as_json, jobs)


def _outputs(problem: Problem, sources: list[Path], as_json: bool) -> None:
    from ..judging import judge
    from .console import elide, out, print_json

    results = [judge(problem, source) for source in sources]
    if as_json:
        print_json([r.to_json() for r in results])
        return
    from rich.markup import escape

    for r in results:
        out.print(escape(f"{elide(str(r.source), 50):50} {r.verdict!s:3} {r.score:>6}"))


def _single(problem: Problem, source: Path, lang: str | None, as_json: bool, jobs: int | None) -> None:
    from ..judging import Verdict, judge
    from .console import out, print_json, progress_bar

    with progress_bar("[bold]judge") as bar:
        task = bar.add_task("", total=None)
        result = judge(problem, source, lang, jobs, lambda d, n: bar.update(task, completed=d, total=n))
    if as_json:
        print_json(result.to_json())
        return
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    from ..problem import Problem

    if result.compile_error is not None:
        out.print(Text(result.compile_error))
    else:
        table = Table(title=Text(f"{source.name} ({result.language})"), title_justify="left")
        for col, just in (("test", "left"), ("verdict", "left"), ("CPU s", "right"), ("MiB", "right"), ("note", "left")):
            table.add_column(col, justify=just)  # type: ignore[arg-type]
        failing = next((c for c in result.cells if c.verdict is not Verdict.AC), None)
        for c in result.cells:
            shown = f"{c.verdict} {c.share:.4g}" if c.verdict is Verdict.PC else str(c.verdict)
            table.add_row(Text(c.test), Text(shown, style=STYLE[c.verdict]), f"{c.time:.3f}",
                          f"{c.memory:.1f}", _note(c.message, first=c is failing))
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

    from ..problem import Problem

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

    from ..problem import Problem

    if first:
        return Text(message)
    line = message.splitlines()[0] if message else ""
    return Text(line[:70] + ("…" if len(line) > 70 or "\n" in message else ""))
