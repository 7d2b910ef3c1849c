"""Files a caged program leaves for ojpack to read: a checker's or interactor's feedback folder, a proof
generator's batches.

ojpack runs as root and the program is hostile: any such file may be a symbolic link to a host file (a key
under /root, /etc/shadow) whose text would come back in a verdict, a FIFO that blocks the reader, or a file
of gigabytes. `read_cage_file` follows no link and reads a bounded head of regular files only;
`require_regular` checks a folder holds nothing else; `CappedFolder` caps what a program may write into
a folder in total, not per file."""

from __future__ import annotations

import ctypes
import errno
import os
import socket
import stat
import subprocess
import tempfile
import threading
from functools import cache
from pathlib import Path
from types import TracebackType

from ..errors import OjpackError
from .isolation import NOBODY, SandboxUnavailable, isolation_enabled
from .launch import launcher
from .rootless import is_rootless
from .runner import RunLimits, run

FEEDBACK_BYTES = 16 << 20   # what a checker or interactor may write into its feedback folder, all files together
FEEDBACK_FILES = 64         # and how many files (and folders) it may make there

_READ = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC
_FOLDER = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
# Linux's mount API (the same numbers on x86-64 and arm64), and its flags.
_FSOPEN, _FSCONFIG, _FSMOUNT, _OPEN_TREE = 430, 431, 432, 428
_OPEN_TREE_CLONE, _AT_EMPTY_PATH = 1, 0x1000
_SET_STRING, _CMD_CREATE = 1, 6
_NOSUID_NODEV_NOEXEC = 0x2 | 0x4 | 0x8


class CageFileError(OjpackError):
    """A file a caged program left is not a regular file (a symbolic link, a FIFO, a socket, a folder)."""


def read_cage_file(folder_fd: int, name: str, limit: int) -> bytes | None:
    """The first `limit` bytes of the regular file `name` in the folder open at `folder_fd`, None when there
    is no such file. Raises CageFileError for anything else there: it is never followed, nor waited on."""
    if not name or "/" in name or name in (".", ".."):
        raise ValueError(f"not a plain file name: {name!r}")
    try:
        fd = os.open(name, _READ, dir_fd=folder_fd)
    except FileNotFoundError:
        return None
    except OSError as e:   # ELOOP: a symbolic link; ENXIO: a socket
        raise CageFileError(f"{name} is not a regular file"
                            + ("" if e.errno in (errno.ELOOP, errno.ENXIO) else f" ({e.strerror})")) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise CageFileError(f"{name} is not a regular file")
        chunks: list[bytes] = []
        left = limit
        while left > 0 and (chunk := os.read(fd, min(left, 1 << 20))):
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_from(folder: Path, name: str, limit: int) -> bytes | None:
    """`read_cage_file` on a folder given by its path (a folder ojpack made, not the program)."""
    fd = os.open(folder, _FOLDER)
    try:
        return read_cage_file(fd, name, limit)
    finally:
        os.close(fd)


def require_regular(folder: Path) -> None:
    """Every entry of `folder` (written by a caged program, which has ended) is a regular file."""
    fd = os.open(folder, _FOLDER)
    try:
        for entry in os.scandir(fd):
            if not entry.is_file(follow_symlinks=False):
                raise CageFileError(f"{entry.name} is not a regular file")
    finally:
        os.close(fd)


