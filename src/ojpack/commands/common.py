"""Options shared by the commands."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer


ProblemOpt = Annotated[
    Optional[Path],
    typer.Option("--problem", "-p", help="Problem root (holds problem.yaml); default: the nearest folder from here upward that has one.",
                 file_okay=False),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object for machines instead of tables.")]
ClusterOpt = Annotated[Optional[str], typer.Option(
    "--cluster", envvar="OJPACK_CLUSTER",
    help="Run on Dask: local:N (a throwaway cluster of N workers) or a running scheduler's address.")]
NoSandboxOpt = Annotated[bool, typer.Option(
    "--no-sandbox", help="Run programs without isolation: only for trusted code on a machine without user "
                         "namespaces or cgroups (prints a warning).")]


def sandbox(off: bool, announce: bool = False) -> None:
    """Apply --no-sandbox, or stop at once with one clear error when programs cannot be isolated. The mode
    in force is one line at the top (`announce`), or else one warning line on stderr when it guarantees
    less than a cgroup would."""
    from ..sandbox import require_isolation, sandbox_mode, set_isolation   # not at import: --help need not load it
    from .console import out, said

    if off:
        set_isolation(False)
        said("warning: ", "bold yellow", "--no-sandbox: programs run unisolated, as this user, "
                                         "with the whole machine in reach")
    else:
        set_isolation(True)
        require_isolation()
        mode = sandbox_mode()
        if announce:
            out.print(mode.describe(), markup=False)
        elif mode.weaker:
            said("warning: ", "bold yellow", mode.describe())


def engine_for(cluster: str | None, jobs: int | None) -> Any:
    """A context giving where runs go: a Dask cluster for --cluster, else the local pool of `jobs` workers."""
    import contextlib

    from ..judging import LocalEngine, connect_cluster

    return connect_cluster(cluster) if cluster else contextlib.nullcontext(LocalEngine(jobs))
