"""The last report of each command, kept for whoever looks later (`ojpack serve`): `check`'s under
build/check/last.json, with when it ran and at which git commit; `strength`, `stress` and `export` likewise
under build/<command>/last.json. Each is the JSON the command prints with --json."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..cache import write_atomic
from ..problem import Problem

COMMANDS = ("check", "strength", "stress", "export")


def _path(problem: Problem, command: str) -> Path:
    if command not in COMMANDS:
        raise ValueError(f"no last report is kept for {command!r}")
    return problem.root / "build" / command / "last.json"


# git may run commands the repository's own config names (core.fsmonitor; a clean filter on `git status`,
# which hashes changed files through it): a package's .git is as untrusted as the package. Only commands
# that never read the working tree through config are used, and tracked files are hashed here instead.
_GIT = ("git", "-c", "core.fsmonitor=false", "-c", "core.untrackedCache=false")


def git_state(root: Path) -> tuple[str | None, bool]:
    """The package's git HEAD (None outside a repository, or without git) and whether its files differ
    from it (changed, new or deleted files under the package's folder)."""
    def git(*args: str) -> str | None:
        try:
            done = subprocess.run([*_GIT, "-C", str(root), *args], capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            return None
        return done.stdout if done.returncode == 0 else None
    head = git("rev-parse", "--verify", "-q", "HEAD")
    if not head:
        return None, False
    staged = git("diff-index", "--cached", "--name-only", "HEAD", "--", ".")   # the index against HEAD: no files read
    untracked = git("ls-files", "--others", "--exclude-standard", "--", ".")
    tracked = git("ls-files", "-s", "-z", "--", ".") or ""
    dirty = bool(staged) or bool(untracked) or staged is None
    for entry in filter(None, tracked.split("\0")):
        if dirty:
            break
        meta, _, rel = entry.partition("\t")
        mode, blob = meta.split()[:2]
        dirty = not _same_blob(root / rel, blob, mode)
    return head.strip(), dirty


def _same_blob(path: Path, blob: str, mode: str) -> bool:
    """Whether the file holds what git's blob `blob` holds (hashed as git hashes a blob: no filters)."""
    try:
        data = os.readlink(path).encode() if mode == "120000" else path.read_bytes()
    except OSError:
        return False
    h = hashlib.new("sha256" if len(blob) == 64 else "sha1")
    h.update(b"blob %d\0" % len(data) + data)
    return h.hexdigest() == blob


def save_last(problem: Problem, command: str, data: dict[str, Any]) -> None:
    """Keep `data` (the command's --json report) as its last report. A package ojpack cannot write into
    (a read-only copy) is still checked: it keeps no report, and no error stops the command for it."""
    try:
        write_atomic(_path(problem, command), json.dumps(data, ensure_ascii=False, indent=1).encode())
    except OSError:
        pass


def load_last(problem: Problem, command: str) -> dict[str, Any] | None:
    try:
        raw = json.loads(_path(problem, command).read_text(encoding="utf-8"))
    except (OSError, ValueError):   # none yet, or one cut short by a crash: as if none
        return None
    return raw if isinstance(raw, dict) else None


def save_check(problem: Problem, data: dict[str, Any]) -> None:
    """Keep the check's report (`check --json`'s) with the time and the git commit, and record it in the
    package's history (checkhistory.py) when the package is in a git repository."""
    from .checkhistory import record   # the history loads only here

    commit, dirty = git_state(problem.root)
    stamped = {**data, "when": datetime.now(timezone.utc).isoformat(timespec="microseconds"), "commit": commit,
               "dirty": dirty}
    save_last(problem, "check", stamped)
    if commit is not None:
        try:
            record(problem, stamped)
        except OSError:   # as save_last: a read-only package keeps no history
            pass

