"""The exec helper's Python side: build launch.c once per machine and say where the binary is.

Spawning through the helper (it sets the limits, joins the cgroup and execs the program) lets Python
use vfork instead of fork + preexec_fn, which is most of the runner's overhead."""

from __future__ import annotations

import hashlib
import shutil
import stat
import os
import subprocess
import tempfile
from functools import cache
from importlib import resources
from pathlib import Path

from ..errors import OjpackError
from ..interrupt import machine_tempdir, private_folder
from . import spawn
from .rootless import device_stand_in, is_rootless


@cache
def helper_folder() -> Path:
    """Where the helper and the cage's skeleton live: $TMPDIR/ojpack-EUID, shared by this user's runs, when
    only this user can write it; else (another user made it first, to plant a launcher that root would
    run) a fresh folder private to this process. A temporary folder in which another user could swap
    either out is refused."""
    parent = Path(os.path.realpath(machine_tempdir()))
    if not all(_safe_parent(p) for p in (parent, *parent.parents)):
        raise OjpackError(f"sandbox: another user can change what is in {parent} (the temporary folder, where "
                          "the sandbox's helper is kept); point TMPDIR at a folder only you can write")
    folder = parent / f"ojpack-{os.geteuid()}"
    try:
        folder.mkdir(mode=0o700)
    except OSError:
        pass   # there already (checked below), or not makeable
    return folder if _ours(folder) else Path(private_folder(str(parent)))


def _ours(path: Path, kind: int = stat.S_IFDIR) -> bool:
    """Not a symlink, of the kind expected, owned by us and writable by nobody else."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return stat.S_IFMT(st.st_mode) == kind and st.st_uid == os.geteuid() and not st.st_mode & 0o022


def _safe_parent(path: Path) -> bool:
    """Nobody else can rename what is in it: owned by root or us, and writable by others only when sticky."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return st.st_uid in (0, os.geteuid()) and (not st.st_mode & 0o022 or bool(st.st_mode & stat.S_ISVTX))


def binary_name(source: bytes) -> str:
    return f"launch-{hashlib.sha256(source).hexdigest()[:16]}"


@cache
def launcher() -> str | None:
    """The compiled exec helper (launch.c), built once per machine into `helper_folder`; None without gcc.
    It is built under a temporary name and renamed into place inside that checked folder."""
    source = resources.files("ojpack.sandbox").joinpath("launch.c").read_bytes()
    folder = helper_folder()
    binary = folder / binary_name(source)
    if _ours(binary, stat.S_IFREG) and os.access(binary, os.X_OK):
        return str(binary) if _works(binary) else None
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        src, out = Path(tmp, "launch.c"), Path(tmp, "launch")
        src.write_bytes(source)
        for static in (["-static"], []):   # static starts fastest; not every libc ships libc.a
            try:
                made = subprocess.run(["gcc", "-O2", *static, "-o", str(out), str(src)], capture_output=True)
            except OSError:
                return None
            if made.returncode == 0:
                os.replace(out, binary)
                return str(binary) if _works(binary) else None
    return None


def _works(binary: Path) -> bool:
    """A temp dir mounted noexec would make every run fail; then runs go the slow way instead."""
    try:
        return subprocess.run([str(binary)], capture_output=True).returncode == 122   # its usage message
    except OSError:
        return False


# What the cage's /etc holds: a minimal passwd/group, the loader's cache, the alternatives symlinks
# (java, javac, cc...), the JDK's configuration that its conf/ links into /etc, and Mono's (its machine.config:
# without it mcs finds no source file) and Free Pascal's (fpc.cfg, a link to fpc-<version>.cfg: the unit paths).
_ETC_COPIES = ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "alternatives", "localtime", "mono", "fpc.cfg")
_ETC_GLOBS = ("java-*-openjdk", "fpc-*.cfg")
_PASSWD = "root:x:0:0:root:/root:/usr/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n"
_GROUP = "root:x:0:\nnogroup:x:65534:\n"
_DEVICES = {"null": 3, "zero": 5, "full": 7, "random": 8, "urandom": 9}   # char major 1


def _etc_names(host: Path) -> list[str]:
    names = [n for n in _ETC_COPIES if os.path.lexists(host / n)]
    return names + sorted(p.name for g in _ETC_GLOBS for p in host.glob(g))


def host_state(host: Path = Path("/etc")) -> list[tuple[str, int, int]]:
    """What the copies are made from, as it is now: a language installed later adds a link to
    /etc/alternatives (the folder's mtime moves) or a file of its own, so it gets a new skeleton."""
    out = []
    for name in _etc_names(host):
        st = os.lstat(host / name)
        out.append((name, st.st_mtime_ns, st.st_size))
    return out


def skeleton_name() -> str:
    recipe = repr((_ETC_COPIES, _ETC_GLOBS, _PASSWD, _GROUP, sorted(_DEVICES.items()), is_rootless(),
                   host_state())).encode()
    return f"cage-{hashlib.sha256(recipe).hexdigest()[:16]}"


@cache
def skeleton() -> str:
    """The cage's prepared /etc and /dev (device nodes can only be made out here, as root), built once
    per machine in `helper_folder`; the launcher binds them read-only into every cage."""
    folder = helper_folder()
    target = folder / skeleton_name()
    if _ours(target) and (target / "ok").is_file():
        return str(target)
    work = Path(tempfile.mkdtemp(dir=folder))
    etc, dev = work / "etc", work / "dev"
    etc.mkdir()
    dev.mkdir()
    (etc / "passwd").write_text(_PASSWD)
    (etc / "group").write_text(_GROUP)
    (etc / "hosts").write_text("127.0.0.1 localhost\n")
    host = Path("/etc")
    for name in _etc_names(host):
        src = host / name
        if src.is_dir() and not src.is_symlink():
            shutil.copytree(src, etc / name, symlinks=True, ignore_dangling_symlinks=True)
        else:
            shutil.copy2(src, etc / name, follow_symlinks=False)
    rootless = is_rootless()
    for name, minor in _DEVICES.items():
        if rootless:
            device_stand_in(dev / name)
            continue
        os.mknod(dev / name, 0o666 | stat.S_IFCHR, os.makedev(1, minor))
        os.chmod(dev / name, 0o666)
    for name, fd in (("stdin", 0), ("stdout", 1), ("stderr", 2)):
        os.symlink(f"/proc/self/fd/{fd}", dev / name)
    os.symlink("/proc/self/fd", dev / "fd")
    for d in (work, etc, dev):
        os.chmod(d, 0o755)
    (work / "ok").touch()
    try:
        os.rename(work, target)
    except OSError:   # another process made the same skeleton first
        shutil.rmtree(work, ignore_errors=True)
    return str(target)


def start_helper(args: list[str], fds: tuple[int, ...]) -> int | None:
    """posix_spawn the exec helper in one of its own modes (the interactive relay) with `fds` as its 0, 1,
    2...; its pid, or None when there is no helper (no C compiler)."""
    helper = launcher()
    return None if helper is None else spawn._spawn([helper, *args], fds, spawn.CAGE_ENVIRON)


def helper_available() -> bool:
    return launcher() is not None
