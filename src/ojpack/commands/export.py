"""`ojpack export --to TARGET`: judge-ready folders and zips under build/export/."""

from __future__ import annotations

import json
from contextlib import nullcontext
from typing import Annotated

import typer

from ..errors import OjpackError
from ..publish import TARGET_NAMES
from .common import JsonOpt, NoSandboxOpt, ProblemOpt, sandbox


def command(
    to: Annotated[str, typer.Option("--to", "-t", help=f"{', '.join(TARGET_NAMES)}, a comma list, or all.")] = "all",
    no_check: Annotated[bool, typer.Option(
        "--no-check", help="Skip `ojpack check` (for re-exporting while iterating on a layout; never for release).")
    ] = False,
    problem_dir: ProblemOpt = None,
    no_sandbox: NoSandboxOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Write build/export/<target>/ and build/export/<target>.zip from fresh, checked data.

    The data is built first when missing or stale, and `ojpack check` must pass (a passing result for
    the same data, solutions and toolkit is reused). --no-check skips the check only.
    """
    from .contest import contest_root, run_contest

    if (contest := contest_root(problem_dir)) is not None:
        return run_contest("export", contest, ["--to", to, *(["--no-check"] if no_check else []),
                                               *(["--no-sandbox"] if no_sandbox else [])])
    from rich.markup import escape
    from rich.table import Table

    from ..problem import load_problem
    from ..publish import prepare, targets_for, write_exports
    from .console import err, out, progress_enabled

    sandbox(no_sandbox)
    problem = load_problem(problem_dir)
    targets, skipped = targets_for(problem, to)
    live = progress_enabled() and not as_json
    with err.status("exporting…") if live else nullcontext() as status:
        def step(msg: str) -> None:
            if status:
                status.update(msg + "…")
        pkg, warning = prepare(problem, targets, step, checked=not no_check)
        results = write_exports(pkg, targets, step, skip_unfit=to == "all")
    # `all` means every target that can hold the problem: the others are named, and do not fail the export
    skipped |= {r.target: r.error for r in results if r.skipped}
    results = [r for r in results if not r.skipped]

    from ..judging import save_last

    report = {"warning": warning or None, "skipped": skipped, "targets": [
        {"target": r.target, "folder": str(r.folder) if r.folder else None, "zip": str(r.zip) if r.zip else None,
         "files": r.files, "cannot_express": list(r.lost), "todo": list(r.todo), "error": r.error or None}
        for r in results]}
    save_last(problem, "export", report)   # kept for `ojpack serve`
    if as_json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        table = Table(title=f"{escape(pkg.short_name)}: export", title_justify="left")
        for col in ("target", "zip", "files", "cannot express", "to do"):
            table.add_column(col)
        for r in results:
            where = escape(str(r.zip.relative_to(problem.root))) if r.zip else "[red]failed[/]"
            table.add_row(r.target, where, str(r.files), str(len(r.lost)), str(len(r.todo)))
        out.print(table)
        for r in results:   # the full sentences, one per line, so nothing lost goes unread
            if r.error:
                out.print(f"[bold]{r.target}[/] [red]failed:[/] {escape(r.error)}")
            for line in r.lost:
                out.print(f"[bold]{r.target}[/] [yellow]cannot express:[/] {escape(line)}")
            for line in r.todo:
                out.print(f"[bold]{r.target}[/] [cyan]to do by hand:[/] {escape(line)}")
        for target, why in skipped.items():
            out.print(f"[bold]{target}[/] skipped: {escape(str(why))}")
        if warning:
            err.print(f"[yellow]warning:[/] {escape(warning)}")
    failed = [r for r in results if r.error]
    if failed:
        raise OjpackError(f"{len(failed)} of {len(results)} exports failed: "
                          + "; ".join(r.error for r in failed))
