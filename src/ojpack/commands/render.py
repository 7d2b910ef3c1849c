"""`ojpack render`: the statement in every language and format, under build/statement/."""

from __future__ import annotations

import json
from contextlib import nullcontext
from typing import Annotated

import typer
from rich.table import Table

from ..build import ensure_built
from ..console import err, out, progress_enabled
from ..errors import OjpackError
from ..problem import load_problem
from ..render import FORMATS, render
from ..render_pdf import find_browser
from ..statement import built_samples, languages
from .common import JsonOpt, ProblemOpt


def command(
    lang: Annotated[str, typer.Option("--lang", "-l", help="A language with a statement template, or 'all'.")] = "all",
    fmt: Annotated[str, typer.Option("--format", "-f", help="md, html, tex, pdf or all.")] = "all",
    problem_dir: ProblemOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Render statement/problem.<lang>.md.j2 to build/statement/problem.<lang>.{md,html,tex,pdf}.

    With --format all, a format whose engine is missing (the PDF needs Chromium) is skipped with a
    warning and the exit code stays 0; asking for that format by name makes the skip a failure (exit 1).
    """
    problem = load_problem(problem_dir)
    have = languages(problem)
    if lang != "all" and lang not in have:
        raise OjpackError(f"--lang {lang}: no template statement/problem.{lang}.md.j2 (have: {', '.join(have)}, all)")
    if fmt != "all" and fmt not in FORMATS:
        raise OjpackError(f"--format {fmt}: expected one of {', '.join(FORMATS)}, all")
    langs = have if lang == "all" else [lang]
    formats = list(FORMATS) if fmt == "all" else [fmt]

    live = progress_enabled() and not as_json
    with err.status("reading the sample data (building it if needed)…") if live else nullcontext():
        samples = built_samples(ensure_built(problem))
    browser, why = find_browser() if "pdf" in formats else (None, "")
    with err.status("rendering…") if live else nullcontext() as status:
        outcomes = render(problem, samples, langs, formats, browser, why,
                          on_step=lambda lg, f: status.update(f"rendering {lg} {f}…") if status else None)

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
            files = ", ".join(str(p.relative_to(problem.root)) for p in o.files)
            table.add_row(o.lang, o.format, files or f"[yellow]skipped:[/] {o.skipped}")
        out.print(table)
    for o in skipped:
        err.print(f"[yellow]warning:[/] {o.lang} {o.format} skipped: {o.skipped}")
    if skipped and fmt != "all":
        raise OjpackError(f"--format {fmt} was asked for but could not be made: {skipped[0].skipped}")
