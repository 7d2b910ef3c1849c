"""Work the workbench starts: each an `ojpack` command run as its own process, exactly as the CLI runs it
(same functions, same cage and limits), one at a time per package, its progress told to every open page."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import outcome_line
from ..interrupt import PARENT_ENV

LINES_KEPT = 200


class Hub:
    """Server-sent events to every open page: each subscriber gets its own queue."""

    def __init__(self) -> None:
        self._queues: set[asyncio.Queue[str]] = set()

    def publish(self, event: str, data: dict[str, Any]) -> None:
        message = f"event: {event}\ndata: {json.dumps(data)}\n\n"
        for q in list(self._queues):
            if q.qsize() < 500:   # a page that stopped reading loses events, not the server's memory
                q.put_nowait(message)

    def subscribe(self) -> asyncio.Queue[str]:
        q: asyncio.Queue[str] = asyncio.Queue()
        self._queues.add(q)
        return q

    def unsubscribe(self, q: asyncio.Queue[str]) -> None:
        self._queues.discard(q)


@dataclass
class Job:
    key: str
    title: str
    started: float
    lines: list[str] = field(default_factory=list)
    code: int | None = None


class Busy(Exception):
    """A job already runs on this package."""


class Jobs:
    """At most one job per package at a time (the lock), and at most one follow-up waiting behind it."""

    def __init__(self, hub: Hub, roots: dict[str, Path], no_sandbox: bool = False) -> None:
        self.hub = hub
        self.roots = roots
        self.no_sandbox = no_sandbox
        self.current: dict[str, Job] = {}
        self.last: dict[str, Job] = {}
        self._locks = {key: asyncio.Lock() for key in roots}
        self._pending: dict[str, tuple[str, list[str]]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._procs: set[asyncio.subprocess.Process] = set()

    def busy(self, key: str) -> bool:
        return self._locks[key].locked()

    def start(self, key: str, title: str, args: list[str]) -> None:
        """Start `ojpack ARGS -p ROOT` now; Busy when a job already runs on the package."""
        if self.busy(key):
            raise Busy(self.current[key].title if key in self.current else "a job")
        self._spawn(self._run(key, title, args))

    def start_call(self, key: str, title: str, call: Callable[[], str]) -> None:
        """Run `call` (a function of the toolkit, in a thread) as the package's job; it returns one line."""
        if self.busy(key):
            raise Busy(self.current[key].title if key in self.current else "a job")
        self._spawn(self._call(key, title, call))

    def queue(self, key: str, title: str, args: list[str]) -> None:
        """Start now, or once the running job ends (a later request replaces an earlier waiting one)."""
        if self.busy(key):
            self._pending[key] = (title, args)
        else:
            self.start(key, title, args)

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, key: str, title: str, args: list[str]) -> None:
        async with self._locks[key]:
            job = self._begin(key, title)
            argv = [sys.executable, "-m", "ojpack", *args, "-p", str(self.roots[key])]
            if self.no_sandbox:
                argv.append("--no-sandbox")
            # no COLUMNS: with no terminal either, each message stays one line (the job line shows one whole)
            env = {**{k: v for k, v in os.environ.items() if k != "COLUMNS"}, "NO_COLOR": "1",
                   PARENT_ENV: str(os.getpid())}
            proc = await asyncio.create_subprocess_exec(*argv, stdin=asyncio.subprocess.DEVNULL,
                                                        stdout=asyncio.subprocess.PIPE,
                                                        stderr=asyncio.subprocess.STDOUT, env=env,
                                                        cwd=self.roots[key],   # paths as the package names them
                                                        start_new_session=True)
            self._procs.add(proc)
            try:
                assert proc.stdout is not None
                async for raw in proc.stdout:
                    self._line(job, raw.decode("utf-8", errors="replace").rstrip())
                job.code = await proc.wait()
            finally:
                self._procs.discard(proc)
            self._end(job)
        await self._next(key)

    async def _call(self, key: str, title: str, call: Callable[[], str]) -> None:
        from ..errors import OjpackError

        async with self._locks[key]:
            job = self._begin(key, title)
            try:
                self._line(job, await asyncio.to_thread(call))
                job.code = 0
            except OjpackError as e:
                self._line(job, f"error: {e}")
                job.code = 1
            self._end(job)
        await self._next(key)

    def _begin(self, key: str, title: str) -> Job:
        job = self.current[key] = Job(key, title, time.monotonic())
        self.hub.publish("job", self._state(job, "running"))
        return job

    def _line(self, job: Job, line: str) -> None:
        if not line.strip():
            return
        job.lines = [*job.lines[-LINES_KEPT + 1:], line]
        self.hub.publish("job", self._state(job, "running"))

    def _end(self, job: Job) -> None:
        del self.current[job.key]
        self.last[job.key] = job
        self.hub.publish("job", self._state(job, "done" if job.code == 0 else "failed"))
        self.hub.publish("changed", {"key": job.key})

    async def _next(self, key: str) -> None:
        if key in self._pending:
            title, args = self._pending.pop(key)
            self.start(key, title, args)

    def _state(self, job: Job, state: str) -> dict[str, Any]:
        line = "" if not job.lines else job.lines[-1] if state == "running" else outcome_line(job.lines)
        return {"key": job.key, "title": job.title, "state": state, "code": job.code,
                "line": line[:600], "seconds": round(time.monotonic() - job.started, 1)}

    def state(self, key: str) -> dict[str, Any] | None:
        job = self.current.get(key)
        if job is not None:
            return self._state(job, "running")
        job = self.last.get(key)
        if job is None:
            return None
        return {**self._state(job, "done" if job.code == 0 else "failed"), "seconds": None}

    async def close(self) -> None:
        """Stop every job's process group (its sandboxed children with it) and wait for them."""
        import signal

        for proc in list(self._procs):
            try:
                os.killpg(proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for task in list(self._tasks):
            task.cancel()
        for proc in list(self._procs):
            try:
                await asyncio.wait_for(proc.wait(), 5)
            except asyncio.TimeoutError:
                os.killpg(proc.pid, signal.SIGKILL)
