"""Whether programs run in the cage (launch.c's `cage` mode), what is missing when they cannot, and
which host paths a run's cage shows.

The cage is on by default; `set_isolation(False)` (the commands' --no-sandbox) runs programs
unisolated, as before, with a warning printed by the command."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from ..errors import OjpackError
from . import spawn
from .launch import launcher, skeleton
from .limits import RunLimits

NOBODY = 65534               # the uid and gid programs run as, inside and outside the cage
SCRATCH_MIB = 64             # the cage's private /tmp (also its working directory): a tmpfs this big
# Never worth a bind: the cage has its own /usr, /etc, /dev, /proc and /tmp.
_SYSTEM = ("/usr/", "/etc/", "/dev/", "/proc/", "/sys/")
# Host folders the cage shows its own of: a file the run needs there (a submission under /dev/shm) is shown
# at HOST + its path instead (launch.c binds /.ojpack-host/x from the host's /x), and argv says so.
_REPLACED = ("/etc/", "/dev/")
HOST = "/.ojpack-host"

_state = {"enabled": True}


class SandboxUnavailable(OjpackError):
    """Programs cannot be isolated on this machine, and the user did not opt out."""


def set_isolation(enabled: bool) -> None:
    _state["enabled"] = enabled


def isolation_enabled() -> bool:
    return _state["enabled"]


_probe_lock = threading.Lock()


def isolation_problem() -> str | None:
    """None when the cage works here, else what is missing and how to get it."""
    with _probe_lock:   # build's worker threads may all ask first; one probe answers them
        return _probe()


@cache
def _probe() -> str | None:
    if launcher() is None:
        return "no C compiler to build the sandbox helper: install gcc (apt-get install gcc)"
    try:
        if int(Path("/proc/sys/user/max_user_namespaces").read_text()) == 0:
            return "user namespaces are disabled: sysctl -w user.max_user_namespaces=15000"
    except (OSError, ValueError):
        return "this kernel has no user namespaces (CONFIG_USER_NS)"
    helper = launcher()
    assert helper is not None
    try:
        with open(os.devnull, "rb") as null_in, open(os.devnull, "wb") as null_out:
            fds = (null_in.fileno(), null_out.fileno(), null_out.fileno())
            killed, status, _, _ = spawn.run_cage(helper, skeleton(), ["/bin/true"], "/tmp", [], fds,
                                                  RunLimits(1.0, 5.0, None, None), None, False, 1 << 20)
    except OSError as e:
        return (f"cannot make the sandbox here ({e}); user namespaces may be restricted: check sysctl "
                "user.max_user_namespaces, kernel.unprivileged_userns_clone, kernel.apparmor_restrict_unprivileged_userns")
    if killed or status != 0:
        return f"a test program in the sandbox failed (wait status {status})"
    return None


def require_isolation() -> None:
    """Raise one clear error when programs must be isolated and cannot be."""
    if not isolation_enabled():
        return
    problem = isolation_problem()
    if problem:
        raise SandboxUnavailable(f"sandbox unavailable: {problem}. "
                                 "Pass --no-sandbox to run programs without isolation (unsafe for untrusted code).")


def cage_path(arg: str) -> str:
    """Where the cage shows the host path `arg`: itself, or for a file or folder under a host folder the
    cage replaces with its own (/dev/shm, /etc), HOST + its real path. Anything else (/dev/null,
    /dev/stdin, a relative path, an option) is left as it is."""
    if not arg.startswith(_REPLACED):
        return arg
    real = os.path.realpath(arg)
    return HOST + real if real.startswith(_REPLACED) and (os.path.isfile(real) or os.path.isdir(real)) else arg


SCRIPTED_PREFIX = "scripted-"   # the folder a build/run program is built in (scripted.py), named by its key


def cage_binds(argv: Iterable[str], readable: Iterable[Path | str], writable: Iterable[Path | str]) -> list[str]:
    """The launcher's r:/w: arguments: the paths a run's argv names (its binary, its sources, a Java
    class folder, a checker's input and answer), the interpreter's own installation when it lives
    outside /usr, and what the caller adds. Each shows at its own host path, but for those `cage_path`
    moves (argv then names them by it). A path inside another bound path of the same kind is not bound twice."""
    args = list(argv)
    ro: set[str] = set()
    rw = {_real(p) for p in writable}
    if args:
        exe = _real(args[0])
        if os.path.isabs(exe) and not exe.startswith(_SYSTEM):
            # An installed interpreter (pyenv's python) needs its prefix: bin/python3.11 -> the version
            # dir with its lib/; any other binary (a compiled program) is shown alone.
            in_bin = os.path.basename(os.path.dirname(exe)) == "bin"
            prefix = os.path.dirname(os.path.dirname(exe))
            ro.add(prefix if in_bin and prefix not in ("", "/") else exe)
            if os.path.basename(os.path.dirname(exe)).startswith(SCRIPTED_PREFIX):   # a build/run program sees
                ro.add(os.path.dirname(exe))                                          # its whole built folder
    for arg in args:
        if arg.startswith("/") and os.path.exists(arg):
            ro.add(_real(arg.rstrip("/") or "/"))
    ro |= {_real(p) for p in readable}
    ro = {p for p in ro if (not p.startswith(_SYSTEM) or cage_path(p) != p) and p not in ("/", "/tmp") and p not in rw}
    rw = {cage_path(p) for p in rw}
    ro = {cage_path(p) for p in ro} - rw
    out = [f"r:{p}" for p in _outermost(ro)] + [f"w:{p}" for p in _outermost(rw)]
    return out


def _real(path: Path | str) -> str:
    """os.path.realpath in three system calls, not one per component: each call lets another thread take
    the interpreter's lock, and stress's input maker, which holds it while it works, then keeps it up to
    the switch interval (5 ms). A path that cannot be opened goes the long way."""
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except (OSError, ValueError):
        return os.path.realpath(path)
    try:
        real = os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        real = ""
    finally:
        os.close(fd)
    return real if real.startswith("/") and not real.endswith(" (deleted)") else os.path.realpath(path)


def _outermost(paths: set[str]) -> list[str]:
    """Parents before children, and children of an already listed path dropped."""
    kept: list[str] = []
    for p in sorted(paths, key=lambda s: (s.count("/"), s)):
        if not any(p.startswith(k.rstrip("/") + "/") for k in kept):
            kept.append(p)
    return kept


def hand_over(paths: Iterable[Path]) -> None:
    """A writable bind must be writable by the cage's uid (rootless: it is this user already)."""
    if os.geteuid() != 0:
        return
    for p in paths:
        os.chown(p, NOBODY, NOBODY)


def take_back(folder: Path) -> None:
    """Give what a caged program wrote back to root, so the cache holds no file a cage could own
    (rootless: the cage's uid is this user's own, so there is no one to take it back from)."""
    if os.geteuid() != 0:
        return
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in (*dirnames, *filenames):
            os.chown(os.path.join(dirpath, name), 0, 0, follow_symlinks=False)
    os.chown(folder, 0, 0)
