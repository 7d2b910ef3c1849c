"""The exhaustive proof: every accepted solution agrees with the package's own game search on every
small position.

The package supplies the knowledge (problem.yaml `proof: {generator, args}`): a program run as
`generator ARGS... OUTDIR` that writes batch tests OUTDIR/<name>.in with their answers <name>.ans and may
print `{"cases": N}` on stdout. The toolkit stays generic: it compiles and runs that program once
(cached by its content and arguments), then judges every accepted solution on every batch with the
problem's own checker and limits. A solution's clean pass is remembered by its content hash, so a warm
`ojpack check` does not repeat it."""

from __future__ import annotations

import json
import shutil
import os
import tempfile
import time
from concurrent.futures import Future, ThreadPoolExecutor
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..cache import cache_for, key
from .checker import Checker
from ..sandbox import CageFileError, Program, RunLimits, load_languages, prepare, require_regular, run, take_back
from ..testdata import BuiltTest
from ..errors import OjpackError
from .execute import Job, execute, problem_limits
from ..problem import expand
from ..problem import Problem
from ..testdata import load_validator, validate_file
from .verdicts import Verdict


# The search is package code, trusted to end; these only stop a broken one.
GENERATOR_LIMITS = RunLimits(cpu=1800, wall=3600, memory_mib=4096, output_mib=16)


@dataclass(frozen=True)
class ProofResult:
    cases: int                     # positions (games) decided by the search
    files: int                     # batch files
    search_seconds: float          # the generator's wall time (0 when its batches came from the cache)
    seconds: float                 # everything, solutions included
    solutions: dict[str, float] = field(default_factory=dict)   # name -> seconds of CPU on all batches (-1: cached)
    failures: tuple[str, ...] = ()
    boxes: dict[str, str] = field(default_factory=dict)   # name -> the generator arguments it was proven on
    batch_seconds: float = 0.0     # the wait for the batches (made and validated beside the runs, see aside.py)

    @property
    def ok(self) -> bool:
        return not self.failures


def proof_box(problem: Problem, language: str | None = None) -> str:
    """The generator arguments, as written in problem.yaml, for solutions in `language`."""
    spec = problem.spec.proof
    assert spec is not None
    return spec.boxes.get(language, spec.args) if language else spec.args


def proof_batches(problem: Problem, cache_dir: Path, language: str | None = None,
                  gate: AbstractContextManager[object] | None = None, workers: int | None = None
                  ) -> tuple[list[BuiltTest], int, float, str]:
    """The generator's batch tests for solutions in `language` (made once per generator content +
    arguments). `gate` is held around each program run (the generator's compile and run, each
    validation), `workers` validations at a time."""
    spec = problem.spec.proof
    assert spec is not None
    where = f"problem.yaml: proof.boxes.{language}" if language in spec.boxes else "problem.yaml: proof.args"
    args = expand(f"x {proof_box(problem, language)}", problem.bounds_for("sample"), where)[1:]
    held = gate if gate is not None else nullcontext()
    with held:
        gen = prepare(problem.path(spec.generator), cache_dir)
    digest = key(gen.key, *args)[:24]
    folder = cache_dir / "proof" / digest
    seconds = 0.0
    if not (folder / "cases.json").is_file():
        folder.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f"{digest}.", dir=folder.parent))
        start = time.monotonic()
        # In the sandbox: it sees its own folder and writes only into `work`.
        said = Path(tempfile.mkdtemp(prefix="ojpack-proofgen-"))
        try:
            with held:
                res = run([*gen.argv, *args, str(work)], Path(os.devnull), said / "out", GENERATOR_LIMITS,
                          stderr=said / "err", readable=[gen.source.parent], writable=[work],
                          address_space=gen.language.address_space)
            stdout, stderr = (said / "out").read_bytes(), (said / "err").read_bytes()
        finally:
            shutil.rmtree(said, ignore_errors=True)
        take_back(work)
        seconds = time.monotonic() - start
        if res.status != "ok":
            shutil.rmtree(work, ignore_errors=True)
            how = f"exit {res.exit_code}" if res.status == "re" and res.exit_code is not None else res.status
            raise OjpackError(f"proof generator {spec.generator} failed ({how}): "
                              f"{stderr.decode(errors='replace').strip()[-800:]}")
        try:
            cases = int(json.loads(stdout.decode() or "{}").get("cases", 0))
        except (ValueError, AttributeError):
            cases = 0
        _only_files(work, spec.generator, discard=True)
        _validate_all(problem, sorted(work.glob("*.in")), held, workers)
        (work / "cases.json").write_text(json.dumps({"cases": cases}))
        try:
            work.rename(folder)
        except OSError:   # another process made the same batches first; theirs are identical
            shutil.rmtree(work, ignore_errors=True)
    _only_files(folder, spec.generator)   # batches cached by an older toolkit were never checked
    cases = json.loads((folder / "cases.json").read_text())["cases"]
    tests = []
    for i, inp in enumerate(sorted(folder.glob("*.in")), start=1):
        ans = inp.with_suffix(".ans")
        if not ans.is_file():
            raise OjpackError(f"proof generator {spec.generator} wrote {inp.name} without {ans.name}")
        tests.append(BuiltTest("proof", i, inp.stem, f"proof/{inp.stem}", inp, ans))
    if not tests:
        raise OjpackError(f"proof generator {spec.generator} wrote no batch files")
    return tests, cases or len(tests), seconds, digest


