"""Cages prepared ahead: a few per worker thread, each for one set of binds, reused run after run.

A one-shot cage (spawn.run_cage) starts the exec helper, makes a user namespace and its maps, binds the
run's paths into a fresh root and unmounts the old one, for every run. A pooled cage (launch.c's pool
mode) does that once for a set of binds and then serves runs: each gets fresh pid, ipc and uts namespaces,
its own copy of the mount tree with a fresh /tmp and /proc, and the same limits and report as a one-shot
cage, so nothing of one run reaches the next. Runs whose binds differ (a checker's temporary folder) just
make another cage; the thread keeps the most recently used `KEEP`. Not pooled: runs with a detached mount
(a capped feedback folder) and cgroup v2 runs (see `poolable`)."""

from __future__ import annotations

import os
import select
import signal
import stat
import socket
import threading
import weakref
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from . import cgroups, spawn
from .isolation import HOST
from .limits import RunLimits, fsize, num, rlimits

KEEP = 4   # prepared cages per worker thread: a solution, a reference, a validator, a generator

_local = threading.local()


@dataclass(frozen=True)
class _Prepared:
    pid: int
    sock: socket.socket

    def close(self) -> None:
        """End the pool's helper; a run's keeper and init die with it (PR_SET_PDEATHSIG)."""
        self.sock.close()
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass


def poolable(cage: object, mounts: Sequence[tuple[str, int]]) -> bool:
    """A detached mount is the run's own; a cgroup v2 run is proven only one-shot (bench/cgroup_v2_vm.py).
    OJPACK_CAGE_POOL=0 starts a one-shot cage for every run (to compare, or should a kernel refuse it)."""
    return os.environ.get("OJPACK_CAGE_POOL", "1") != "0" and not mounts and (cage is None or isinstance(cage, cgroups.Cage))


def run_pooled(helper: str, skeleton: str, argv: Sequence[str], cwd: str, binds: Sequence[str],
               fds: tuple[int, int, int], limits: RunLimits, cage: cgroups.Cage | None, address_space: bool,
               scratch_bytes: int, spawned: spawn.Spawned = spawn.nothing) -> spawn.Outcome:
    """spawn.run_cage's run, in this thread's prepared cage for these binds (made now when there is none)."""
    shown = [b for b in binds if not b.startswith(("n:", "k:"))]
    nproc = next((b[2:] for b in binds if b.startswith("n:")), None)
    mem_cap = next((b[2:] for b in binds if b.startswith("k:")), "0")   # rlimits mode: init's memory watch
    netns = spawn.worker_netns()
    key = (helper, skeleton, scratch_bytes, netns, _identities(shown), *shown)
    cpu, out, mem, as_bytes = rlimits(limits, cage, address_space)
    tasks = cage.task_files() if cage else ("-", "-")
    # rootless: + the run's keeper, counted with init and the program under the one uid (launch.c's keep_run)
    keeper = 1 if os.geteuid() != 0 else 0
    fields = [str(round(limits.cpu * 1000)), str(round(limits.wall * 1000)), fsize(limits, out), num(mem), num(as_bytes),
              "-" if nproc is None else str(int(nproc) + keeper), mem_cap, *tasks, cwd, *argv]
    request = b"\0".join(f.encode() for f in fields)
    for attempt in range(2):
        prepared = _prepared(key)
        try:
            if _hung_up(prepared.sock):
                raise ConnectionResetError
            socket.send_fds(prepared.sock, [request], list(fds))
        except OSError:   # its helper is gone (killed while it waited): the run never started there
            _forget(prepared)
            if attempt:
                raise spawn.CageError("sandbox: the pooled cage ended") from None
            continue
        break
    spawned()
    try:
        text = prepared.sock.recv(4096).decode(errors="replace").strip()
    except BaseException:
        _forget(prepared)
        raise
    if not text or text.startswith("E "):
        _forget(prepared)
        raise spawn.CageError(f"sandbox: {text[2:] if text else 'the pooled cage ended'}")
    killed, status, utime, stime, maxrss, all_cpu = map(int, text.split())
    return killed == 1, status, max(utime + stime, all_cpu) / 1e6, maxrss / 1024


def _hung_up(sock: socket.socket) -> bool:
    """An idle prepared cage says nothing: anything to read, or a hang-up, means its helper is gone."""
    waiter = select.poll()
    waiter.register(sock, select.POLLIN)
    return bool(waiter.poll(0))


def _identities(binds: Sequence[str]) -> tuple[tuple[int, int, int, int], ...]:
    """What each bind shows now: a prepared cage keeps showing the file or folder it bound, so a path
    replaced or rewritten since (a source saved anew, a rebuilt binary renamed into place) gets a new
    cage rather than the old file."""
    seen = []
    for bind in binds:
        path = bind[2:]
        try:
            st = os.stat(path[len(HOST):] if path.startswith(HOST + "/") else path)
        except OSError:
            seen.append((0, 0, 0, 0))   # a missing source: the cage's builder says so
            continue
        live = stat.S_ISDIR(st.st_mode)   # a bound folder shows its current files
        seen.append((st.st_dev, st.st_ino, 0 if live else st.st_mtime_ns, 0 if live else st.st_size))
    return tuple(seen)


def _cages() -> OrderedDict[tuple, _Prepared]:
    cages = getattr(_local, "cages", None)
    if cages is None:
        cages = _local.cages = OrderedDict()
        weakref.finalize(threading.current_thread(), _close_all, cages)
    return cages


def _prepared(key: tuple) -> _Prepared:
    cages = _cages()
    if key in cages:
        cages.move_to_end(key)
        return cages[key]
    while len(cages) >= KEEP:
        cages.popitem(last=False)[1].close()
    cages[key] = made = _start(key)
    return made


def _start(key: tuple) -> _Prepared:
    helper, skeleton, scratch_bytes, netns, _, *binds = key
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    null = os.open(os.devnull, os.O_RDWR | os.O_CLOEXEC)
    try:
        fds = (null, null, null, theirs.fileno(), *(() if netns is None else (netns,)))
        pid = spawn._spawn([helper, "pool", skeleton, str(scratch_bytes), "-" if netns is None else "4", *binds],
                           fds, spawn.CAGE_ENVIRON)
    finally:
        os.close(null)
        theirs.close()
    made = _Prepared(pid, ours)
    said = ours.recv(4096).decode(errors="replace").strip()
    if said != "ok":
        made.close()
        raise spawn.CageError(f"sandbox: {said[2:] if said.startswith('E ') else 'the pooled cage did not start'}")
    return made


def _forget(prepared: _Prepared) -> None:
    cages = _cages()
    for key, kept in list(cages.items()):
        if kept is prepared:
            del cages[key]
    prepared.close()


def _close_all(cages: OrderedDict[tuple, _Prepared]) -> None:
    for prepared in cages.values():
        try:
            prepared.close()
        except OSError:
            pass
    cages.clear()


def pooled_cages() -> int:
    """How many prepared cages this thread holds (for tests and benches)."""
    return len(_cages())
