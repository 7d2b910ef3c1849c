"""Runs on a Dask distributed cluster: each task is one caged run on a worker.

Dask rather than Ray: it is pure Python (no 60 MB native runtime to install on every worker host), a
throwaway `LocalCluster` starts in about a second, and its scheduler already moves a dead worker's tasks to
another one, which is the property a long rejudge needs.

What travels: a test's input and answer as content-addressed objects (scattered once, keyed by their
sha256, written once per worker under its own folder) and a program as its source bytes, compiled once
per worker by the same cached `prepare` (the machine-wide store makes that once per host); a build/run
program (a Kattis folder with its scripts, or a source with its included files) as every file of the folder
it is built from, each an object, so that the worker builds the same folder. Limits are
measured where the run happens, in the worker's own cage. A checker program or interactor is pickled with
its compiled path, so on remote hosts the package and its cache must sit at the same path (a local
cluster always has them); the built-in token rule travels by value."""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import os
import shutil
import tempfile
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import OjpackError
from ..sandbox import Program, RunLimits, isolation_enabled, prepare, set_isolation
from .checker import Checker, output_scratch
from .execute import Cell, FirstFailure, Job, Memo, recall, remember, run_one, settled
from .interact import Interactor

# Compiled submissions on a worker: one store per worker process, kept for the worker's lifetime.
_WORKER_DIR = "ojpack-worker"


# Runs per task: one program on up to this many tests. A task per run paid the scheduler's round trip on
# every run; a task per whole submission would lose that much work with a dying worker.
CHUNK = 8


@dataclass(frozen=True)
class Shipped:
    """A chunk of one program's runs as it travels: the source and the tests' files by content (the bytes
    themselves travel as the futures passed beside it)."""
    owner: str
    source_name: str
    source_sha: str
    lang: str
    memory_mib: int
    tests: tuple[Any, ...]                 # the BuiltTests, whose paths the worker replaces
    shas: tuple[tuple[str, str], ...]      # (input, answer) sha256 per test
    chain: bool = False                    # stop at the first failing test (execute's chains)
    any_failure: bool = False              # ... a time-out cut short too (a FirstFailure chain)
    # a build/run program (its own scripts, or a source with included files): every file of the folder it
    # is built from as (path, executable, sha256), its bytes the sources passed beside it, in this order
    folder: tuple[tuple[str, bool, str], ...] = ()


def _object(folder: Path, sha: str, data: bytes, name: str = "data") -> Path:
    """The worker's copy of a content-addressed object (written once, then reused)."""
    path = folder / sha / name
    if not path.is_file():
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{name}.{os.getpid()}")
        tmp.write_bytes(data)
        os.replace(tmp, path)
    return path


def _keep(data: bytes) -> bytes:
    return data


