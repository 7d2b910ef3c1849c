"""`ojpack build`."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from .common import NoSandboxOpt, ProblemOpt, sandbox


def command(
    problem_dir: ProblemOpt = None,
    no_sandbox: NoSandboxOpt = False,
    update_lock: Annotated[bool, typer.Option("--update-lock", help="Accept a deliberate change of the data.")] = False,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", min=1, help="Parallel tests (default: all cores).")] = None,
) -> None:
    """Generate, validate and solve every test of the plan into data/ (atomically, checked against the lock)."""
    from .contest import contest_root, run_contest

    if (contest := contest_root(problem_dir)) is not None:
        return run_contest("build", contest, [*(["--update-lock"] if update_lock else []),
                                              *(["--no-sandbox"] if no_sandbox else [])])
    from rich.markup import escape
    from rich.text import Text
    from rich.table import Table

    from ..problem import load_problem, make_plan
    from ..testdata import build
    from .console import out, progress_bar

    sandbox(no_sandbox)
    problem = load_problem(problem_dir)
    total = len(make_plan(problem))
    with progress_bar("[bold]build", "{task.description}") as bar:
        task = bar.add_task("", total=total)
        result = build(problem, update_lock=update_lock, jobs=jobs,
                       on_done=lambda t: bar.update(task, advance=1, description=t.id))

    table = Table(title=f"{escape(problem.spec.short_name)}: {len(result.tests)} tests", title_justify="left")
    for col in ("test", "input", "answers"):
        table.add_column(col, justify="right" if col == "input" else "left")
    for t in result.tests:
        split = " ".join(f"{k}×{v}" for k, v in sorted(t.answers.items()))
        table.add_row(Text(t.id), f"{t.input.stat().st_size:,} B", split if len(split) < 60 else split[:57] + "…")
    out.print(table)
    note = {"created": "lock file data.sha256 created — commit it",
            "updated": "lock file data.sha256 updated — commit it", "unchanged": "matches data.sha256"}
    out.print(f"[green]built[/] {len(result.tests)} tests in {result.seconds:.2f} s; {note[result.lock_status]}")