def _only_files(folder: Path, generator: str, discard: bool = False) -> None:
    """The generator ran in the cage, where it may have left a symbolic link to a host file (`x.in ->
    /etc/shadow` would feed that file to the validator and every solution, and show it to the checker) or a
    FIFO: its folder must hold regular files only."""
    try:
        require_regular(folder)
    except CageFileError as e:
        if discard:
            shutil.rmtree(folder, ignore_errors=True)
        raise OjpackError(f"proof generator {generator} must write only plain files: {e}") from None


def _validate_all(problem: Problem, inputs: list[Path], gate: AbstractContextManager[object],
                  workers: int | None) -> None:
    """A proof on inputs outside the problem's bounds proves nothing: every batch goes through the
    package's own validator (once, when the batches are made)."""
    with gate:
        validator = load_validator(problem, cache_for(problem.root))
    bounds = problem.bounds_for("sample")

    def one(path: Path) -> tuple[bool, str]:
        with gate:
            verdict = validate_file(validator, path, bounds)
        return verdict.valid, verdict.message

    with ThreadPoolExecutor(max_workers=workers) as pool:
        for path, (valid, message) in zip(inputs, pool.map(one, inputs)):
            if not valid:
                raise OjpackError(f"proof generator {problem.spec.proof.generator if problem.spec.proof else ''} "
                                  f"wrote an invalid batch {path.name}: {message}")


@dataclass(frozen=True)
class Batches:
    boxes: dict[str, str]   # solution name -> the generator arguments it is proven on
    made: dict[str, tuple[list[BuiltTest], int, float, str]]   # those arguments -> proof_batches' result


def make_batches(problem: Problem, programs: Sequence[tuple[str, Program]], cache_dir: Path,
                 gate: AbstractContextManager[object] | None = None, workers: int | None = None) -> Batches:
    """The batches each program is proven on (proof_batches, per box), made before any of them runs: `ojpack
    check` makes them while the solutions run (gate, workers: as proof_batches')."""
    spec = problem.spec.proof
    assert spec is not None
    unknown = sorted(set(spec.boxes) - set(load_languages()))
    if unknown:
        raise OjpackError(f"problem.yaml: proof.boxes names unknown language(s) {', '.join(unknown)}; "
                          f"known: {', '.join(load_languages())}")
    boxes = {name: proof_box(problem, p.language.id) for name, p in programs}
    made = {box: proof_batches(problem, cache_dir, p.language.id, gate, workers)
            for name, p in programs if (box := boxes[name])}
    if not made:   # no accepted solution: still make (and so validate) the default box
        made[spec.args] = proof_batches(problem, cache_dir, gate=gate, workers=workers)
    return Batches(boxes, made)


def run_proof(problem: Problem, programs: Sequence[tuple[str, Program]], checker: Checker, cache_dir: Path,
              workers: int | None = None, on_done: Callable[[Job, object], None] | None = None,
              on_start: Callable[[int], None] | None = None, fresh: bool = False,
              batches: Future[Batches] | None = None) -> ProofResult:
    """`batches`: make_batches' result for these programs, under way already (else made here)."""
    start = time.monotonic()
    spec = problem.spec.proof
    assert spec is not None
    lim = problem.spec.limits
    checker_id = json.dumps(asdict(problem.spec.checker), sort_keys=True)
    done_dir = cache_dir / "proof-passed"
    ready = batches.result() if batches is not None else make_batches(problem, programs, cache_dir)
    boxes, made = ready.boxes, ready.made
    batch_seconds = time.monotonic() - start   # what the check waited for them

    def passed(name: str, p: Program) -> Path:
        return done_dir / key(made[boxes[name]][3], p.key, *p.argv, checker_id, str(lim))

    todo = [(name, p) for name, p in programs if fresh or not passed(name, p).exists()]
    # no traces: the proof's runs are not shown run by run
    jobs = [Job(name, program, t, traced=False) for name, program in todo for t in made[boxes[name]][0]]
    if on_start:
        on_start(len(jobs))
    cells = execute(jobs, problem_limits(problem), lim.time, checker, workers, on_done)
    failures: list[str] = []
    used = {name: -1.0 for name, _ in programs}
    for name, program in todo:
        tests = made[boxes[name]][0]
        mine = [cells[(name, t.id)] for t in tests]
        used[name] = round(sum(c.time for c in mine), 2)
        bad = [(t, c) for t, c in zip(tests, mine) if c.verdict is not Verdict.AC]
        for t, c in bad[:3]:
            note = f" ({c.message})" if c.message else ""
            failures.append(f"{name} on proof batch {t.input.name}: {c.verdict}{note}")
        if len(bad) > 3:
            failures.append(f"{name}: {len(bad) - 3} more failing proof batches")
        if not bad:
            done_dir.mkdir(parents=True, exist_ok=True)
            passed(name, program).touch()
    main_box = made.get(spec.args) or next(iter(made.values()))
    return ProofResult(main_box[1], len(main_box[0]), sum(m[2] for m in made.values()), time.monotonic() - start,
                       used, tuple(failures), boxes, batch_seconds)
