"""The workbench's web application: pages, files, events and actions, each behind the token."""

from __future__ import annotations

import asyncio
import contextlib
import json
import mimetypes
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (HTMLResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from . import pages
from .jobs import Hub, Jobs
from .safety import token_ok

COOKIE = "ojpack_workbench"
HERE = Path(__file__).parent
# Nothing on a page runs but our own script; a package's text cannot become markup (autoescape) and, were it
# ever to, could neither run script nor send anything elsewhere.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "frame-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'self'")
# A package's own files (a statement's HTML, an SVG picture): shown, never run, never able to reach us.
FILE_CSP = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'"


@dataclass(frozen=True)
class Site:
    root: Path                   # the package, or the contest
    roots: dict[str, Path]       # page key -> problem folder
    contest: bool
    token: str


class Guard:
    """Every request but the static files needs the token: as ?token= once (which sets a same-site cookie),
    or the cookie. An action (POST) needs the token itself, in its form or a header (pages.Handlers.action):
    a cookie alone could be sent by another site's form."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.token = token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].startswith("/static/"):
            return await self.app(scope, receive, send)
        request = Request(scope)
        given = request.query_params.get("token")
        cookie = request.cookies.get(COOKIE)
        if scope["method"] == "POST":
            # only actions take a POST, and each checks the token in its header or its form itself
            ok = "/action/" in scope["path"]
        else:
            ok = token_ok(given, self.token) or token_ok(cookie, self.token)
        if not ok:
            return await _headers(PlainTextResponse("403: this page needs the workbench's token", 403))(
                scope, receive, send)
        if given is not None and scope["method"] == "GET":   # drop the token from the address bar
            path = request.url.remove_query_params("token")
            response: Response = RedirectResponse(str(path.path) + (f"?{path.query}" if path.query else ""), 303)
            response.set_cookie(COOKIE, self.token, httponly=True, samesite="strict")
            return await _headers(response)(scope, receive, send)

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]
                if b"content-security-policy" not in names:
                    extra.append((b"content-security-policy", CSP.encode()))
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _headers(response: Response) -> Response:
    response.headers["content-security-policy"] = CSP
    response.headers["x-content-type-options"] = "nosniff"
    return response


def make_app(site: Site, no_sandbox: bool = False, live: bool = True,
             exiting: Callable[[], bool] = lambda: False) -> Starlette:
    """The application; `exiting` tells when the server is shutting down, so open event streams end at once
    (the server waits for open connections before it stops)."""
    hub = Hub()
    jobs = Jobs(hub, site.roots, no_sandbox)
    stop = asyncio.Event()

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        watcher = None
        if live:
            from .watch import watch

            watcher = asyncio.ensure_future(watch(jobs, stop))
        try:
            yield
        finally:
            stop.set()
            hub.publish("bye", {})
            await jobs.close()
            if watcher is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await asyncio.wait_for(watcher, 3)

    async def events(request: Request) -> Response:
        queue = hub.subscribe()

        async def stream() -> AsyncIterator[str]:
            try:
                yield "retry: 1000\n\n"
                for key in site.roots:
                    if (state := jobs.state(key)) is not None:
                        yield f"event: job\ndata: {json.dumps(state)}\n\n"
                quiet = 0
                while not stop.is_set() and not exiting():
                    try:
                        yield await asyncio.wait_for(queue.get(), 1)
                        quiet = 0
                    except asyncio.TimeoutError:
                        quiet += 1
                        if quiet % 15 == 0:   # a comment now and then keeps proxies and browsers from giving up
                            yield ": still here\n\n"
            finally:
                hub.unsubscribe(queue)

        return StreamingResponse(stream(), media_type="text/event-stream", headers={"cache-control": "no-store"})

    handlers = pages.Handlers(site, jobs)
    routes = [
        Route("/", handlers.start),
        Route("/events", events),
        Route("/p/{key}/", handlers.overview),
        Route("/p/{key}/tests", handlers.tests),
        Route("/p/{key}/test/{test:path}", handlers.test),
        Route("/p/{key}/picture/{test:path}", handlers.picture),
        Route("/p/{key}/invocations", handlers.invocations),
        Route("/p/{key}/run", handlers.run),
        Route("/p/{key}/strength", handlers.strength),
        Route("/p/{key}/stress", handlers.stress),
        Route("/p/{key}/statement", handlers.statement),
        Route("/p/{key}/exports", handlers.exports),
        Route("/p/{key}/history", handlers.history),
        Route("/p/{key}/file/{rel:path}", handlers.file),
        Route("/p/{key}/action/{action}", handlers.action, methods=["POST"]),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(Guard, token=site.token)])


def file_response(path: Path) -> Response:
    """A package file as itself when a browser can show it safely, else as plain text."""
    kind = mimetypes.guess_type(path.name)[0] or ""
    if kind not in ("application/pdf", "text/html", "image/png", "image/svg+xml", "image/jpeg", "image/gif",
                    "application/zip"):
        kind = "text/plain; charset=utf-8"
    from starlette.responses import FileResponse

    response = FileResponse(path, media_type=kind)
    response.headers["content-security-policy"] = FILE_CSP
    if kind == "application/zip":
        response.headers["content-disposition"] = f'attachment; filename="{path.name}"'
    return response


def page(html: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(html, status)
