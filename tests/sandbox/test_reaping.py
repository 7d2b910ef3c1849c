"""Nothing ojpack starts outlives it, not even as a zombie: `ojpack judge`, as root and as a plain user (the
rootless cage, whose prepared cages end with the worker thread that made them), reaps every child it had
before it exits. It runs under a child subreaper here, so anything it left (alive, or exited but not reaped)
comes to that wrapper instead of to the host's init, which in a container may never reap it. Judged: the toy's
submission, and the C++ and Python solutions of a real Polygon package, mamrudien/lecturer
(tests/formats/fixtures/polygon-lecturer), imported here: a testlib checker and one judge of two files."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cage_identities import Identity, each_identity
from ojpack.publish import import_package
from subreaper import WRAPPER
from test_isolation import TESTS, pytestmark  # noqa: F401  (the skip mark)


@pytest.fixture(scope="module", params=["root", "user"])
def identity(request) -> Identity:
    yield from each_identity(request.param, "ojpack-reap-driver-")


@pytest.fixture(scope="module")
def lecturer(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real package, imported once (its data built) for both identities."""
    out = tmp_path_factory.mktemp("lecturer") / "lecturer"
    import_package(TESTS / "formats" / "fixtures" / "polygon-lecturer", out)
    return out


@pytest.mark.parametrize("package", ["toy", "lecturer"])
def test_judge_leaves_no_child_behind_alive_or_zombie(identity: Identity, package: str, tmp_path: Path,
                                                      request: pytest.FixtureRequest) -> None:
    base = identity.folder(tmp_path)
    root = base / package
    if package == "toy":
        shutil.copytree(TESTS / "toy", root, ignore=shutil.ignore_patterns("data", ".ojpack", "data.sha256", "build"))
        sources = [root / "solutions" / "accepted" / "sum.py"]
    else:   # its built data kept: the checker and both solutions are compiled by the judge
        shutil.copytree(request.getfixturevalue("lecturer"), root, ignore=shutil.ignore_patterns(".ojpack", "build"))
        sources = [root / "solutions" / "accepted" / name for name in ("solutions.cpp", "solutions.py")]
    wrapper = base / "wrapper.py"
    wrapper.write_text(WRAPPER)
    identity.own(base)
    ojpack = [sys.executable, "-m", "ojpack", "judge", "-p", str(root), *map(str, sources)]
    argv, env = identity.command([sys.executable, str(wrapper), *ojpack], base)
    if env is not None:
        env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2] / "src")
    said = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=base, timeout=300)
    assert said.returncode == 0, said.stderr
    report = json.loads(said.stdout.strip().splitlines()[-1])
    assert report["code"] == 0, report["err"]
    # [pid, state, name]: a launcher's pool, its run's keeper and init, the cgroup guard
    assert report["left"] == [], report["left"]