class CappedFolder:
    """A folder a caged program writes, capped in total size and file count: a tmpfs of its own, made
    detached (fsopen/fsmount: never attached anywhere in the host's tree; as a plain user, made by the exec
    helper in a user namespace of its own), moved into the cage at `path` by the exec helper, read by ojpack through its descriptor, and gone with it. Without the cage
    (--no-sandbox) or the mount API, the plain folder at `path`, uncapped. `runs`: how many runs in turn
    will be shown it (a multi-pass problem's passes). Use it as a context manager."""

    def __init__(self, path: Path, size: int = FEEDBACK_BYTES, files: int = FEEDBACK_FILES, runs: int = 1) -> None:
        self.path = path
        self.size = size
        self.files = files
        self.runs = runs
        self._mount: int | None = None
        self._fd = -1
        self._clones: list[int] = []
        self._ahead: list[int] = []   # a plain user's: clones the exec helper made, one per run but the last
        self._handed = False          # a plain user's mount itself went into a cage (the last run's)

    def __enter__(self) -> CappedFolder:
        self.path.mkdir()
        made = _tmpfs(self.size, self.files, self.runs) if isolation_enabled() and _movable() else None
        if made is not None:
            self._mount, *self._ahead = made
        self._fd = self._mount if self._mount is not None else os.open(self.path, _FOLDER)
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        for clone in self._clones + self._ahead:
            os.close(clone)
        os.close(self._fd)

    @property
    def writable(self) -> tuple[Path, ...]:
        """For `run(writable=...)`: the host folder, when it is not a tmpfs of its own."""
        return () if self._mount is not None else (self.path,)

    @property
    def mounts(self) -> tuple[tuple[str, int], ...]:
        """For `run(mounts=...)`: the tmpfs, shown at the folder's own path. Each call hands a fresh clone of
        the mount (a detached mount moves into one cage only), so several runs in turn (a multi-pass
        problem's) see the same files; the clones are closed with the folder. A plain user may clone it only
        where it was made: the exec helper made one for each run but the last, which gets the mount itself."""
        if self._mount is None:
            return ()
        if is_rootless() and not self._ahead:   # the clones used up (or none made: a kernel that cannot clone
            if self._handed:                     # a detached mount), the mount itself goes to one run
                raise SandboxUnavailable(f"sandbox: the feedback folder was made for {self.runs} run(s); a plain "
                                         "user cannot clone its mount for another")
            self._handed = True
            return ((str(self.path), self._mount),)
        if is_rootless():
            clone = self._ahead.pop(0)
        else:
            clone = _libc().syscall(_OPEN_TREE, self._mount, b"", _OPEN_TREE_CLONE | os.O_CLOEXEC | _AT_EMPTY_PATH)
        if clone < 0:
            raise SandboxUnavailable(f"sandbox: cannot clone the feedback folder's mount: "
                                     f"{os.strerror(ctypes.get_errno())}")
        self._clones.append(clone)
        return ((str(self.path), clone),)

    def read(self, name: str, limit: int) -> bytes | None:
        return read_cage_file(self._fd, name, limit)

    def put(self, name: str, source: Path) -> None:
        """Copy the host file `source` into the folder as `name` (a new file, the cage's uid's): a test the
        program opens by name, a copy of its own as on Polygon, so it may even open it for writing."""
        fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644,
                     dir_fd=self._fd)
        try:
            if os.geteuid() == 0:
                os.fchown(fd, NOBODY, NOBODY)
            with open(source, "rb") as src:
                while os.sendfile(fd, src.fileno(), None, 1 << 24):
                    pass
        finally:
            os.close(fd)

    def take(self, name: str, limit: int) -> bytes | None:
        """Read the file `name` (as `read`) and remove it from the folder: a request a program left (Kattis'
        multi-pass `nextpass.in`), answered once. Anything but a regular file is a CageFileError."""
        data = self.read(name, limit)
        if data is not None:
            os.unlink(name, dir_fd=self._fd)
        return data

    def full(self) -> bool:
        """Whether the program ran into the cap (its writes then failed, whether it noticed or not)."""
        if self._mount is None:
            return False
        usage = os.fstatvfs(self._fd)
        return usage.f_bfree == 0 or usage.f_ffree == 0

    def cap(self) -> str:
        return f"{self.size >> 20} MiB in {self.files - 1} files"


_probe_lock = threading.Lock()


def _movable() -> bool:
    """Whether this kernel lets the cage take a detached mount (asked once per process, by one thread)."""
    with _probe_lock:
        return _probe()


@cache
def _probe() -> bool:
    made = _tmpfs(1 << 20, 8, 1)
    if made is None:
        return False
    try:
        with tempfile.TemporaryDirectory(prefix="ojpack-probe-") as tmp:
            target = Path(tmp, "capped")
            target.mkdir()
            res = run(["/bin/true"], Path(os.devnull), Path(os.devnull), RunLimits(5.0, 10.0, None, None),
                      isolate=True, mounts=((str(target), made[-1]),))
            return res.status == "ok"
    except SandboxUnavailable:
        return False
    finally:
        for fd in made:
            os.close(fd)


def _tmpfs(size: int, files: int, runs: int) -> tuple[int, ...] | None:
    """A detached tmpfs of `size` bytes and `files` inodes owned by the cage's uid, or None when this
    kernel or process cannot make one. As root, its mount alone (cloned per run); as a plain user, its mount
    and up to `runs` - 1 clones of it."""
    if is_rootless():
        return _users_tmpfs(size, files, runs - 1)
    libc = _libc()
    fs = libc.syscall(_FSOPEN, b"tmpfs", 1)   # FSOPEN_CLOEXEC
    if fs < 0:
        return None
    try:
        options = {"size": size, "nr_inodes": files, "mode": "0700", "uid": NOBODY, "gid": NOBODY}
        for k, v in options.items():
            if libc.syscall(_FSCONFIG, fs, _SET_STRING, k.encode(), str(v).encode(), 0) < 0:
                return None
        if libc.syscall(_FSCONFIG, fs, _CMD_CREATE, None, None, 0) < 0:
            return None
        mount = libc.syscall(_FSMOUNT, fs, 1, _NOSUID_NODEV_NOEXEC)   # FSMOUNT_CLOEXEC
        return (mount,) if mount >= 0 else None
    finally:
        os.close(fs)


def _users_tmpfs(size: int, files: int, clones: int) -> tuple[int, ...] | None:
    """A user may make a tmpfs only in a user namespace of its own, and Python, with threads, cannot enter
    one: the exec helper does it in its own process and sends the detached mount, and `clones` clones of it
    (made there, the only place the user may; none where the kernel clones no detached mount), back over a
    socket."""
    helper = launcher()
    if helper is None:
        return None
    here, there = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    with here, there:
        try:
            made = subprocess.run([helper, "tmpfs", str(size), str(files), str(there.fileno()), str(clones)],
                                  pass_fds=(there.fileno(),), capture_output=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            return None
        if made.returncode != 0:
            return None
        there.close()
        _, fds, _, _ = socket.recv_fds(here, 64, clones + 1)
    return tuple(fds) or None


@cache
def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)
