"""Shared fixtures: a throw-away copy of the toy problem, and of the real package."""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

from ojpack.problem.load import copy_sources

TESTS = Path(__file__).parent
REPO = TESTS.parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """@pytest.mark.slow tests run only with OJPACK_SLOW=1, like the other slow sweeps."""
    if os.environ.get("OJPACK_SLOW"):
        return
    skip = pytest.mark.skip(reason="slow: set OJPACK_SLOW=1 to run it")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session", autouse=True)
def shared_compile_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The machine-wide store of compiled programs lives in a temporary folder for the test run: tests never
    write into the user's ~/.cache, and they still share binaries with one another, across pytest-xdist's
    workers too (the store is safe for concurrent ojpack processes: it is machine-wide)."""
    if os.environ.get("PYTEST_XDIST_WORKER"):   # each worker's base is a folder of the run's common one
        folder = tmp_path_factory.getbasetemp().parent / "ojpack-cache-home"
        folder.mkdir(exist_ok=True)
    else:
        folder = tmp_path_factory.mktemp("ojpack-cache-home")
    patch = pytest.MonkeyPatch()
    patch.setenv("OJPACK_CACHE_HOME", str(folder))
    yield folder
    patch.undo()


@pytest.fixture
def toy(tmp_path: Path) -> Path:
    """A writable copy of tests/toy (an add-two-numbers problem) in its own folder."""
    root = tmp_path / "toy"
    shutil.copytree(TESTS / "toy", root, ignore=shutil.ignore_patterns("data", ".ojpack", "data.sha256", "build", "__pycache__"))
    return root


def copy_package(root: Path) -> Path:
    """Copy the real package's own files (not its build output or caches) into `root`."""
    return copy_sources(REPO, root)


@pytest.fixture
def package_copy(tmp_path: Path) -> Path:
    """A writable copy of the real package."""
    return copy_package(tmp_path / "pkg")


def cut_plan(root: Path, keep: int = 1) -> None:
    """The real package with `keep` tests per group (no proof, no coverage to meet, no lock): the build and
    the runs take seconds."""
    import yaml

    raw = yaml.safe_load((root / "problem.yaml").read_text(encoding="utf-8"))
    raw["tests"] = {g: lines[:keep] for g, lines in raw["tests"].items()}
    raw.pop("proof", None)
    raw.pop("coverage", None)
    for sub in raw["subtasks"]:
        sub.pop("coverage", None)
    (root / "problem.yaml").write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    (root / "data.sha256").unlink(missing_ok=True)


def edit_yaml(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def load_source(path: Path, name: str) -> ModuleType:
    """Import a package file (validator, generator) that is not on the path, to test it in-process."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


def host_secret(tmp_path: Path, text: str) -> Path:
    """A file only the host sees (in a root-only folder): what no hostile program may make ojpack show."""
    secret = tmp_path / "host-only" / "key"
    secret.parent.mkdir(mode=0o700)
    secret.write_text(text + "\n")
    return secret


def fake_tool(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: Path, name: str,
              target: Path | None = None) -> Path:
    """Put `script` first on PATH as `name` (a stand-in compiler), with target.txt beside it naming `target`."""
    tools = tmp_path / "tools" / "bin"
    tools.mkdir(parents=True)
    shutil.copy(script, tools / name)
    (tools / name).chmod(0o755)
    if target is not None:
        (tools / "target.txt").write_text(str(target))
    monkeypatch.setenv("PATH", f"{tools}:{os.environ['PATH']}")
    return tools