def _folder(objects: Path, chunk: Shipped, sources: list[bytes]) -> Path:
    """The worker's copy of a build/run program's folder (written once, then reused); returns its script."""
    out = objects / "folders" / chunk.source_sha
    if not out.is_dir():
        tmp = Path(tempfile.mkdtemp(prefix=f".{chunk.source_sha}.", dir=_made(objects / "folders")))
        for (rel, executable, _sha), data in zip(chunk.folder, sources):
            (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
            (tmp / rel).write_bytes(data)
            (tmp / rel).chmod(0o755 if executable else 0o644)
        try:
            tmp.rename(out)
        except OSError:   # another task of this worker wrote the same folder
            shutil.rmtree(tmp, ignore_errors=True)
    names = {rel for rel, _x, _sha in chunk.folder}
    return out / ("run" if "run" in names else "build")


def _made(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _worker_run(chunk: Shipped, sources: list[bytes], files: list[tuple[bytes, bytes]], limits: RunLimits,
                time_limit: float, checker: Checker | Interactor, isolate: bool) -> list[Cell]:
    """On the worker: materialise the objects, compile (cached per worker), run each test in the cage."""
    set_isolation(isolate)
    base = Path(tempfile.gettempdir()) / f"{_WORKER_DIR}-{os.getuid()}"
    objects = base / "objects"
    if chunk.folder:   # its scripts name it: built as on the client, included files already in it
        program = prepare(_folder(objects, chunk, sources), base / "cache", memory_mib=chunk.memory_mib)
    else:
        src = _object(objects, chunk.source_sha, sources[0], chunk.source_name)
        program = prepare(src, base / "cache", chunk.lang, memory_mib=chunk.memory_mib)
    scratch = Path(tempfile.mkdtemp(prefix="ojpack-cell-", dir=output_scratch(checker)))
    try:
        cells = []
        for test, (input_sha, answer_sha), (input, answer) in zip(chunk.tests, chunk.shas, files):
            test = dataclasses.replace(test, input=_object(objects, input_sha, input),
                                       answer=_object(objects, answer_sha, answer))
            cell = run_one(Job(chunk.owner, program, test), limits, time_limit, checker, scratch)
            cells.append(cell)
            if chunk.chain and settled(cell, limits, chunk.any_failure):
                break
        return cells
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def ship_program(p: Program, ship: Callable[[Path], tuple[str, Any]]
                 ) -> tuple[str, list[Any], tuple[tuple[str, bool, str], ...]]:
    """What travels of a program: its source, or every file of a build/run program's folder (each by
    content, so included files shared by many submissions travel once). Returns (the program's sha256, the
    files' futures, the folder's entries)."""
    if p.folder is None:
        sha, future = ship(p.source)
        return sha, [future], ()
    entries, futures = [], []
    for f in sorted(p.folder.rglob("*")):
        if f.is_file() and not f.is_symlink():
            sha, future = ship(f)
            entries.append((f.relative_to(p.folder).as_posix(), os.access(f, os.X_OK), sha))
            futures.append(future)
    return hashlib.sha256(repr(entries).encode()).hexdigest(), futures, tuple(entries)


@dataclass(frozen=True)
class DaskEngine:
    client: Any   # distributed.Client

    def execute(self, jobs: Sequence[Job], limits: RunLimits, time_limit: float, checker: Checker | Interactor,
                on_done: Callable[[Job, Cell], None] | None, memo: Memo | None,
                chain_of: Callable[[Job], Hashable | None] | None = None) -> dict[tuple[str, str], Cell]:
        from distributed import as_completed

        out: dict[tuple[str, str], Cell] = {}
        objects: dict[str, Any] = {}

        def ship(path: Path) -> tuple[str, Any]:
            data = path.read_bytes()
            sha = hashlib.sha256(data).hexdigest()
            if sha not in objects:
                # a task that returns the bytes, not a scatter: the scheduler keeps its spec, so when the
                # worker holding the bytes dies they are made again on another one instead of being lost
                objects[sha] = self.client.submit(_keep, data, key=f"object-{sha}", pure=True)
            return sha, objects[sha]

        done = on_done or (lambda _job, _cell: None)
        todo: dict[Hashable, list[Job]] = {}
        chains: set[Hashable] = set()
        for job in jobs:
            link = chain_of(job) if chain_of else None
            if link is not None:   # a chain goes whole to one worker, remembered runs included
                todo.setdefault(("chain", link), []).append(job)
                chains.add(("chain", link))
                continue
            cell = recall(memo, job, limits, time_limit) if memo else None
            if cell is None:
                todo.setdefault(job.owner, []).append(job)
            else:
                out[(job.owner, job.test.id)] = cell
                done(job, cell)
        pending: dict[Any, list[Job]] = {}
        isolate = isolation_enabled()
        for group, owned in todo.items():
            p: Program = owned[0].program
            source_sha, sources, folder = ship_program(p, ship)
            step = len(owned) if group in chains else CHUNK
            for i in range(0, len(owned), step):
                chunk = owned[i:i + step]
                files = [(ship(j.test.input), ship(j.test.answer)) for j in chunk]
                shipped = Shipped(chunk[0].owner, p.source.name, source_sha, p.language.id,
                                  limits.memory_mib or 256, tuple(j.test for j in chunk),
                                  tuple((i[0], a[0]) for i, a in files), group in chains,
                                  group in chains and isinstance(group[1], FirstFailure), folder)
                future = self.client.submit(_worker_run, shipped, sources, [(i[1], a[1]) for i, a in files], limits,
                                            time_limit, checker, isolate, pure=False, retries=2)
                pending[future] = chunk
        try:
            for future in as_completed(list(pending)):
                chunk = pending[future]
                try:
                    cells = future.result()
                except Exception as e:   # a task that kept failing (its workers died each time)
                    raise OjpackError(f"cluster: {chunk[0].owner} failed on every worker: {e}") from None
                for job, cell in zip(chunk, cells):   # a chain's later tests are absent, as in execute
                    if memo:
                        remember(memo, job, limits, time_limit, cell)
                    out[(job.owner, job.test.id)] = cell
                    done(job, cell)
        except BaseException:
            self.client.cancel(list(pending))
            raise
        return out


@contextlib.contextmanager
def connect_cluster(spec: str) -> Iterator[DaskEngine]:
    """`local:N`: a throwaway scheduler and N single-threaded workers on this machine, for this call only;
    anything else: the address of a running scheduler (`dask scheduler` / `dask worker ADDRESS`)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise OjpackError("--cluster needs Dask distributed: pip install 'ojpack[cluster]'") from None
    if spec.startswith("local:"):
        try:
            n = int(spec.removeprefix("local:"))
        except ValueError:
            n = 0
        if n < 1:
            raise OjpackError(f"--cluster {spec}: say how many workers, e.g. local:2")
        # one thread per worker: the cage keeps a cgroup and a network namespace per thread, and a worker's
        # runs must not compete with each other for its core
        with LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None,
                          silence_logs=50) as cluster, Client(cluster) as client:
            yield DaskEngine(client)
        return
    try:
        client = Client(spec, timeout=10)
    except (OSError, TimeoutError, ValueError) as e:
        raise OjpackError(f"--cluster {spec}: cannot reach the scheduler: {e}") from None
    with client:
        yield DaskEngine(client)
