"""At a contest's root, build/check/render/export run on every problem: one summary table, exit 1 if any fails."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..errors import OjpackError


def contest_root(problem_dir: Path | None) -> Path | None:
    """The contest the command is aimed at: --problem DIR or the current folder, when it holds contest.yaml."""
    from ..problem import is_contest

    folder = problem_dir if problem_dir is not None else Path.cwd()
    return folder.resolve() if is_contest(folder) else None


def run_contest(command: str, root: Path, args: list[str], parallel: bool = False) -> None:
    """`ojpack COMMAND ARGS` on every problem (in parallel when `parallel`: cheap commands), then the table;
    after render, the problem sets and the samples zip."""
    from rich.text import Text
    from rich.table import Table

    from ..contest import make_problem_sets, run_each, samples_zip
    from ..problem import load_contest
    from ..statement import find_browser
    from .console import elide_path, err, out, progress_bar, width

    contest = load_contest(root)
    if not contest.spec.problems:
        raise OjpackError(f"{root}/contest.yaml lists no problems: add one with `ojpack new NAME` in {root}")
    jobs = min(len(contest.spec.problems), os.cpu_count() or 1) if parallel else 1
    with progress_bar(f"[bold]ojpack {command}[/] problems") as bar:
        task = bar.add_task("", total=len(contest.spec.problems))

        def done(o: Any) -> None:
            err.print(Text(f"{o.letter} {o.path}: {'ok' if o.ok else 'failed'}"))
            bar.update(task, advance=1)

        outcomes = run_each(contest, command, args, jobs, on_done=done)
    table = Table(title=f"contest: ojpack {command}", title_justify="left")
    for col in ("", "problem", "result", "time", "message"):
        table.add_column(col, overflow="fold")
    for o in outcomes:
        table.add_row(Text(o.letter), Text(elide_path(str(o.path), max(16, width() // 3))), "[green]ok[/]" if o.ok else "[red]failed[/]", f"{o.seconds:.1f} s",
                      Text(o.message))
    failed = [o for o in outcomes if not o.ok]
    if command == "render" and not failed:
        browser, why = find_browser()
        for ps in make_problem_sets(contest, browser, why):
            where = Text(str(ps.pdf.relative_to(root))) if ps.pdf else Text.assemble(("skipped: ", "yellow"), ps.skipped)
            table.add_row("", f"problem set ({ps.lang})", "[green]ok[/]" if ps.pdf else "-", "", where)
        table.add_row("", "samples", "[green]ok[/]", "", Text(str(samples_zip(contest).relative_to(root))))
    out.print(table)
    if failed:
        raise OjpackError(f"{len(failed)} of {len(outcomes)} problems failed: "
                          + "; ".join(f"{o.letter} ({o.path}): {o.message}" for o in failed))
