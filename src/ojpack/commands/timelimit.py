"""`ojpack timelimit`: propose a time limit from the solutions' own times, say why, and set it with --write."""

from __future__ import annotations

import json
import re
from typing import Annotated

import typer

from ..errors import OjpackError
from .common import JsonOpt, NoSandboxOpt, ProblemOpt, sandbox


def command(
    write: Annotated[bool, typer.Option("--write", help="Set limits.time in problem.yaml to the proposal.")] = False,
    floor: Annotated[float, typer.Option("--floor", min=0.1, help="The smallest limit proposed, in seconds.")] = 1.0,
    problem_dir: ProblemOpt = None,
    no_sandbox: NoSandboxOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Run the accepted and the time-limit solutions with a generous cut-off and propose a limit: at least twice
    the slowest accepted run (rounded up to 0.1 s, or 1 s from 10 s; at least --floor), and below the fastest
    time-limit solution by 1.5x, the margins `ojpack check` holds the limit to. Exit 1 if none fits."""
    from ..judging import measure, propose
    from ..problem import load_problem
    from .console import item, out, progress_bar

    sandbox(no_sandbox)
    problem = load_problem(problem_dir)
    with progress_bar("[bold]timelimit[/] runs") as bar:
        task = bar.add_task("", total=None)
        accepted, tle = measure(problem, floor, progress=lambda done, total: bar.update(task, completed=done,
                                                                                        total=total))
    p = propose(accepted, tle, problem.spec.limits.time, floor)
    if as_json:
        print(json.dumps({"proposal": p.limit, "current": p.current, "below": p.below, "reasons": list(p.reasons),
                          "accepted": [t.__dict__ for t in accepted], "time_limit": [t.__dict__ for t in tle]},
                         indent=2))
    else:
        for line in p.reasons:
            item(line, lead="- ")
        if p.limit is not None:
            out.print(f"[bold]proposed time limit: {p.limit:g} s[/] (now {p.current:g} s)")
    if p.limit is None:
        raise OjpackError("no time limit keeps both margins (see above)")
    if write and p.limit != p.current:
        _write_limit(problem, p.limit)
        out.print(f"wrote limits.time: {p.limit:g} in problem.yaml; rebuild nothing, but run `ojpack check` again")


def _write_limit(problem, seconds: float) -> None:   # type: ignore[no-untyped-def]
    """Replace the number after `time:` on the line problem.yaml holds limits.time on (comments kept)."""
    line = problem.lines.get(("limits", "time"))
    path = problem.root / "problem.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    if line is None:
        raise OjpackError("problem.yaml: cannot find limits.time to rewrite")
    new, n = re.subn(r"(\btime:\s*)[0-9.]+", rf"\g<1>{seconds:g}", lines[line - 1], count=1)
    if n != 1:
        raise OjpackError(f"problem.yaml line {line}: cannot rewrite limits.time in {lines[line - 1].strip()!r}")
    lines[line - 1] = new
    path.write_text("".join(lines), encoding="utf-8")
