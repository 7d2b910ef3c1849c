"""`ojpack judge` on many submissions: the summary table, the files it writes, the changes since a run."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .check import STYLE
from .common import engine_for

if TYPE_CHECKING:
    from rich.table import Table

    from ..problem import Problem


def run_batch(problem: Problem, sources: list[Path], lang: str | None, index: Path | None, csv_out: Path | None,
              html_out: Path | None, old: Path | None, cluster: str | None, as_json: bool, jobs: int | None,
              fresh: bool) -> None:
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.text import Text

    from ..errors import OjpackError
    from ..judging import batch_diff, collect, judge_batch, write_batch_csv, write_batch_html
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
        columns = [TextColumn("[bold]judge"), BarColumn(), MofNCompleteColumn(), TextColumn("runs, ETA"),
                   TimeRemainingColumn()]
        with engine_for(cluster, jobs) as engine, Progress(*columns, console=err, transient=True,
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
    out.print(_table(result, len(subs)))
    for e in result.entries:
        if e.error:
            out.print(Text(f"{e.submission.id}: {e.error}"))
    if result.skipped:
        out.print(Text(f"skipped, not a source ojpack can run: {', '.join(result.skipped)}"), style="dim")
    counts = ", ".join(f"{k} {v}" for k, v in sorted(data["counts"].items()))
    out.print(f"{counts}; {result.runs} runs ({result.remembered} remembered) in {result.seconds:.1f} s")
    if changes is not None:
        out.print(f"[bold]{len(changes)}[/] changed since {escape(str(old))}:" if changes
                  else Text(f"nothing changed since {old}"))
        for c in changes:
            out.print(Text(f"  {c.submission}: {c.old} → {c.new}"))


def _table(result: Any, count: int) -> Table:
    """One line per submission whatever the width: the submission's and the user's names give way (elided in
    the middle), then the language column, never a row folded into a tower."""
    from rich.table import Table
    from rich.text import Text

    from .console import elide, elide_path, width

    rows = []
    for e in result.entries:
        j = e.judgement
        rows.append((e.submission.id, e.submission.user, j.language if j else "",
                     Text(str(j.verdict), style=STYLE[j.verdict]) if j else Text("error", style="red"),
                     str(j.score) if j else "",
                     f"{max((c.time for c in j.cells), default=0):.3f}" if j else "",
                     f"{max((c.memory for c in j.cells), default=0):.1f}" if j else ""))
    heads = ("submission", "user", "language", "verdict", "score", "CPU s", "MiB")
    natural = [max([len(h), *(Text(r[i]).cell_len if isinstance(r[i], str) else r[i].cell_len for r in rows)])
               for i, h in enumerate(heads)]
    show = list(range(len(heads)))
    room = width() - sum(natural[2:]) - 2 * (len(heads) - 1)
    if room < 32:   # the language is the first to go: the names matter more
        show.remove(2)
        room += natural[2] + 2
    sub_w = min(natural[0], max(16, room - min(natural[1], room // 3)))
    user_w = max(4, min(natural[1], room - sub_w))
    table = Table(title=f"{count} submissions", title_justify="left", box=None, padding=(0, 1), pad_edge=False,
                  header_style="bold underline")
    for i in show:
        table.add_column(heads[i], justify="right" if i >= 4 else "left", no_wrap=True)
    for r in rows:
        cells = [Text(elide_path(r[0], sub_w)), Text(elide(r[1], user_w)), *r[2:]]
        table.add_row(*(cells[i] for i in show))
    return table
