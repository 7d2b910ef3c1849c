"""`ojpack check`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from .check_view import STYLE
from .common import ClusterOpt, JsonOpt, NoSandboxOpt, ProblemOpt, engine_for, sandbox

if TYPE_CHECKING:
    from ..judging import CheckReport
    from .check_view import Groups

__all__ = ["STYLE", "command"]


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
    show_matrix: Annotated[bool, typer.Option(
        "--matrix", help="Also print every run's verdict and CPU time (solutions × tests, in blocks that fit "
                         "the terminal), and which tests kill each wrong solution.")] = False,
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

        from .strength_vc import check_figures, validator_figures

        measured: dict[str, tuple[str, dict[str, Any] | None]] = {}

        def beside(gate: Any) -> None:   # the validator's quick strength, beside the runs
            measured["validator"] = validator_figures(problem, jobs, gate)

        with engine_for(cluster, jobs) as engine:
            report = check(problem, workers=jobs, proof=not no_proof, progress=progress, fresh=fresh, full=full,
                           quick=quick, engine=engine, beside=beside)
    if html:
        write_html(report, problem.spec.short_name, html)
    from ..judging import save_check

    lines, figures, declared_ok = check_figures(problem, report, jobs, measured.get("validator"))
    data = {**report.to_json(), "strength": figures, "ok": report.ok and declared_ok}
    save_check(problem, data)   # kept for `ojpack serve`, failing or not
    if as_json:
        print_json(data)
    else:
        _show(report, show_matrix)
        from .console import out

        for line in lines:
            out.print(line)
    if not report.ok or not declared_ok:
        raise typer.Exit(1)


def _show(report: CheckReport, show_matrix: bool) -> None:
    from .check_view import Groups, legend, matrix, summary
    from .console import out, width

    w = width()
    groups = Groups.of(report.tests)
    if show_matrix:
        for block in matrix(report, groups, w):
            out.print(block)
        out.print("tests: " + "  ".join(f"{groups.short(t)}={t}" for t in report.tests), style="dim",
                  markup=False)
    for line in summary(report, groups, w):
        out.print(line, soft_wrap=True)   # sized to the width already: rich must not fold it again
    for line in legend(report, groups):
        out.print(line)
    if report.quick:
        why = "--quick" if report.verdict_rule != "first_failure" else "the first-failure rule (--full runs all)"
        out.print(f"data strength not computed: {why} stopped each wrong solution at its first failing test",
                  style="dim")
    else:
        _strength(report, groups, show_matrix)
    _margins_and_proof(report)


def _strength(report: CheckReport, groups: Groups, show_matrix: bool) -> None:
    from rich.markup import escape
    from rich.text import Text
    from rich.table import Table

    from .console import out, width

    if show_matrix:
        kills = Table(title="what kills each wrong solution", title_justify="left")
        kills.add_column("solution", overflow="fold", ratio=2)
        kills.add_column("got", no_wrap=True)
        kills.add_column("points", no_wrap=True)
        kills.add_column("killed by", ratio=3)
        for r in report.rows:
            if r.solution.must_fail:
                k = r.kills
                listed = f"all {len(k)} tests" if len(k) == len(report.tests) else \
                    f"{len(k)} tests: " + ", ".join(groups.short(t) for t in k)
                points = "+".join(f"{x.score:g}" for x in r.subtasks) + f"={r.score:g}"
                kills.add_row(Text(r.solution.name), str(r.verdict), points, listed if k else "[red]nothing")
        out.print(kills)
    kind = "exact" if report.killing_set_exact else "greedy"
    out.print(f"smallest set of tests that kills every wrong solution ({kind}): "
              f"[bold]{len(report.killing_set)}[/] — {escape(', '.join(report.killing_set)) or 'none'}")
    if len(report.strength) < 2:   # pass-fail (one group): the line above already says it all
        return
    if show_matrix:
        per = Table(title="per subtask: smallest killing set, and the wrong or partial solutions that pass it whole",
                    title_justify="left")
        for col in ("subtask", "killed", "smallest killing set", "passes it whole"):
            per.add_column(col)
        for g in report.strength:
            per.add_row(Text(g.group), str(len(g.killed)),
                        f"{len(g.killing_set)} ({'exact' if g.exact else 'greedy'}): "
                        + (", ".join(groups.short(t) for t in g.killing_set) or "none"),
                        Text(", ".join(g.survivors) or "—"))
        out.print(per)
        return
    for g in report.strength:   # one line each; the survivors' names as far as the line goes
        line = Text.assemble(f"{g.group}: ", (f"{len(g.killed)} killed", "bold"),
                             f", killing set {len(g.killing_set)} ({'exact' if g.exact else 'greedy'}): "
                             + (" ".join(groups.short(t) for t in g.killing_set) or "none"))
        if g.survivors:
            line.append(f"; {len(g.survivors)} pass whole", style="yellow")
            names = ", ".join(n.rsplit("/", 1)[-1] for n in g.survivors)
            room = width() - line.cell_len - 3
            if room >= 12:
                line.append(": " + (names if len(names) <= room else names[:room - 1] + "…"), style="dim")
        out.print(line)


def _margins_and_proof(report: CheckReport) -> None:
    from rich.markup import escape
    from rich.text import Text
    from ..judging import AC_HEADROOM
    from .console import item, out

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
            item(str(p), lead_style="red")
