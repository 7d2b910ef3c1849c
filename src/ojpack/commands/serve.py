"""`ojpack serve`."""

from __future__ import annotations

from typing import Annotated

import typer

from .common import NoSandboxOpt, ProblemOpt


def command(
    problem_dir: ProblemOpt = None,
    host: Annotated[str, typer.Option("--host", help="Address to listen on (loopback: only this machine).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port (0: a free one).")] = 0,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the start page in a browser.")] = False,
    no_live: Annotated[bool, typer.Option("--no-live", help="Do not watch the package for changes.")] = False,
    no_sandbox: NoSandboxOpt = False,
) -> None:
    """A local workbench in the browser: tests, verdict matrix and runs, strength, statement, exports,
    history; it re-checks what a change touches and updates open pages. Ctrl-C stops it."""
    from ..workbench import LOOPBACK, prepare, serve
    from .common import sandbox
    from .console import err, out

    sandbox(no_sandbox)
    site = prepare(problem_dir)
    if host not in LOOPBACK:
        err.print(f"[bold yellow]warning:[/] --host {host}: the workbench is reachable from other machines; "
                  "anyone holding the address with its token can run programs here", markup=True)

    def announce(url: str) -> None:
        out.print(f"ojpack workbench for {site.root}", markup=False, soft_wrap=True)
        out.print(url, markup=False, soft_wrap=True)
        out.file.flush()
        if open_browser:
            import webbrowser

            webbrowser.open(url)

    serve(site, host, port, announce, no_sandbox=no_sandbox, live=not no_live)
