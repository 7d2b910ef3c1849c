"""Rendering a template under limits: a package's template is a stranger's code, and Jinja's sandbox stops it
from reaching anything, not from running forever (`{% for i in r %}{% for j in r %}...`) or making a string of
gigabytes in one call (`"x" | center(10**10)`). So the render runs in a forked child of this process with a
CPU limit, an address-space cap and a wall clock the parent enforces, and its result (text, or the one error
line) comes back through a pipe, capped in size. A child past a limit is killed and named in one line.

fork, not a fresh interpreter: the child needs only what this process has loaded (Jinja, the context), and a
fresh Python would cost ~0.2 s a render. The child touches no lock another thread may hold (it builds its own
environment, writes to its own pipe) and leaves with os._exit, so none of the parent's exit handlers runs.
Descriptors other threads had open stay open in the child until it exits: a reader waiting there for EOF
waits at most as long as the render (which is what its limits are for)."""

from __future__ import annotations

import os
import pickle
import resource
import select
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass

CPU_SECONDS = 10         # what a render may burn
WALL_SECONDS = 20        # and take, waiting included (a busy machine)
MEMORY_BYTES = 1 << 30   # what it may add to this process's address space
MAX_TEXT = 8 << 20       # characters of the rendered statement (a real one has a few thousand)
_OUT_OF_MEMORY, _TOO_LONG = 3, 4   # the child's exit statuses past those


@dataclass(frozen=True)
class Outcome:
    """What the child sent: the text, or the one error line (`error`) that the template's mistake gives."""
    text: str | None
    error: str | None


class RenderLimit(Exception):
    """The render went past a limit; the message says which."""


def bounded(render: Callable[[], Outcome]) -> Outcome:
    """`render()` in a child process under CPU_SECONDS, WALL_SECONDS and MEMORY_BYTES; RenderLimit past one."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:   # the child: never returns
        os.close(read_end)
        _child(render, write_end)
    os.close(write_end)
    try:
        data = _collect(read_end, pid)
    finally:
        os.close(read_end)
        _, status = os.waitpid(pid, 0)
    if data is None:
        raise RenderLimit(f"the template ran past its time limit ({CPU_SECONDS} s of CPU, {WALL_SECONDS} s in all)")
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0 or not data:
        cause = (f"signal {signal.Signals(os.WTERMSIG(status)).name}" if os.WIFSIGNALED(status)
                 else f"exit status {os.waitstatus_to_exitcode(status)}")
        if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGXCPU:
            raise RenderLimit(f"the template ran past its time limit ({CPU_SECONDS} s of CPU)")
        if os.WIFEXITED(status) and os.WEXITSTATUS(status) == _OUT_OF_MEMORY:
            raise RenderLimit(f"the template needed more than {MEMORY_BYTES >> 20} MiB of memory")
        if os.WIFEXITED(status) and os.WEXITSTATUS(status) == _TOO_LONG:
            raise RenderLimit(f"the statement is longer than {MAX_TEXT >> 20} M characters")
        raise RenderLimit(f"the template's render died ({cause})")
    outcome = pickle.loads(data)
    assert isinstance(outcome, Outcome)
    return outcome


def _collect(fd: int, pid: int) -> bytes | None:
    """Everything the child writes until EOF; None (and the child killed) past the wall clock."""
    deadline = time.monotonic() + WALL_SECONDS
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    chunks: list[bytes] = []
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            os.kill(pid, signal.SIGKILL)
            return None
        if not poller.poll(left * 1000):
            continue
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def _child(render: Callable[[], Outcome], fd: int) -> None:
    code = 1
    try:   # whatever happens, os._exit: never back into the parent's code, nor its exit handlers
        code = _render_into(render, fd)
    finally:
        os._exit(code)


def _render_into(render: Callable[[], Outcome], fd: int) -> int:
    """Set the limits, render, send the outcome to `fd`; the exit status."""
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS + 1))
    with open("/proc/self/statm") as f:
        size = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    resource.setrlimit(resource.RLIMIT_AS, (size + MEMORY_BYTES, size + MEMORY_BYTES))
    try:
        outcome = render()
    except MemoryError:
        return _OUT_OF_MEMORY
    if outcome.text is not None and len(outcome.text) > MAX_TEXT:
        return _TOO_LONG
    view = memoryview(pickle.dumps(outcome))
    while view:
        view = view[os.write(fd, view):]
    return 0
