"""The cage for a user without root: where its helper and skeleton live, and what changes for its runs.

A user's cage maps the user's own uid and gid to 65534 inside (launch.c's rootless mode). Files the
cage writes are the user's already, so nothing is handed over or taken back; the helper binary and the
cage's /etc and /dev live in a folder only this user can use, made 0700 and checked with lstat before
every use (a folder another user made first, a symlink, or one others may write is never used)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..cache import machine_cache
from ..interrupt import machine_tempdir, private_folder


def is_rootless() -> bool:
    return os.geteuid() != 0


def _owned_private(folder: Path) -> bool:
    """True when `folder` is a real directory (not a symlink) of this user that nobody else may enter."""
    try:
        st = os.lstat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.geteuid() and st.st_mode & 0o077 == 0


def _make_private(folder: Path) -> bool:
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        os.mkdir(folder, 0o700)
    except FileExistsError:
        pass
    except OSError:
        return False
    return _owned_private(folder)


def user_folder() -> Path:
    """This user's folder for the helper and the skeleton: $TMPDIR/ojpack-UID, else the user's cache
    ($XDG_CACHE_HOME/ojpack/sandbox), else a folder private to this process (the helper is then built
    again by every process, never taken from a place someone else could have planted it)."""
    candidates = [Path(machine_tempdir()) / f"ojpack-{os.geteuid()}"]
    cache = machine_cache()
    if cache is not None:
        candidates.append(cache / "sandbox")
    for folder in candidates:
        if _make_private(folder):
            return folder
    fallback = Path(private_folder(machine_tempdir())) / "sandbox"
    fallback.mkdir(mode=0o700, exist_ok=True)
    return fallback


def device_stand_in(path: Path) -> None:
    """A user cannot mknod: the skeleton gets an empty file, and launch.c binds the host's node over it."""
    path.touch(mode=0o666)
