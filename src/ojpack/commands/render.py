"""`ojpack render`: the statement in every language and format, under build/statement/."""

from __future__ import annotations

import itertools
import json
from contextlib import nullcontext
from typing import Annotated

import typer

from ..errors import OjpackError
from .common import JsonOpt, ProblemOpt


def _choose(option: str, value: str, known: list[str]) -> list[str]:
    """'all' or a comma-separated list of known names -> the names, in the order of `known`."""
    if value == "all":
        return known
    names = [v.strip() for v in value.split(",") if v.strip()]
    bad = [n for n in names if n not in known] or ([] if names else ["(none)"])
    if bad:
        raise OjpackError(f"{option} {value}: unknown {', '.join(bad)}; choose from {', '.join(known)} or all")
    return [k for k in known if k in names]


def command(
    lang: Annotated[str, typer.Option("--lang", "-l", help="Languages with a template (e.g. zh,en) or all.")] = "all",
    fmt: Annotated[str, typer.Option("--format", "-f", help="Formats among md,html,tex,pdf, or all.")] = "all",
    problem_dir: ProblemOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Render statement/problem.<lang>.md.j2 to build/statement/problem.<lang>.{md,html,tex,pdf}.

    With --format all, a format whose engine is missing (the PDF needs Chromium) is skipped with a warning and the exit code stays 0; a format asked for by name that cannot be made exits 1 (after writing the others).
    """
    from .contest import contest_root, run_contest

    if (contest := contest_root(problem_dir)) is not None:   # every problem in every format, then the problem sets
        return run_contest("render", contest, [], parallel=True)
    from rich.markup import escape
    from rich.table import Table

    from ..problem import load_problem
    from ..statement import FORMATS, built_samples, find_browser, languages, render
    from ..testdata import ensure_built
    from .console import err, out, progress_bar, progress_enabled

    problem = load_problem(problem_dir)
    langs = _choose("--lang", lang, languages(problem))
    formats = _choose("--format", fmt, list(FORMATS))

    live = progress_enabled() and not as_json
    with err.status("reading the sample data (building it if needed)…") if live else nullcontext():
        samples = built_samples(ensure_built(problem))
    browser, why = find_browser() if "pdf" in formats else (None, "")
    with progress_bar("[bold]render[/] {task.description}") as bar:
        task = bar.add_task("", total=len(langs) * len(formats))
        steps = itertools.count()

        def step(lg: str, f: str) -> None:
            bar.update(task, completed=next(steps), description=f"{lg} {f}")

        outcomes = render(problem, samples, langs, formats, browser, why, on_step=step)

    skipped = [o for o in outcomes if o.skipped]
    if as_json:
        print(json.dumps({
            "written": [str(p.relative_to(problem.root)) for o in outcomes for p in o.files],
            "skipped": [{"lang": o.lang, "format": o.format, "reason": o.skipped} for o in skipped],
        }, ensure_ascii=False, indent=2))
    else:
        table = Table(title="statement", title_justify="left")
        for col in ("lang", "format", "files"):
            table.add_column(col)
        for o in outcomes:
            files = escape(", ".join(str(p.relative_to(problem.root)) for p in o.files))
            table.add_row(o.lang, o.format, files or f"[yellow]skipped:[/] {escape(o.skipped)}")
        out.print(table)
    for o in skipped:
        err.print(f"[yellow]warning:[/] {o.lang} {o.format} skipped: {escape(o.skipped)}")
    if skipped and fmt != "all":
        raise OjpackError(f"--format {fmt} was asked for but could not be made: {skipped[0].skipped}")
