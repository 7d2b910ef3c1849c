"""Who runs the sandbox in the isolation tests: root (in this process) or a plain user.

As root, the plain user is a system account made for the tests (idempotent `useradd`), and the sandbox's
entry points run as it through a small driver script started with `setpriv` from this worktree's venv:
the rootless cage is then what judges. Run as a plain user already, the tests call the sandbox here."""

from __future__ import annotations

import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

USER = "ojpack-cage-test"

DRIVER = '''
import dataclasses, json, sys
from pathlib import Path
req = json.loads(sys.argv[1])
op = req["op"]
if op == "run":
    import os
    from ojpack.sandbox import RunLimits, run
    os.environ.update(req.get("env", {}))
    res = run(req["argv"], Path(req["stdin"]), Path(req["stdout"]), RunLimits(**req["limits"]),
              stderr=Path(req["stderr"]), session=req.get("session", True), on_cpu=req.get("on_cpu"))
    print(json.dumps(dataclasses.asdict(res)))
elif op == "prepare":
    from ojpack.sandbox import CompileError, prepare
    try:
        print(json.dumps({"argv": list(prepare(Path(req["source"]), Path(req["cache"]), req.get("lang")).argv)}))
    except CompileError as e:
        print(json.dumps({"error": e.message}))
else:
    from ojpack.problem.load import load_problem
    from ojpack.testdata import ensure_built
    problem = load_problem(Path(req["problem"]))
    if op == "build":
        ensure_built(problem)
        print("{}")
    else:
        from ojpack.judging.judgement import judge
        res = judge(problem, Path(req["source"]))
        print(json.dumps({"verdict": res.verdict.value, "score": res.score,
                          "subtasks": {s.group: s.verdict.value for s in res.subtasks},
                          "cells": [[c.verdict.value, c.message] for c in res.cells]}))
'''


class NoPlainUser(Exception):
    """The plain user cannot be made or cannot reach the venv (the reason)."""


@dataclass(frozen=True)
class Identity:
    name: str                      # "root" or "user"
    uid: int
    gid: int
    driver: Path | None = None     # set when the sandbox must run in another process, as uid/gid

    def folder(self, parent: Path) -> Path:
        """A fresh folder this identity owns: under `parent` in-process; for the plain user, under the
        machine's temporary folder (pytest's own is root's, 0700)."""
        if self.driver is None:
            parent.mkdir(parents=True, exist_ok=True)
            return Path(tempfile.mkdtemp(dir=parent))
        made = Path(tempfile.mkdtemp(prefix="ojpack-cage-test-", dir="/tmp"))
        os.chown(made, self.uid, self.gid)
        return made

    def own(self, folder: Path) -> None:
        """Hand what the test wrote under `folder` to this identity."""
        if self.driver is None:
            return
        for path in [folder, *folder.rglob("*")]:
            os.chown(path, self.uid, self.gid, follow_symlinks=False)

    def command(self, argv: list[str], cwd_home: Path) -> tuple[list[str], dict[str, str] | None]:
        """A command line (and environment) that runs `argv` as this identity."""
        if self.driver is None:
            return argv, None
        env = {"PATH": "/usr/bin:/bin", "HOME": str(cwd_home), "OJPACK_CACHE_HOME": str(cwd_home / ".cache"),
               "LANG": "C.UTF-8"}
        if os.environ.get("PYTHONPATH"):   # a worktree's sources: the user runs those, not the venv's install
            env["PYTHONPATH"] = os.environ["PYTHONPATH"]
        return ["setpriv", f"--reuid={self.uid}", f"--regid={self.gid}", "--clear-groups", "--", *argv], env

    def build(self, home: Path, problem: Path) -> None:
        """Build `problem`'s data as this identity: in this process for root, else through DRIVER."""
        if self.driver is None:
            from ojpack.problem.load import load_problem
            from ojpack.testdata import ensure_built
            ensure_built(load_problem(problem))
        else:
            self.call(home, op="build", problem=problem)

    def call(self, home: Path, **request: object) -> dict:
        """Run one request of DRIVER as this identity; `home` is a folder it owns."""
        assert self.driver is not None
        self.own(home)
        argv, env = self.command([sys.executable, str(self.driver), json.dumps(request, default=str)], home)
        done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=300)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout.strip().splitlines()[-1])


def results(data: dict) -> SimpleNamespace:
    return SimpleNamespace(**data)


def plain_user(shared: Path) -> Identity:
    """The plain user, made when missing, with DRIVER written under `shared` (a folder it can read)."""
    if os.geteuid() != 0:
        return Identity("user", os.getuid(), os.getgid())
    try:
        entry = pwd.getpwnam(USER)
    except KeyError:
        made = subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", USER],
                              capture_output=True, text=True)
        if made.returncode != 0 and "already exists" not in made.stderr:
            raise NoPlainUser(f"useradd {USER}: {made.stderr.strip()}")
        entry = pwd.getpwnam(USER)
    if shutil.which("setpriv") is None:
        raise NoPlainUser("no setpriv (util-linux)")
    shared.mkdir(parents=True, exist_ok=True)
    os.chmod(shared, 0o755)
    driver = shared / "driver.py"
    driver.write_text(DRIVER)
    os.chmod(driver, 0o644)
    user = Identity("user", entry.pw_uid, entry.pw_gid, driver)
    _reach(user, shared)
    return user


def _reach(user: Identity, shared: Path) -> None:
    """The user must reach the driver, the interpreter, the venv and ojpack's source: where a folder on
    the way lets others neither in nor through, it gets o+x (passing through, not listing)."""
    import ojpack

    probe = [sys.executable, "-c", f"import ojpack.judging; open({str(shared / 'driver.py')!r}).read()"]
    for attempt in range(2):
        argv, env = user.command(probe, shared)
        done = subprocess.run(argv, capture_output=True, text=True, env=env)
        if done.returncode == 0:
            return
        if attempt == 0:
            for top in (Path(sys.prefix), Path(ojpack.__file__).parent, shared):
                for folder in [top, *top.parents]:
                    mode = folder.stat().st_mode
                    if not mode & 0o001:
                        os.chmod(folder, mode | 0o001)
    raise NoPlainUser(f"{USER} cannot run this venv's python on ojpack: {done.stderr.strip()[-300:]}")


def each_identity(param: str, prefix: str) -> Iterator[Identity]:
    """The body of a module's `identity` fixture over params ["root", "user"]: root in this process, or
    the plain user (rootless cage) through a driver written under a fresh folder named `prefix`..."""
    if param == "root":
        if os.geteuid() != 0:
            pytest.skip("root's cage needs a run as root")
        yield Identity("root", 0, 0)
        return
    shared = Path(tempfile.mkdtemp(prefix=prefix, dir="/tmp"))
    try:
        yield plain_user(shared)
    except NoPlainUser as e:
        pytest.skip(str(e))
    finally:
        shutil.rmtree(shared, ignore_errors=True)
