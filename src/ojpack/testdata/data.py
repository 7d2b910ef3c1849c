"""Step 5: lay the tests out under data/ atomically, with a manifest; read them back for later steps."""

from __future__ import annotations

import ctypes
import ctypes.util
import fcntl
import json
import os
import shutil
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterator

from ..cache import key, sha256_file, tree_digest
from ..errors import OjpackError
from ..problem import Problem

MANIFEST = "manifest.json"


@dataclass(frozen=True)
class BuiltTest:
    group: str                   # "sample" or a subtask group
    index: int                   # 1-based within the group
    name: str                    # the plan's name
    id: str                      # "<group>/<NN-name>"; list order is judging order
    input: Path
    answer: Path
    features: dict[str, Any] = field(default_factory=dict)
    answers: dict[str, int] = field(default_factory=dict)   # answer token -> count
    input_sha256: str = ""
    answer_sha256: str = ""


class DataMissing(OjpackError):
    """data/ is absent or was made from other sources than the package holds now."""


def data_dir(root: Path) -> Path:
    return root / "data"


def fingerprint(problem: Problem) -> str:
    """A hash over everything the data is made from; a change anywhere makes data/ stale."""
    spec = problem.spec
    parts = [problem.path("problem.yaml"), problem.path("generators"),
             problem.path(spec.validator).parent, *([problem.path(spec.model_solution)] if spec.model_solution else []),
             *(problem.path(e.source).parent for e in spec.extra_validators),
             problem.path("graders")]   # a grader task's model answers through its grader
    return key(*(tree_digest(p) for p in parts if p.exists()))


def ensure_built(problem: Problem) -> list[BuiltTest]:
    """The current tests, building them first when data/ is missing or stale."""
    try:
        return load_built(problem)
    except DataMissing:
        from .builder import build   # the whole pipeline, only when there is something to build
        return build(problem).tests


def load_built(problem: Problem, check_fresh: bool = True) -> list[BuiltTest]:
    root = problem.root
    recover(root)
    manifest = data_dir(root) / MANIFEST
    if not manifest.is_file():
        raise DataMissing(f"no built data in {data_dir(root)}: run `ojpack build` first")
    raw = json.loads(manifest.read_text(encoding="utf-8"))
    if check_fresh and raw.get("fingerprint") != fingerprint(problem):
        raise DataMissing("data/ is stale (the package changed since it was built): run `ojpack build`")
    tests = _listed(root, raw["tests"])
    for t in tests:
        for path, digest in ((t.input, t.input_sha256), (t.answer, t.answer_sha256)):
            if not path.is_file() or sha256_file(path) != digest:
                raise DataMissing(f"{path.relative_to(root)} is missing or was edited by hand: run `ojpack build`")
    return tests


def read_manifest(root: Path) -> list[BuiltTest]:
    """The tests data/'s manifest lists, as it lists them: no file read or hashed (what the last build made,
    for a record or a picture; [] when there is no data)."""
    try:
        raw = json.loads((data_dir(root) / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return _listed(root, raw.get("tests", []))


def _listed(root: Path, entries: list[dict[str, Any]]) -> list[BuiltTest]:
    """The manifest's entries as tests, their files' paths (relative to data/ in the manifest) made whole."""
    return [BuiltTest(**{**t, "input": data_dir(root) / t["input"], "answer": data_dir(root) / t["answer"]})
            for t in entries]


def write_tree(staging: Path, tests: list[tuple[BuiltTest, bytes, bytes]], fp: str) -> None:
    """Write tests + manifest into `staging` (a fresh folder); test paths are relative to data/ here."""
    for test, data, answer in tests:
        for rel, blob in ((test.input, data), (test.answer, answer)):
            (staging / rel).parent.mkdir(parents=True, exist_ok=True)
            (staging / rel).write_bytes(blob)
    manifest = {"fingerprint": fp, "tests": [
        {**asdict(t), "input": str(t.input), "answer": str(t.answer)} for t, _, _ in tests]}
    (staging / MANIFEST).write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


@contextmanager
def build_lock(root: Path) -> Iterator[None]:
    """One build per problem at a time; a second one waits rather than racing on data/."""
    state = root / ".ojpack"
    state.mkdir(exist_ok=True)
    with open(state / "build.lock", "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        yield


def check_data_dir(root: Path) -> None:
    """data/ is ojpack's own folder: a symbolic link there would have the build write (and swap, and delete)
    wherever it points, so it is refused before anything is made."""
    target = data_dir(root)
    if target.is_symlink():
        raise OjpackError(f"{target}: is a symbolic link (to {os.readlink(target)}); ojpack makes data/ itself: "
                          "remove the link")
    if target.exists() and not target.is_dir():
        raise OjpackError(f"{target}: is not a folder; ojpack makes data/ itself: remove it")


def staging_dir(root: Path) -> Path:
    path = root / ".ojpack" / f"data.new-{os.getpid()}"
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    return path


def swap_in(root: Path, staging: Path) -> None:
    """Make `staging` the new data/ in one step; the old data/ is never half-replaced."""
    check_data_dir(root)
    target = data_dir(root)
    if target.exists() and _exchange(staging, target):
        shutil.rmtree(staging)  # now holds the previous data
        return
    old = root / ".ojpack" / f"data.old-{os.getpid()}"
    if target.exists():
        os.rename(target, old)
    os.rename(staging, target)  # a kill between the two renames is undone by recover()
    shutil.rmtree(old, ignore_errors=True)


def recover(root: Path) -> None:
    """Undo a swap that was killed between its two renames, and drop stale staging folders."""
    state = root / ".ojpack"
    if not state.is_dir():
        return
    olds = sorted(state.glob("data.old-*"), key=lambda p: p.stat().st_mtime)
    if olds and not data_dir(root).exists():
        os.rename(olds.pop(), data_dir(root))
    for p in olds:
        shutil.rmtree(p, ignore_errors=True)
    # A build killed outright (SIGKILL, power loss) leaves its staging folder; a live one still needs its own.
    for p in state.glob("data.new-*"):
        if not _alive(p.name.rpartition("-")[2]):
            shutil.rmtree(p, ignore_errors=True)


def _alive(pid: str) -> bool:
    if not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:   # someone else's process: not ours to judge
        return True
    return True


def _exchange(a: Path, b: Path) -> bool:
    """renameat2(RENAME_EXCHANGE): swap two paths atomically (Linux); False where unsupported."""
    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    fn = getattr(libc, "renameat2", None)
    if fn is None:
        return False
    at_fdcwd, rename_exchange = -100, 2
    return fn(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0
