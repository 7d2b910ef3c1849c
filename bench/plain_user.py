"""For the benches run as root: the same measurement as a plain user (the rootless cage), through setpriv.

A bench calls `as_user(name, script, request, files)`: `files` (host paths) are copied under a fresh
folder the user owns, `request` (JSON; every value naming one of those paths rewritten to its copy) goes
to `script --worker REQUEST` run as the user, whose last line of output (JSON) is returned; a str says
why it could not run. The account is made with useradd when missing (the isolation tests' own)."""

from __future__ import annotations

import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SKIP = shutil.ignore_patterns(".git", ".venv", ".tools", "__pycache__", ".pytest_cache")


def account(name: str) -> pwd.struct_passwd | str:
    try:
        return pwd.getpwnam(name)
    except KeyError:
        made = subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name],
                              capture_output=True, text=True)
        if made.returncode != 0:
            return f"useradd {name}: {made.stderr.strip()}"
        return pwd.getpwnam(name)


def as_user(name: str, script: Path, request: dict, files: list[str]) -> dict | str:
    entry = account(name)
    if isinstance(entry, str):
        return entry
    home = Path(tempfile.mkdtemp(prefix="ojpack-bench-user-", dir="/tmp"))
    try:
        moved: dict[str, str] = {}
        for arg in files:   # each copied under home at its own path
            path = Path(arg)
            target = home / "files" / path.relative_to(path.anchor)
            target.parent.mkdir(parents=True, exist_ok=True)
            if path.is_dir():
                shutil.copytree(path, target, symlinks=True, ignore=SKIP)
            else:
                shutil.copy2(path, target)
            moved[arg] = str(target)
        for p in [home, *home.rglob("*")]:
            os.chown(p, entry.pw_uid, entry.pw_gid, follow_symlinks=False)
        req = json.loads(json.dumps(request), object_hook=lambda d: {k: _moved(v, moved) for k, v in d.items()})
        env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8",
               "OJPACK_CACHE_HOME": str(home / ".cache")}
        if os.environ.get("PYTHONPATH"):   # a worktree's sources, measured as the user too
            env["PYTHONPATH"] = os.environ["PYTHONPATH"]
        done = subprocess.run(["setpriv", f"--reuid={entry.pw_uid}", f"--regid={entry.pw_gid}", "--clear-groups",
                               "--", sys.executable, str(script.resolve()), "--worker", json.dumps(req)],
                              capture_output=True, text=True, cwd=home, env=env)
        if done.returncode != 0:
            return (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]
        return json.loads(done.stdout.strip().splitlines()[-1])
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _moved(value: object, moved: dict[str, str]) -> object:
    if isinstance(value, list):
        return [_moved(v, moved) for v in value]
    if isinstance(value, str):
        for old, new in moved.items():
            if value == old or value.startswith(old.rstrip("/") + "/"):
                return new + value[len(old):]
    return value
