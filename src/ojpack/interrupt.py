"""Ctrl-C and SIGTERM: stop at once, whatever is running.

A build or check waits on worker threads that wait on sandboxed programs in sessions of their own, out of
reach of the terminal's Ctrl-C; unwinding politely would wait for all of them. So the handler kills every
process this one started (any depth, whatever signals they ignore), runs the registered clean-ups, prints
one line and exits 130 without unwinding. Code that must not be cut in half (swapping data/ in and
writing the lock) runs inside `critical()`: a signal there takes effect when it ends.

Since an interrupted process does not unwind, no `finally` removes its temporary files: every one goes into
a folder private to the process (`private_folder`, and `private_tempdir` points Python's tempfile there),
which the clean-ups, a normal exit, or the next ojpack (when this one was SIGKILLed) remove."""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

EXIT_CODE = 130
_cleanups: list[Callable[[], None]] = []
_state = {"critical": 0, "pending": 0}
_MACHINE_TMP = tempfile.gettempdir()   # read before private_tempdir() points tempfile elsewhere
_private: dict[str, str] = {}
_private_lock = threading.Lock()


PARENT_ENV = "OJPACK_END_WITH_PARENT"


def install() -> None:
    """Take over SIGINT and SIGTERM (main thread only; call before anything slow), and adopt orphans."""
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, _handler)
    _adopt_orphans()
    if (parent := os.environ.pop(PARENT_ENV, "")).isdigit():
        _end_with(int(parent))


def _adopt_orphans() -> None:
    """A helper's child whose own parent ended first (a pooled cage's keeper or init, rarely, on a loaded
    machine) comes to this process instead of to the host's init or an outer subreaper that may never reap
    it; `end_children` then reaps it with the rest before the exit."""
    import ctypes

    pr_set_child_subreaper = 36
    ctypes.CDLL(None, use_errno=True).prctl(pr_set_child_subreaper, 1, 0, 0, 0)


def end_children(grace: float = 5.0) -> int:
    """The command's last step: every child still there (a helper its thread's clean-up missed, an orphan
    adopted above) is stopped and reaped (`stop_children`). Returns how many there were."""
    found = [pid for pid, _ in _descendants(os.getpid(), children_only=True)]
    stop_children(found, grace)
    return len(found)


def stop_children(pids: list[int], grace: float = 5.0) -> None:
    """End children of ours and reap them: SIGTERM first, on which the cage and pool helpers kill and reap
    their own children (SIGKILL would leave those to the host's init as zombies), SIGKILL for any still
    there after `grace` seconds."""
    left = pids
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in left:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        left = unreaped_after(left, grace)
        if not left:
            return


def unreaped_after(pids: list[int], seconds: float) -> list[int]:
    """Reap each of our children `pids` once it has exited, waiting up to `seconds`; those still running."""
    deadline = time.monotonic() + seconds
    while True:
        pids = [pid for pid in pids if not _reaped(pid)]
        if not pids or time.monotonic() >= deadline:
            return pids
        time.sleep(0.002)


def _reaped(pid: int) -> bool:
    try:
        return os.waitpid(pid, os.WNOHANG)[0] == pid
    except ChildProcessError:
        return True   # reaped already


def _end_with(parent: int) -> None:
    """A command started by another ojpack (the workbench's jobs) gets SIGTERM when that one dies, even by
    SIGKILL, and so stops and cleans up as on Ctrl-C: a job runs in a session of its own (the workbench
    stops it by its group), out of reach of the signals that end its parent's group."""
    import ctypes

    pr_set_pdeathsig = 1
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(pr_set_pdeathsig, signal.SIGTERM, 0, 0, 0)
    if os.getppid() != parent:   # it died before the tie was made
        os.kill(os.getpid(), signal.SIGTERM)


@contextmanager
def on_interrupt(cleanup: Callable[[], None]) -> Iterator[None]:
    """Run `cleanup` if the process is interrupted inside the block."""
    _cleanups.append(cleanup)
    try:
        yield
    finally:
        _cleanups.remove(cleanup)


