"""Cages prepared ahead: a few per worker thread, each for one set of binds, reused run after run.

A one-shot cage (spawn.run_cage) starts the exec helper, makes a user namespace and its maps, binds the
run's paths into a fresh root and unmounts the old one, for every run. A pooled cage (launch.c's pool
mode) does that once for a set of binds and then serves runs: each gets fresh pid, ipc and uts namespaces,
its own copy of the mount tree with a fresh /tmp and /proc, and the same limits and report as a one-shot
cage, so nothing of one run reaches the next. Runs whose binds differ (a checker's temporary folder) just
make another cage; the thread keeps the most recently used `KEEP`. A run's detached mounts (a capped
feedback or working folder: cagefiles.CappedFolder) go with its request, and its init moves them onto its
fresh /tmp, so an interactor, a Kattis-convention checker and a file-I/O run are pooled too, when the
folder lies under /tmp and in no bind. Not pooled: cgroup v2 runs (see `poolable`). A Python run (as root)
gets a cage whose helper keeps the interpreter started and forks it per run (pywarm.py)."""

from __future__ import annotations

import os
import select
import stat
import socket
import threading
import weakref
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from . import cgroups, pywarm, spawn
from .isolation import HOST
from .limits import RunLimits, fsize, num, rlimits

KEEP = 4   # prepared cages per worker thread: a solution, a reference, a validator, a generator
MAX_MOUNTS = 4   # a run's detached mounts (launch.c's MAX_MOUNTS)
_GRACE = 5.0   # seconds a closing helper gets to reap its own children (it needs milliseconds)

_local = threading.local()


@dataclass(frozen=True)
class _Prepared:
    pid: int
    sock: socket.socket

    def close(self, at_once: bool = False) -> None:
        """End the pool's helper and reap it. An idle one ends by itself once its socket closes, after
        reaping its spare keeper and init; `at_once` (a run abandoned midway, Ctrl-C) asks with SIGTERM,
        on which it kills and reaps its run. Only a helper that does neither is killed outright: its
        children would then be left to the host's init, which in a container may never reap them."""
        self.sock.close()
        if not at_once and spawn.exited_within(self.pid, _GRACE):
            return
        spawn.stop(self.pid)


def poolable(cage: object, mounts: Sequence[tuple[str, int]], binds: Sequence[str]) -> bool:
    """A cgroup v2 run is proven only one-shot (bench/cgroup_v2_vm.py). A detached mount's mount point is
    made on the run's fresh /tmp (launch.c's fresh_place): its path must lie there, in no bind (a host folder
    or one every run shares). OJPACK_CAGE_POOL=0 starts a one-shot cage for every run (to compare, or should a
    kernel refuse it)."""
    if os.environ.get("OJPACK_CAGE_POOL", "1") == "0" or not (cage is None or isinstance(cage, cgroups.Cage)):
        return False
    shown = [b[2:] for b in unmounted(binds, mounts) if b.startswith(("r:", "w:"))]
    return len(mounts) <= MAX_MOUNTS and all(_on_fresh_tmp(path, shown) for path, _ in mounts)


def _on_fresh_tmp(path: str, shown: Sequence[str]) -> bool:
    return (path.startswith("/tmp/") and os.path.normpath(path) == path
            and not any(path == b or path.startswith(b.rstrip("/") + "/") for b in shown))


def unmounted(binds: Sequence[str], mounts: Sequence[tuple[str, int]]) -> list[str]:
    """The binds but those a mount covers (a feedback folder's own path, named in argv): the mount hides them,
    and they would name a fresh folder each run, so each run would make a cage of its own."""
    return [b for b in binds if not (b.startswith(("r:", "w:"))
                                     and any(b[2:] == p or b[2:].startswith(p.rstrip("/") + "/") for p, _ in mounts))]


def run_pooled(helper: str, skeleton: str, argv: Sequence[str], cwd: str, binds: Sequence[str],
               fds: tuple[int, int, int], limits: RunLimits, cage: cgroups.Cage | None, address_space: bool,
               scratch_bytes: int, spawned: spawn.Spawned = spawn.nothing,
               mounts: Sequence[tuple[str, int]] = ()) -> spawn.Outcome:
    """spawn.run_cage's run, in this thread's prepared cage for these binds (made now when there is none);
    `mounts` (path, descriptor of a detached mount) as spawn.run_cage's, `binds` without what they cover
    (`unmounted`)."""
    shown = [b for b in binds if not b.startswith(("n:", "k:", "g:", "c:"))]
    nproc = next((b[2:] for b in binds if b.startswith("n:")), None)
    mem_cap = next((b[2:] for b in binds if b.startswith("k:")), "0")   # rlimits mode: init's memory watch
    pin = next((f"@{b[2:]}" for b in binds if b.startswith("c:")), "")   # the program's one CPU (launch.c's pin_cpu)
    netns = spawn.worker_netns()
    warm = pywarm.warm_for(argv)   # a Python run: the cage whose helper keeps the interpreter started
    options = [f"x:{warm.program}", f"v:{warm.version}"] if warm else []
    if warm and not pywarm.fast_exit():
        options.append("e:0")   # its runs end with the full Py_FinalizeEx (pywarm_exit.c's fast_exit off)
    key = (warm.helper if warm else helper, skeleton, scratch_bytes, netns, _identities(shown), *shown, *options)
    cpu, out, mem, as_bytes = rlimits(limits, cage, address_space)
    tasks = cage.task_files() if cage else ("-", "-")
    # rootless: + the run's keeper, counted with init and the program under the one uid (launch.c's keep_run)
    keeper = 1 if os.geteuid() != 0 else 0
    group = ("g" if "g:1" in binds else "s") + ("w" if warm else "")   # w: in the cage's warm Python
    fields = [str(round(limits.cpu * 1000)), str(round(limits.wall * 1000)), fsize(limits, out), num(mem), num(as_bytes),
              "-" if nproc is None else str(int(nproc) + keeper), mem_cap, group + pin, *tasks,
              str(len(mounts)), *(path for path, _ in mounts), cwd, *argv]
    request = b"\0".join(f.encode() for f in fields)
    for attempt in range(2):
        prepared = _prepared(key)
        try:
            if _hung_up(prepared.sock):
                raise ConnectionResetError
            socket.send_fds(prepared.sock, [request], [*fds, *(fd for _, fd in mounts)])
        except OSError:   # its helper is gone (killed while it waited): the run never started there
            _forget(prepared)
            if attempt:
                raise spawn.CageError("sandbox: the pooled cage ended") from None
            continue
        break
    spawned()
    try:
        text = prepared.sock.recv(4096).decode(errors="replace").strip()
    except ConnectionResetError:   # it ended with the request unread (a reset, not an empty answer)
        text = ""
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
    prepared.close(at_once=True)


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
