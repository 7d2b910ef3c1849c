"""`ojpack strength`."""

from __future__ import annotations

import sys
from typing import Annotated, Any, Optional

import typer

from ..errors import OjpackError
from .common import ClusterOpt, JsonOpt, NoSandboxOpt, ProblemOpt, engine_for, sandbox
from .console import out, print_json, progress_bar, said

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
        said("error: ", "bold red", str(e))
        sys.exit(2)
    survived = report.count("survived")
    from ..judging import save_last

    save_last(problem, "strength", report.to_json())   # kept for `ojpack serve`
    if as_json:
        print_json(report.to_json())
    else:
        from rich.text import Text

        from .console import item

        out.print(_table(report))
        for r in report.results:
            if r.status == "survived":
                out.print(Text.assemble(("survived ", STYLE["survived"]), r.mutant.id))
                item(r.mutant.diff, lead="  change: ")
                item(str(r.counterexample) + ("" if r.shrunk else " (shrinking stopped by the clock: not minimal)"),
                     lead="  counterexample: ")
        out.print(f"{report.mutants} mutants ({report.count('stillborn')} more did not compile): "
                  f"{report.count('killed')} killed, {report.count('equivalent')} equivalent, {survived} survived; "
                  f"score [bold]{report.score:.1%}[/]")
        for name in report.added:
            out.print(f"added {escape(str(name))}; run `ojpack build --update-lock` to carry it")
    sys.exit(1 if survived and not report.added else 0)


def _table(report: Any) -> Any:
    """One line per mutant: its name, what became of it, and (where the width allows) its change, elided in
    the middle; a survivor's change and counterexample are printed whole below, as they are what to act on."""
    from rich.table import Table
    from rich.text import Text

    from .console import elide, width

    results = [r for r in report.results if r.status != "stillborn"]
    what = {r.mutant.id: {"killed": f"killed by {r.killed_by}", "equivalent": "equivalent",
                          "survived": "survived"}[r.status] for r in results}
    name_w = max((len(r.mutant.id) for r in results), default=6)
    what_w = max((len(w) for w in what.values()), default=6)
    room = width() - 4
    name_w = min(name_w, max(20, room // 2))
    what_w = min(what_w, room - name_w)
    diff_w = room - name_w - what_w - 2
    table = Table(title="mutants", title_justify="left", box=None, padding=(0, 1), pad_edge=False,
                  header_style="bold underline")
    table.add_column("mutant", no_wrap=True)
    if diff_w >= 24:
        table.add_column("change", no_wrap=True)
    table.add_column("result", no_wrap=True)
    for r in results:
        cells = [Text(elide(r.mutant.id, name_w))]
        if diff_w >= 24:
            cells.append(Text(elide(r.mutant.diff.replace("\n", " "), diff_w), style="dim"))
        table.add_row(*cells, Text(elide(what[r.mutant.id], what_w), style=STYLE[r.status]))
    return table
