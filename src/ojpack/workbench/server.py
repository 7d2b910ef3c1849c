"""Start the workbench: find what to serve, hold the package's lock, listen, print the address."""

from __future__ import annotations

import socket
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

from ..errors import OjpackError
from .app import Site, make_app
from .safety import PackageLock, new_token

LOOPBACK = ("127.0.0.1", "::1", "localhost")


def prepare(folder: Path | None) -> Site:
    """The site for a package, or for a contest (one page key per problem letter)."""
    from ..problem import is_contest, load_contest, load_problem

    if is_contest(folder if folder is not None else Path.cwd()):
        contest = load_contest((folder or Path.cwd()).resolve())
        if not contest.spec.problems:
            raise OjpackError(f"{contest.root}/contest.yaml lists no problems: add one with `ojpack new NAME`")
        return Site(contest.root, {p.letter: contest.folder(p) for p in contest.spec.problems}, True, new_token())
    root = load_problem(folder).root
    return Site(root, {"_": root}, False, new_token())


def serve(site: Site, host: str, port: int, announce: Callable[[str], None], no_sandbox: bool = False,
          live: bool = True) -> None:
    """Serve until interrupted. `announce` gets the address (with its token) once the socket listens."""
    import uvicorn

    with ExitStack() as stack:
        for root in {site.root, *site.roots.values()}:
            stack.enter_context(PackageLock(root))
        sock = _listen(host, port)
        shown = f"[{host}]" if ":" in host else host
        announce(f"http://{shown}:{sock.getsockname()[1]}/?token={site.token}")
        holder: list[uvicorn.Server] = []
        app = make_app(site, no_sandbox, live, exiting=lambda: bool(holder) and holder[0].should_exit)
        config = uvicorn.Config(app, log_level="warning", lifespan="on", timeout_graceful_shutdown=3)
        holder.append(uvicorn.Server(config))
        holder[0].run(sockets=[sock])


def _listen(host: str, port: int) -> socket.socket:
    """Bound before uvicorn starts, so port 0 gives a free port whose number is known and printed."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        raise OjpackError(f"cannot listen on {host}:{port}: {e.strerror}") from None
    sock.listen(64)
    sock.set_inheritable(True)
    return sock
