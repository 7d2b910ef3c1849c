"""A batch's results as files: CSV for spreadsheets, one self-contained HTML page with a sortable table."""

from __future__ import annotations

import csv
import html
import io
from pathlib import Path
from typing import Any

from ..cache import write_atomic

COLUMNS = ("submission", "user", "language", "verdict", "score", "max_score", "time", "memory", "error")


def write_batch_csv(batch: dict[str, Any], path: Path) -> None:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for entry in batch["submissions"]:
        writer.writerow({k: "" if entry.get(k) is None else entry[k] for k in COLUMNS})
    write_atomic(path, buffer.getvalue().encode())


# Sorting by a click on a header: the page carries its own few lines of script and loads nothing.
_SCRIPT = """document.querySelectorAll('th').forEach((th, col) => th.addEventListener('click', () => {
  const body = th.closest('table').tBodies[0], rows = [...body.rows], up = th.dataset.up !== '1';
  const val = r => { const t = r.cells[col].textContent; const n = parseFloat(t); return isNaN(n) ? t : n; };
  rows.sort((a, b) => { const x = val(a), y = val(b); return (x > y) - (x < y); });
  if (!up) rows.reverse(); th.dataset.up = up ? '1' : '0'; rows.forEach(r => body.appendChild(r)); }));"""


def write_batch_html(batch: dict[str, Any], path: Path, title: str) -> None:
    counts = ", ".join(f"{k} {v}" for k, v in sorted(batch["counts"].items()))
    head = "".join(f"<th>{html.escape(c)}</th>" for c in COLUMNS)
    rows = "\n".join("<tr>" + "".join(f"<td>{html.escape('' if e.get(c) is None else str(e[c]))}</td>"
                                      for c in COLUMNS) + "</tr>" for e in batch["submissions"])
    page = f"""<!doctype html>
<html><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<style>body{{font-family:sans-serif}} table{{border-collapse:collapse}} td,th{{border:1px solid #ccc;padding:2px 8px}}
th{{cursor:pointer;background:#eee}}</style></head>
<body><h1>{html.escape(title)}</h1><p>{len(batch["submissions"])} submissions: {html.escape(counts)}</p>
<table><thead><tr>{head}</tr></thead><tbody>
{rows}
</tbody></table><script>{_SCRIPT}</script></body></html>
"""
    write_atomic(path, page.encode())
