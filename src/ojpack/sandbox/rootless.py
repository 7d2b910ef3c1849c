"""The cage for a user without root: what changes for its runs.

A user's cage maps the user's own uid and gid to 65534 inside (launch.c's rootless mode). Files the
cage writes are the user's already, so nothing is handed over or taken back; the helper binary and the
cage's /etc and /dev live in launch.helper_folder, per user and checked like root's."""

from __future__ import annotations

import os
from pathlib import Path


def is_rootless() -> bool:
    return os.geteuid() != 0


def device_stand_in(path: Path) -> None:
    """A user cannot mknod: the skeleton gets an empty file, and launch.c binds the host's node over it."""
    path.touch(mode=0o666)
