"""`ojpack judge` on many submissions: the summary table, the files it writes, the changes since a run."""

from __future__ import annotations

import contextlib
import json
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from .check import STYLE

if TYPE_CHECKING:
    from ..problem import Problem


def run_batch(problem: Problem, sources: list[Path], lang: str | None, index: Path | None, csv_out: Path | None,
              html_out: Path | None, old: Path | None, cluster: str | None, as_json: bool, jobs: int | None,
              fresh: bool) -> None:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Table
    from rich.text import Text

    from ..errors import OjpackError
    from ..judging import (LocalEngine, batch_diff, collect, connect_cluster, judge_batch, write_batch_csv,
                           write_batch_html)
    from .console import err, out, print_json, progress_enabled

    previous = None
    if old is not None:   # read first: a bad --diff file must not cost a whole batch
        try:
            previous = json.loads(old.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise OjpackError(f"--diff {old}: cannot read it: {e}") from None
    scratch = Path(tempfile.mkdtemp(prefix="ojpack-batch-"))
    try:
        found = collect(sources, index, scratch)
        subs = tuple(s if s.lang or not lang else type(s)(s.id, s.path, s.user, lang) for s in found.submissions)
        engine_cm = connect_cluster(cluster) if cluster else contextlib.nullcontext(LocalEngine(jobs))
        columns = [TextColumn("[bold]judge"), BarColumn(), MofNCompleteColumn(), TextColumn("runs, ETA"),
                   TimeRemainingColumn()]
        with engine_cm as engine, Progress(*columns, console=err, transient=True,
                                           disable=not progress_enabled()) as bar:
            task = bar.add_task("", total=None)
            result = judge_batch(problem, subs, found.skipped, engine, jobs,
                                 lambda d, n: bar.update(task, completed=d, total=n), fresh)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    data = result.to_json()
    changes = batch_diff(data, previous) if previous is not None else None
    if changes is not None:
        data["changed"] = [{"submission": c.submission, "old": c.old, "new": c.new} for c in changes]
    if csv_out:
        write_batch_csv(data, csv_out)
    if html_out:
        write_batch_html(data, html_out, f"{problem.spec.short_name}: {len(subs)} submissions")
    if as_json:
        print_json(data)
        return
    table = Table(title=f"{len(subs)} submissions", title_justify="left")
    for col, just in (("submission", "left"), ("user", "left"), ("language", "left"), ("verdict", "left"),
                      ("score", "right"), ("CPU s", "right"), ("MiB", "right")):
        table.add_column(col, justify=just, overflow="fold")  # type: ignore[arg-type]
    for e in result.entries:
        j = e.judgement
        if j is None:
            table.add_row(Text(e.submission.id), Text(e.submission.user), "", Text("error", style="red"), "", "", "",)
            continue
        table.add_row(Text(e.submission.id), Text(e.submission.user), j.language,
                      Text(str(j.verdict), style=STYLE[j.verdict]), str(j.score),
                      f"{max((c.time for c in j.cells), default=0):.3f}", f"{max((c.memory for c in j.cells), default=0):.1f}")
    out.print(table)
    for e in result.entries:
        if e.error:
            out.print(Text(f"{e.submission.id}: {e.error}"))
    if result.skipped:
        out.print(Text(f"skipped, not a source ojpack can run: {', '.join(result.skipped)}"), style="dim")
    counts = ", ".join(f"{k} {v}" for k, v in sorted(data["counts"].items()))
    out.print(f"{counts}; {result.runs} runs ({result.remembered} remembered) in {result.seconds:.1f} s")
    if changes is not None:
        out.print(f"[bold]{len(changes)}[/] changed since {old}:" if changes else f"nothing changed since {old}")
        for c in changes:
            out.print(Text(f"  {c.submission}: {c.old} → {c.new}"))
