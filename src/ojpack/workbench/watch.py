"""Live: a change to what a package is made of starts the work that depends on it.

watchfiles (inotify, with its own debounce) does the watching; what changed decides the job: a statement
template re-renders, anything else that feeds the data or the verdicts (generators, validators, solutions,
checkers, problem.yaml…) re-checks, which rebuilds what is stale first (the caches keep the rest)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from ..problem import SOURCE_PARTS
from .jobs import Jobs

# What a package is made of is what means new work; build output, data/, caches and the lock file the build
# (re)writes are what the jobs themselves write, so they start nothing.
WATCHED = tuple(part for part in SOURCE_PARTS if part != "data.sha256")


def job_for(root: Path, changed: set[Path]) -> str | None:
    """'render', 'check' or None (nothing that matters changed)."""
    parts = set()
    for path in changed:
        try:
            rel = path.relative_to(root).parts
        except ValueError:
            continue
        if rel and rel[0] in WATCHED and "__pycache__" not in rel and not rel[-1].startswith((".", "#")) \
                and not rel[-1].endswith("~"):
            parts.add(rel[0])
    if not parts:
        return None
    return "render" if parts == {"statement"} else "check"


async def watch(jobs: Jobs, stop: asyncio.Event) -> None:
    from watchfiles import awatch

    roots = {key: root.resolve() for key, root in jobs.roots.items()}
    async for changes in awatch(*roots.values(), stop_event=stop, recursive=True, rust_timeout=500):
        paths = {Path(p) for _, p in changes}
        for key, root in roots.items():
            mine = {p for p in paths if p == root or root in p.parents}
            what = job_for(root, mine)
            if what == "check":
                jobs.queue(key, "check (files changed)", ["check", "--no-proof"])
            elif what == "render":
                jobs.queue(key, "render (statement changed)", ["render"])
