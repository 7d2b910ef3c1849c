"""`ojpack check`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from .common import ClusterOpt, JsonOpt, NoSandboxOpt, ProblemOpt, engine_for, sandbox

if TYPE_CHECKING:
    from ..judging import CheckReport, Solution

# Keyed by the verdict's text (Verdict is a str enum), so this module needs no import of judging.
STYLE = {"AC": "green", "WA": "red", "TLE": "yellow", "MLE": "magenta", "RE": "bright_red", "OLE": "blue",
         "CE": "dim", "PC": "cyan", "JE": "bold white on red"}


def command(
    problem_dir: ProblemOpt = None,
    no_sandbox: NoSandboxOpt = False,
    as_json: JsonOpt = False,
    html: Annotated[Optional[Path], typer.Option("--html", help="Also write the matrix as an HTML page.",
                                                 dir_okay=False)] = None,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", min=1, help="Parallel runs (default: all cores).")] = None,
    no_proof: Annotated[bool, typer.Option("--no-proof", help="Skip the exhaustive proof.")] = False,
    fresh: Annotated[bool, typer.Option("--fresh", help="Run everything again; do not reuse remembered runs.")] = False,
    full: Annotated[bool, typer.Option(
        "--full", help="The whole matrix: a solution meant to time out runs every test, not only up to its "
                       "first failing one.")] = False,
    quick: Annotated[bool, typer.Option(
        "--quick", help="Stop every solution that must fail at its first failing test, as BAPCtools does: "
                        "faster, but no data strength (killing sets).")] = False,
    cluster: ClusterOpt = None,
) -> None:
    """Run every solution on every test against its expected verdicts; show data strength and time margins."""
    from .contest import contest_root, run_contest

    if (contest := contest_root(problem_dir)) is not None:
        flags = {"--no-proof": no_proof, "--fresh": fresh, "--full": full, "--quick": quick, "--no-sandbox": no_sandbox}
        return run_contest("check", contest, [f for f, on in flags.items() if on])
    from ..judging import check, write_html
    from ..problem import load_problem
    from .console import print_json, progress_bar

    sandbox(no_sandbox, announce=not as_json)   # JSON's stdout is JSON alone
    problem = load_problem(problem_dir)
    with progress_bar("[bold]check {task.description}") as bar:
        tasks: dict[str, int] = {}

        def progress(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(stage, total=total)
            bar.update(tasks[stage], completed=done, total=total)

        with engine_for(cluster, jobs) as engine:
            report = check(problem, workers=jobs, proof=not no_proof, progress=progress, fresh=fresh, full=full,
                           quick=quick, engine=engine)
    if html:
        write_html(report, problem.spec.short_name, html)
    from .strength_vc import check_figures

    lines, figures, declared_ok = check_figures(problem, report, jobs)
    if as_json:
        print_json({**report.to_json(), "strength": figures, "ok": report.ok and declared_ok})
    else:
        _show(report)
        from .console import out

        for line in lines:
            out.print(line)
    if not report.ok or not declared_ok:
        raise typer.Exit(1)


def _short(test_id: str, groups: list[str]) -> str:
    group, stem = test_id.split("/", 1)
    return f"{'s' if group == 'sample' else groups.index(group) + 1}.{int(stem.split('-', 1)[0])}"


def _want(solution: Solution, groups: list[str]) -> str:
    """The expectation, short: a verdict set, or per subtask (1:AC 2:WA) and the score."""
    from ..judging import fmt

    if not solution.partial:
        return solution.expected_text
    parts = [f"{'s' if g == 'sample' else groups.index(g) + 1}:{fmt(v)}" for g, v in solution.by_group.items()]
    return " ".join(parts + ([f"={solution.score}"] if solution.score is not None else []))


def _show(report: CheckReport) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from ..judging import Verdict
    from .console import out

    groups = list(dict.fromkeys(t.split("/", 1)[0] for t in report.tests if not t.startswith("sample/")))
    matrix = Table(title="invocations (verdict, CPU s)", title_justify="left", padding=(0, 0), show_lines=False)
    matrix.add_column("solution", no_wrap=True)
    matrix.add_column("want", no_wrap=True, min_width=4)
    for t in report.tests:
        matrix.add_column(_short(t, groups), justify="center", no_wrap=True, min_width=4)
    matrix.add_column("got", no_wrap=True, min_width=6)
    matrix.add_column("points", no_wrap=True)
    for r in report.rows:
        by_test = {c.test: c for c in r.cells}
        cells = [Text("·\n", style="dim") if c is None else
                 Text(f"{c.verdict}\n{c.time:.2f}" if c.verdict is not Verdict.CE else "CE", style=STYLE[c.verdict])
                 for c in (by_test.get(t) for t in report.tests)]
        got = Text(str(r.verdict) + (" ✓" if not r.faults else " ✗"), style="green" if not r.faults else "bold red")
        points = "+".join(str(x.score) for x in r.subtasks) + f"={r.score}"
        matrix.add_row(Text(r.solution.name), Text(_want(r.solution, groups)), *cells, got, points)
    # Wide enough for every column whatever the terminal says (CI logs report 80 columns).
    name_width = max((len(r.solution.name) for r in report.rows), default=8)
    want_width = max((len(_want(r.solution, groups)) for r in report.rows), default=4)
    width = name_width + want_width + 6 * len(report.tests) + 28
    # Console.print caps `width` at the console's own, so the matrix gets a console of its own.
    wide = Console(file=out.file, width=max(width, out.width), highlight=False,
                   force_terminal=True if out.is_terminal else None, no_color=out.no_color)
    wide.print(matrix, crop=False)
    out.print(Text("tests: " + "  ".join(f"{_short(t, groups)}={t}" for t in report.tests), style="dim"))
    if any(r.skipped for r in report.rows):
        out.print("· = not run: the solution's verdict was settled by an earlier test (--full runs them all)",
                  style="dim")

    if report.quick:
        why = "--quick" if report.verdict_rule != "first_failure" else "the first-failure rule (--full runs all)"
        out.print(f"data strength not computed: {why} stopped each wrong solution at its first failing test",
                  style="dim")
    else:
        _strength(report, groups)
    _margins_and_proof(report)


def _strength(report: CheckReport, groups: list[str]) -> None:
    from rich.markup import escape
    from rich.text import Text
    from rich.table import Table

    from .console import out

    kills = Table(title="what kills each wrong solution", title_justify="left")
    kills.add_column("solution", no_wrap=True)
    kills.add_column("got", no_wrap=True)
    kills.add_column("killed by")
    for r in report.rows:
        if not r.solution.must_pass:
            k = r.kills
            listed = f"all {len(k)} tests" if len(k) == len(report.tests) else \
                f"{len(k)} tests: " + ", ".join(_short(t, groups) for t in k)
            kills.add_row(Text(r.solution.name), str(r.verdict), listed if k else "[red]nothing")
    out.print(kills)
    kind = "exact" if report.killing_set_exact else "greedy"
    out.print(f"smallest set of tests that kills every wrong solution ({kind}): "
              f"[bold]{len(report.killing_set)}[/] — {escape(', '.join(report.killing_set)) or 'none'}")
    per = Table(title="per subtask: smallest killing set, and the wrong or partial solutions that pass it whole",
                title_justify="left")
    for col in ("subtask", "killed", "smallest killing set", "passes it whole"):
        per.add_column(col)
    for g in report.strength:
        per.add_row(Text(g.group), str(len(g.killed)),
                    f"{len(g.killing_set)} ({'exact' if g.exact else 'greedy'}): "
                    + (", ".join(_short(t, groups) for t in g.killing_set) or "none"),
                    Text(", ".join(g.survivors) or "—"))
    out.print(per)


def _margins_and_proof(report: CheckReport) -> None:
    from rich.markup import escape
    from rich.text import Text
    from ..judging import AC_HEADROOM
    from .console import out

    m = report.margins
    head = m.time_limit / m.slowest_accepted if m.slowest_accepted else float("inf")
    if not m.slowest_accepted_at:   # no solution that must pass (an import with only rejected submissions)
        out.print(f"time limit {m.time_limit:g} s: no accepted solution to hold it to")
    else:
        out.print(f"time limit {m.time_limit:g} s: slowest accepted {m.slowest_accepted:.3f} s "
                  f"({escape(m.slowest_accepted_at)}), headroom {head:.1f}x (need {AC_HEADROOM:g}x)")
    for name, slowest in m.slow_solutions.items():
        out.print(f"  {escape(name)}: slowest run {slowest:.2f} s = {slowest / m.time_limit:.1f}x the limit")
    if report.proof:
        p = report.proof
        rate = f", search {p.cases / p.search_seconds:,.0f} positions/s" if p.search_seconds else " (batches cached)"
        runs = ", ".join(f"{escape(n)} {'cached' if s < 0 else f'{s:.1f} s'}" for n, s in p.solutions.items())
        out.print(f"exhaustive proof: {p.cases:,} positions in {p.files} batches{rate}; {runs}; "
                  + ("[green]all agree[/]" if p.ok else "[red]disagreement[/]"))
        if len(set(p.boxes.values())) > 1:   # a smaller box for a costly language: say who got which
            for box in dict.fromkeys(p.boxes.values()):
                out.print(Text(f"  proven on {box}: " + ", ".join(n for n, b in p.boxes.items() if b == box)))
    if report.ok:
        out.print(f"[bold green]check passed[/]: {len(report.rows)} solutions × {len(report.tests)} tests "
                  f"as expected in {report.seconds:.1f} s")
    else:
        out.print(f"[bold red]check failed[/]: {len(report.problems)} problem(s)")
        for p in report.problems:
            out.print(f"  [red]•[/] {escape(str(p))}")
