"""One handler per page and action; each reads what it shows through views and renders one template."""

from __future__ import annotations

import re

from pathlib import Path
from urllib.parse import urlsplit
from typing import TYPE_CHECKING, Any

import jinja2
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from ..errors import OjpackError
from . import views, views_more
from .jobs import Busy, Jobs
from .safety import inside, token_ok

if TYPE_CHECKING:
    from ..problem import Problem
    from .app import Site

NAV = (("overview", ""), ("tests", "tests"), ("invocations", "invocations"), ("strength", "strength"),
       ("stress", "stress"), ("statement", "statement"), ("exports", "exports"), ("history", "history"))


def environment() -> jinja2.Environment:
    # autoescape for every template whatever its name: all text from a package or a program is text;
    # a key missing from a record (one kept by an older ojpack) shows as nothing rather than failing the page
    env = jinja2.Environment(loader=jinja2.PackageLoader("ojpack.workbench", "templates"), autoescape=True,
                             undefined=jinja2.ChainableUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["size"] = _size
    env.filters["when"] = _when
    env.filters["diff_lines"] = views.diff_lines
    env.filters["suggested"] = views_more.suggested_name
    return env


def _when(iso: object) -> str:
    """2026-04-01T09:30:00.123456+00:00 -> 2026-04-01 09:30:00 UTC: the check's time as people read it (the
    record keeps microseconds so that two checks within one second still sort in the order they ran)."""
    if not isinstance(iso, str) or not iso:
        return "—"
    return re.sub(r"(:\d\d)\.\d+", r"\1", iso).replace("T", " ", 1).replace("+00:00", " UTC")


def _size(n: int | None) -> str:
    if n is None:
        return "—"
    for unit in ("B", "KiB", "MiB"):
        if n < 1024 or unit == "MiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024  # type: ignore[assignment]
    return str(n)


async def _form(request: Request) -> dict[str, str]:
    """An action's urlencoded form (our pages send nothing else): small, so read whole, and capped."""
    from urllib.parse import parse_qsl

    body = await request.body()
    if len(body) > 65536 or "multipart" in request.headers.get("content-type", ""):
        return {}
    return dict(parse_qsl(body.decode("utf-8", errors="replace")))


class Handlers:
    def __init__(self, site: Site, jobs: Jobs) -> None:
        self.site = site
        self.jobs = jobs
        self.env = environment()

    # ---- helpers ----
    def _render(self, name: str, request: Request, status: int = 200, **context: Any) -> HTMLResponse:
        key = request.path_params.get("key", "")
        html = self.env.get_template(name).render(
            token=self.site.token, key=key, nav=NAV, contest=self.site.contest, multi=len(self.site.roots) > 1,
            path=request.url.path, job=self.jobs.state(key) if key in self.site.roots else None, **context)
        return HTMLResponse(html, status)

    def _problem(self, request: Request) -> Problem:
        from ..problem import load_problem

        key = request.path_params["key"]
        if key not in self.site.roots:
            raise LookupError(key)
        return load_problem(self.site.roots[key])

    def _page(self, request: Request, name: str, gather: Any) -> Response:
        try:
            problem = self._problem(request)
        except LookupError:
            return self._render("error.html", request, 404, message="no such problem here")
        except OjpackError as e:
            return self._render("error.html", request, 200, message=str(e), title="problem.yaml")
        title = next(iter(problem.spec.name.values()))
        try:
            data = gather(problem)
        except OjpackError as e:
            return self._render("error.html", request, 200, message=str(e), title=title)
        if data is None:
            return self._render("error.html", request, 404, message="not found", title=title)
        return self._render(name, request, problem_title=title, short_name=problem.spec.short_name, **data)

    # ---- pages ----
    async def start(self, request: Request) -> Response:
        if not self.site.contest:
            return RedirectResponse(f"/p/{next(iter(self.site.roots))}/", 303)
        try:
            rows = views_more.contest_rows(self.site.root, self.site.roots)
        except OjpackError as e:
            return self._render("error.html", request, 200, message=str(e), title="contest.yaml")
        return self._render("contest.html", request, rows=rows, root=str(self.site.root))

    async def overview(self, request: Request) -> Response:
        return self._page(request, "overview.html", lambda p: {"o": views.overview(p)})

    async def tests(self, request: Request) -> Response:
        return self._page(request, "tests.html", lambda p: {"rows": views.tests(p)})

    async def test(self, request: Request) -> Response:
        test_id = request.path_params["test"]
        return self._page(request, "test.html", lambda p: (None if (t := views.test_page(p, test_id)) is None
                                                           else {"t": t}))

    async def picture(self, request: Request) -> Response:
        try:
            problem = self._problem(request)
        except (LookupError, OjpackError):
            return Response(status_code=404)
        test_id = request.path_params["test"]
        if all(t["id"] != test_id for t in views.manifest(problem)):
            return Response(status_code=404)
        import asyncio

        from ..testdata import visualize

        try:   # the visualizer runs in the cage: off the event loop, so other pages stay quick meanwhile
            picture = await asyncio.to_thread(visualize, problem, test_id)
        except OjpackError as e:
            return Response(f"no picture: {e}", 404, media_type="text/plain")
        if not picture:
            return Response(status_code=404)
        from .app import FILE_CSP

        kind = picture.media_type if picture.media_type in ("image/svg+xml", "image/png") else "application/octet-stream"
        return Response(picture.data, media_type=kind, headers={"content-security-policy": FILE_CSP})

    async def invocations(self, request: Request) -> Response:
        q = request.query_params
        failing, solution, group = q.get("failing") == "1", q.get("solution", ""), q.get("group", "")
        return self._page(request, "invocations.html",
                          lambda p: {"m": views.matrix(p, failing, solution, group),
                                     "f": {"failing": failing, "solution": solution, "group": group}})

    async def run(self, request: Request) -> Response:
        solution, test = request.query_params.get("solution", ""), request.query_params.get("test", "")
        return self._page(request, "run.html", lambda p: {"r": views.run_page(p, solution, test)})

    async def strength(self, request: Request) -> Response:
        return self._page(request, "strength.html", lambda p: {"s": views_more.strength(p)})

    async def stress(self, request: Request) -> Response:
        return self._page(request, "stress.html", lambda p: {"s": views_more.stress(p)})

    async def statement(self, request: Request) -> Response:
        return self._page(request, "statement.html", lambda p: {"s": views_more.statement(p)})

    async def exports(self, request: Request) -> Response:
        return self._page(request, "exports.html", lambda p: {"e": views_more.exports(p)})

    async def history(self, request: Request) -> Response:
        a, b = request.query_params.get("a", ""), request.query_params.get("b", "")
        return self._page(request, "history.html", lambda p: {"h": views_more.history(p, a, b)})

    async def file(self, request: Request) -> Response:
        from .app import file_response

        key = request.path_params["key"]
        if key not in self.site.roots:
            return Response(status_code=404)
        path = inside(self.site.roots[key], request.path_params["rel"])
        if path is None or not path.is_file():
            return Response("not a file of this package", 404, media_type="text/plain")
        return file_response(path)

    # ---- actions ----
    async def action(self, request: Request) -> Response:
        form = await _form(request)
        given = request.headers.get("x-ojpack-token") or form.get("token")
        if not token_ok(given, self.site.token):
            return Response("403: an action needs the workbench's token", 403, media_type="text/plain")
        key, action = request.path_params["key"], request.path_params["action"]
        if key not in self.site.roots:
            return Response("no such problem", 404, media_type="text/plain")
        try:
            message = self._start(key, action, form)
        except Busy as e:
            return JSONResponse({"error": f"busy: {e} is running on this package"}, 409)
        except (OjpackError, ValueError) as e:
            return JSONResponse({"error": str(e)}, 400)
        if request.headers.get("x-ojpack-token"):   # our script: it follows the job through the events
            return JSONResponse({"started": message}, 202)
        back = urlsplit(request.headers.get("referer") or "").path   # back to our own page, never elsewhere
        return RedirectResponse(back if back.startswith("/p/") else f"/p/{key}/", 303)

    def _start(self, key: str, action: str, form: dict[str, str]) -> str:
        from ..problem import load_problem

        root = self.site.roots[key]
        if action == "check":
            self.jobs.start(key, "check", ["check"])
        elif action == "render":
            self.jobs.start(key, "render", ["render"])
        elif action in ("run", "stress"):
            solution = form.get("solution", "")
            if solution not in views_more.solutions(load_problem(root)):
                raise ValueError(f"{solution!r} is not one of the package's solutions")
            if action == "run":
                self.jobs.start(key, f"judge {solution}", ["judge", solution])
            else:
                seconds = form.get("seconds", "10")
                self.jobs.start(key, f"stress {solution}", ["stress", solution, "--seconds",
                                                            str(max(1.0, min(float(seconds), 600.0)))])
        elif action == "stress-add":
            self.jobs.start_call(key, "stress --add", lambda: self._add(root, form))
        else:
            raise ValueError(f"no action {action!r}")
        return action

    def _add(self, root: Path, form: dict[str, str]) -> str:
        """What `stress --add NAME` does with a counterexample, for one already kept under build/stress/."""
        from ..problem import load_problem
        from ..sandbox import require_isolation, set_isolation
        from ..strength import add_copy_test

        stem, name = form.get("stem", ""), form.get("name", "")
        parts = stem.split("/")   # STEM, or SOLUTION/STEM as `ojpack stress` keeps them: nothing else
        path = inside(root, f"build/stress/{stem}.in")
        if len(parts) > 2 or not all(parts) or {".", ".."} & set(parts) or path is None or not path.is_file():
            raise OjpackError(f"no counterexample {stem!r} under build/stress/")
        set_isolation(not self.jobs.no_sandbox)
        if not self.jobs.no_sandbox:
            require_isolation()
        added = add_copy_test(load_problem(root), name, path.read_bytes())
        return f"added tests.{added.group}: {added.name}; run `ojpack build --update-lock` to carry it"
