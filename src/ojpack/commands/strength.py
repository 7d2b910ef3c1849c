"""`ojpack strength`."""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from ..errors import OjpackError
from .common import ClusterOpt, JsonOpt, NoSandboxOpt, ProblemOpt, engine_for, sandbox
from .console import err, out, print_json, progress_bar

STYLE = {"killed": "green", "equivalent": "dim", "survived": "bold red", "stillborn": "dim"}


def command(
    add: Annotated[bool, typer.Option("--add", help="Add each survivor's counterexample to the plan.")] = False,
    all_accepted: Annotated[bool, typer.Option("--all", help="Mutate every accepted solution, not only the model.")] = False,
    seconds: Annotated[float, typer.Option("--seconds", "-s", min=0.0, help="Stress time per survivor.")] = 3.0,
    validator: Annotated[bool, typer.Option(
        "--validator", help="Strength of the validator instead: invalid inputs made from the data must be rejected.")] = False,
    checker: Annotated[bool, typer.Option(
        "--checker", help="Strength of the checker instead: changed answers rejected, allowed variants accepted.")] = False,
    vmutants: Annotated[bool, typer.Option(
        "--mutants", help="With --validator: mutants of the validator, each to be killed by its own tests "
                          "(--add appends each survivor's input to them).")] = False,
    quick: Annotated[bool, typer.Option("--quick", help="With --validator/--checker: only the smallest test "
                                                         "of each group, as `ojpack check` runs it.")] = False,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", min=1, help="Parallel runs (default: all cores).")] = None,
    cluster: ClusterOpt = None,
    problem_dir: ProblemOpt = None,
    no_sandbox: NoSandboxOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Mutation analysis: mutants of the model solution, killed by the data, equivalent, or surviving with a
    shrunk counterexample. Exit 0 when every non-equivalent mutant is killed (or --add carried them), else 1.
    --validator / --checker measure the validator and the checker instead (exit 1 on any weakness)."""
    if validator or checker:
        from .strength_vc import run_strength

        sys.exit(run_strength(problem_dir, no_sandbox, as_json, validator, checker, quick, jobs,
                              mutants=vmutants and validator, add=add))
    from rich.markup import escape
    from ..problem import load_problem
    from ..strength import strength

    try:
        sandbox(no_sandbox)
        problem = load_problem(problem_dir)
        with progress_bar("[bold]strength") as bar, engine_for(cluster, jobs) as engine:
            task = bar.add_task("", total=None)
            report = strength(problem, all_accepted=all_accepted, stress_seconds=seconds, workers=jobs, add=add,
                              on_done=lambda _r, n: bar.update(task, advance=1, total=n),
                              engine=engine if cluster else None)
    except OjpackError as e:
        err.print("[bold red]error:[/] ", end="")
        err.print(str(e), markup=False)
        sys.exit(2)
    survived = report.count("survived")
    if as_json:
        print_json(report.to_json())
    else:
        from rich.table import Table
        from rich.text import Text

        table = Table(title="mutants", title_justify="left")
        for col in ("mutant", "diff", "result"):
            table.add_column(col, overflow="fold")
        for r in report.results:
            if r.status == "stillborn":
                continue
            what = {"killed": f"killed by {r.killed_by}", "equivalent": "equivalent",
                    "survived": f"survived: {r.counterexample}"}[r.status]
            table.add_row(Text(r.mutant.id), Text(r.mutant.diff[:110]), Text(what, style=STYLE[r.status]))
        out.print(table)
        out.print(f"{report.mutants} mutants ({report.count('stillborn')} more did not compile): "
                  f"{report.count('killed')} killed, {report.count('equivalent')} equivalent, {survived} survived; "
                  f"score [bold]{report.score:.1%}[/]")
        for name in report.added:
            out.print(f"added {escape(str(name))}; run `ojpack build --update-lock` to carry it")
    sys.exit(1 if survived and not report.added else 0)
