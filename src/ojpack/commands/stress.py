"""`ojpack stress`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, List, Optional

import typer

from ..errors import OjpackError
from .common import JsonOpt, NoSandboxOpt, ProblemOpt, sandbox
from .console import elide, out, said, timed_bar


def command(
    solution: Annotated[Path, typer.Argument(help="The solution to stress.", dir_okay=False)],
    against: Annotated[Optional[Path], typer.Option("--against", help="Reference (default: the model solution).",
                                                    dir_okay=False)] = None,
    seconds: Annotated[float, typer.Option(
        "--seconds", "-s", min=0.1, help="Search for this long; shrinking a difference gets as long again (at "
                                         "least 60 s), then keeps the smallest input reached.")] = 60.0,
    seed: Annotated[Optional[int], typer.Option("--seed", help="Seed of the random inputs (default: random).")] = None,
    add: Annotated[Optional[str], typer.Option("--add", help="Add the counterexample to the plan as test NAME.")] = None,
    gen: Annotated[Optional[List[str]], typer.Option(
        "--gen", help="Draw inputs from this generator line (LO..HI arguments drawn per input, a fresh --salt "
                      "each); repeatable. Default: the grammar, else the plan's generator lines scaled down.")] = None,
    lang: Annotated[Optional[str], typer.Option("--lang", "-l", help="SOLUTION's language id.")] = None,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", min=1, help="Parallel runs (default: all cores).")] = None,
    problem_dir: ProblemOpt = None,
    no_sandbox: NoSandboxOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Compare SOLUTION with a reference on random valid inputs; shrink the first difference (every candidate
    validated) to a small counterexample under build/stress/SOLUTION/. Exit 0: no difference, 1: a
    difference, 2: an error (or every input drawn was invalid: nothing compared)."""
    from rich.markup import escape
    from ..problem import load_problem
    from ..strength import stress

    try:
        sandbox(no_sandbox)
        problem = load_problem(problem_dir)
        with timed_bar(f"[bold]stress[/] {escape(elide(solution.name, 24))}", seconds):
            r = stress(problem, solution, against, seconds, seed, jobs, lang, add, gens=gen or ())
    except OjpackError as e:
        said("error: ", "bold red", str(e))
        sys.exit(2)
    from ..judging import save_last

    save_last(problem, "stress", r.to_json())   # kept for `ojpack serve`
    # every input drawn was invalid: nothing was compared, which is no evidence of "no difference"
    nothing = r.counterexample is None and r.cases == 0 and r.rejected > 0
    if as_json:
        out.print_json(json.dumps(r.to_json()))
    elif nothing:
        said("error: ", "bold red", f"all {r.rejected} inputs drawn in {r.seconds:.1f} s were invalid (the validator "
             "rejected each): nothing was compared; give --gen a generator line whose arguments the validator accepts")
    elif r.counterexample is None:
        skipped = f"; {r.rejected} invalid ones skipped" if r.rejected else ""
        out.print(f"no difference in {r.cases} valid inputs ({r.units} cases) in {r.seconds:.1f} s "
                  f"(seed {r.seed}){skipped}")
    else:
        from rich.text import Text

        how = "shrunk" if r.shrunk else "shrinking stopped by the clock (not minimal), at"
        out.print(f"[bold red]difference[/] after {r.cases} inputs; found by {escape(str(r.origin))}, {how} "
                  f"({r.shrink_tests} candidates, each validated) to")
        try:   # shorter from here: it should fit on a line
            shown = r.counterexample.resolve().relative_to(Path.cwd().resolve())
        except ValueError:
            shown = r.counterexample
        out.print(Text(str(shown)))
        data = r.counterexample.read_text(errors="replace")
        out.print(Text(data if len(data) <= 600 else data[:600] + "…"))
        out.print(Text(f"checker: {r.message}"))
        out.print(Text(f"again: {r.command}"))
        if r.added:
            out.print(f"added {escape(str(r.added))}; run `ojpack build --update-lock` to carry it")
    sys.exit(1 if r.counterexample else 2 if nothing else 0)