@contextmanager
def critical() -> Iterator[None]:
    """A signal arriving inside the block stops the process only once the block is done."""
    _state["critical"] += 1
    try:
        yield
    finally:
        _state["critical"] -= 1
        if _state["pending"] and not _state["critical"]:
            _stop(_state["pending"])


def machine_tempdir() -> str:
    """The system's temporary folder: for what outlives one process (the sandbox helper, its skeleton)."""
    return _MACHINE_TMP


def private_folder(parent: str) -> str:
    """This process's own folder under `parent`, made on first use and removed at exit or interrupt.
    Folders that dead processes left there (SIGKILL runs no clean-up) are removed first."""
    with _private_lock:
        if parent not in _private:
            for stale in Path(parent).glob("ojpack-p*-*"):
                pid = stale.name.split("-")[1][1:]
                if pid.isdigit() and not Path(f"/proc/{pid}").exists():
                    shutil.rmtree(stale, ignore_errors=True)
            folder = tempfile.mkdtemp(prefix=f"ojpack-p{os.getpid()}-", dir=parent)
            _private[parent] = folder
            remove = _remover(folder)
            atexit.register(remove)
            _cleanups.insert(0, remove)   # run last of the clean-ups: theirs may still use it
        return _private[parent]


def memory_scratch() -> str | None:
    """This process's own folder on tmpfs when the host has one (else None: the temporary folder), for
    files written and read right back by the thousand: a run's output, a stress case. On a disk's file
    system creating and removing them costs ~0.3 ms each; on tmpfs ~0.03 ms."""
    shm = "/dev/shm"
    return private_folder(shm) if os.path.isdir(shm) and os.access(shm, os.W_OK) else None


def private_tempdir() -> str:
    """Point `tempfile` (every mkdtemp, TemporaryDirectory, mkstemp without a dir) at this process's own
    folder under the system's temporary folder; for the command line, not for library callers."""
    tempfile.tempdir = private_folder(_MACHINE_TMP)
    return tempfile.tempdir


def _remover(folder: str) -> Callable[[], None]:
    def remove() -> None:
        if os.getpid() == int(Path(folder).name.split("-")[1][1:]):   # never from a forked child
            shutil.rmtree(folder, ignore_errors=True)
    return remove


def _handler(signum: int, _frame: object) -> None:
    if _state["critical"]:
        _state["pending"] = signum
        return
    _stop(signum)


def _stop(signum: int) -> None:
    for sig in (signal.SIGINT, signal.SIGTERM):   # a second Ctrl-C must not cut the clean-up short
        signal.signal(sig, signal.SIG_IGN)
    killed = kill_descendants()
    for cleanup in reversed(_cleanups):
        try:
            cleanup()
        except Exception:   # noqa: BLE001 - best effort: the exit matters more
            pass
    name = "Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name
    if sys.stderr.isatty():
        sys.stderr.write("\x1b[?25h\n")   # a live progress bar may have hidden the cursor
    sys.stderr.write(f"interrupted ({name}): stopped {killed} running program(s); data/ left as it was\n")
    sys.stderr.flush()
    os._exit(EXIT_CODE)


def kill_descendants() -> int:
    """SIGKILL every process below this one, and the process groups they lead; returns how many."""
    me, seen = os.getpid(), set()
    mine = os.getpgid(0)
    for _ in range(3):   # a process forking while we scan shows up on the next pass
        found = [(pid, pgid) for pid, pgid in _descendants(me) if pid not in seen]
        if not found:
            break
        for pid, pgid in found:
            seen.add(pid)
            for kill, target in ((os.killpg, pgid), (os.kill, pid)):
                if kill is os.killpg and target == mine:
                    continue
                try:
                    kill(target, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
    return len(seen)


def _descendants(root: int, children_only: bool = False) -> list[tuple[int, int]]:
    """(pid, process group) of every process below `root`, or of its children only."""
    children: dict[int, list[tuple[int, int]]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        children.setdefault(int(fields[1]), []).append((int(entry), int(fields[2])))
    out, todo = [], [root]
    while todo:
        for pid, pgid in children.get(todo.pop(), []):
            out.append((pid, pgid))
            if not children_only:
                todo.append(pid)
    return out
