"""`ojpack stress`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..errors import OjpackError
from .common import JsonOpt, NoSandboxOpt, ProblemOpt, sandbox
from .console import err, out


def command(
    solution: Annotated[Path, typer.Argument(help="The solution to stress.", dir_okay=False)],
    against: Annotated[Optional[Path], typer.Option("--against", help="Reference (default: the model solution).",
                                                    dir_okay=False)] = None,
    seconds: Annotated[float, typer.Option("--seconds", "-s", min=0.1, help="Stop after this long.")] = 60.0,
    seed: Annotated[Optional[int], typer.Option("--seed", help="Seed of the random inputs (default: random).")] = None,
    add: Annotated[Optional[str], typer.Option("--add", help="Add the counterexample to the plan as test NAME.")] = None,
    lang: Annotated[Optional[str], typer.Option("--lang", "-l", help="SOLUTION's language id.")] = None,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", min=1, help="Parallel runs (default: all cores).")] = None,
    problem_dir: ProblemOpt = None,
    no_sandbox: NoSandboxOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Compare SOLUTION with a reference on random valid inputs; shrink the first difference to a 1-minimal
    counterexample under build/stress/. Exit 0: no difference, 1: a difference, 2: an error."""
    from rich.markup import escape
    from ..problem import load_problem
    from ..strength import stress

    try:
        sandbox(no_sandbox)
        problem = load_problem(problem_dir)
        with err.status(f"stressing {escape(solution.name)} for up to {seconds:g} s", spinner="dots"):
            r = stress(problem, solution, against, seconds, seed, jobs, lang, add)
    except OjpackError as e:
        err.print("[bold red]error:[/] ", end="")
        err.print(str(e), markup=False)
        sys.exit(2)
    if as_json:
        out.print_json(json.dumps(r.to_json()))
    elif r.counterexample is None:
        out.print(f"no difference in {r.cases} inputs ({r.units} games) in {r.seconds:.1f} s (seed {r.seed})")
    else:
        from rich.text import Text

        out.print(f"[bold red]difference[/] after {r.cases} inputs; found by {escape(str(r.origin))}, shrunk in "
                  f"{r.shrink_tests} runs to {escape(str(r.counterexample))}")
        data = r.counterexample.read_text(errors="replace")
        out.print(Text(data if len(data) <= 600 else data[:600] + "…"))
        out.print(Text(f"checker: {r.message}"))
        if r.added:
            out.print(f"added {escape(str(r.added))}; run `ojpack build --update-lock` to carry it")
    sys.exit(1 if r.counterexample else 0)
