"""`ojpack validate`."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..errors import OjpackError
from .common import JsonOpt, NoSandboxOpt, ProblemOpt, sandbox


def command(
    paths: Annotated[Optional[list[Path]], typer.Argument(help="Input files to validate.")] = None,
    problem_dir: ProblemOpt = None,
    no_sandbox: NoSandboxOpt = False,
    group: Annotated[Optional[str], typer.Option(help="Check against this group's bounds (default: global).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Validate input files; without paths, all built data plus the validator's own tests."""
    from ..cache import cache_for
    from ..problem import load_problem
    from ..testdata import load_built, load_validator, run_cases, validate_file
    from .console import print_json

    sandbox(no_sandbox)
    problem = load_problem(problem_dir)
    if group and group != "sample" and group not in problem.groups:
        raise OjpackError(f"unknown group {group!r}; groups: {', '.join(problem.groups)}")
    validator = load_validator(problem, cache_for(problem.root))
    rows: list[dict[str, object]] = []
    if paths:
        bounds = problem.bounds_for(group or "sample")
        with ThreadPoolExecutor() as pool:
            got = pool.map(lambda p: validate_file(validator, p, bounds), paths)
            for p, v in zip(paths, got):
                rows.append({"file": str(p), "valid": v.valid, "message": v.message, "expected": None})
    else:
        tests = load_built(problem)
        with ThreadPoolExecutor() as pool:
            got = pool.map(lambda t: validate_file(validator, t.input, problem.bounds_for(t.group)), tests)
            for t, v in zip(tests, got):
                rows.append({"file": f"data/{t.input.relative_to(problem.root / 'data')}", "valid": v.valid,
                             "message": v.message, "expected": "valid"})
        for r in run_cases(problem, validator):
            rows.append({"file": f"validator test {r.case.name}", "valid": r.got.valid, "message": r.got.message,
                         "expected": r.case.expect, "expected_message": r.case.message, "ok": r.ok})
    for r in rows:
        r.setdefault("ok", r["valid"] if r["expected"] in (None, "valid") else not r["valid"])
    failed = [r for r in rows if not r["ok"]]
    if as_json:
        print_json({"ok": not failed, "results": rows})
    else:
        _print(rows, with_expectation=not paths)
    if failed:
        raise typer.Exit(1)


def _print(rows: list[dict[str, object]], with_expectation: bool) -> None:
    from rich.markup import escape
    from rich.text import Text
    from rich.table import Table

    from .console import out

    if not with_expectation:
        for r in rows:
            mark = "[green]valid[/]" if r["valid"] else "[red]invalid[/]"
            out.print(f"{mark}  " + escape(f"{r['file']}" + (f": {r['message']}" if r["message"] else "")))
        return
    table = Table(title="validation", title_justify="left")
    for col in ("", "what", "expected", "got", "message"):
        table.add_column(col)
    for r in rows:
        table.add_row("[green]✓[/]" if r["ok"] else "[red]✗[/]", Text(str(r["file"])), str(r["expected"]),
                      "valid" if r["valid"] else "invalid", Text(str(r["message"])))
    out.print(table)
    bad = sum(not r["ok"] for r in rows)
    out.print(f"{len(rows) - bad}/{len(rows)} as expected" + (f", [red]{bad} not[/]" if bad else ""))
