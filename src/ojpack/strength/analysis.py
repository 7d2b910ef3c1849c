"""`ojpack strength`: how many plausible wrong solutions does the data kill?

Each mutant is compiled (cached by content, in parallel) and run on the data in judging order until its
first failing test: killed. A survivor is compared with the model on every proof batch (all small
positions) and then stressed for a few seconds (on the grammar's inputs, or without a grammar on the plan's
generator lines scaled down, as `ojpack stress` makes them): no difference → equivalent (as far as anyone can tell);
a difference → survived, with its shrunk counterexample, which `add` puts into the plan."""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ..cache import cache_for
from ..judging import Engine, Job, discover, output_scratch, proof_batches
from ..problem import Problem, load_problem
from ..sandbox import CompileError, Program
from ..testdata import BuiltTest, ensure_built
from .duel import Duel
from .judged import judge_run
from .keeper import Validity
from .mutate import Mutant, mutants, supported
from .plan_edit import add_copy_test
from .stress import SHRINK_SECONDS, Setup, Sources, compile_program, hunt, minimise, setup, write_counterexample

Status = Literal["killed", "equivalent", "survived", "stillborn"]


@dataclass
class MutantResult:
    mutant: Mutant
    status: Status = "stillborn"
    killed_by: str | None = None
    counterexample: Path | None = None
    data: bytes | None = None
    shrunk: bool = True      # False: its shrinking's time ran out (the counterexample is not minimal)


@dataclass
class StrengthReport:
    results: list[MutantResult]
    added: list[str] = field(default_factory=list)

    def count(self, status: Status) -> int:
        return sum(r.status == status for r in self.results)

    @property
    def mutants(self) -> int:   # stillborn mutants (they do not compile) are no solutions at all
        return len(self.results) - self.count("stillborn")

    @property
    def score(self) -> float:
        live = self.mutants - self.count("equivalent")
        return self.count("killed") / live if live else 1.0

    def to_json(self) -> dict[str, Any]:
        return {"mutants": self.mutants, "killed": self.count("killed"), "equivalent": self.count("equivalent"),
                "stillborn": self.count("stillborn"), "score": round(self.score, 4), "added": self.added,
                "survived": [{"mutant": r.mutant.id, "diff": r.mutant.diff,
                              "counterexample": str(r.counterexample) if r.counterexample else None,
                              "shrunk": r.shrunk}
                             for r in self.results if r.status == "survived"]}


class Runner:
    """Runs programs on files and judges them with the checker against a given answer (thread-safe)."""

    def __init__(self, s: Setup) -> None:
        self.s = s
        self._dir = Path(tempfile.mkdtemp(prefix="ojpack-strength-", dir=output_scratch(s.checker)))
        self._local = threading.local()

    def close(self) -> None:
        shutil.rmtree(self._dir, ignore_errors=True)

    def fails(self, program: Program, inp: Path, ans: Path) -> bool:
        out = getattr(self._local, "out", None)
        if out is None:
            out = self._local.out = Path(tempfile.mkdtemp(dir=self._dir)) / "out"
        # as in stress: no memory cgroup per run (any failure kills a mutant, whatever its kind)
        return judge_run(program, inp, ans, out, self.s.checker, self.s.limits, self.s.time_limit).failed

    def first_failing(self, program: Program, tests: Sequence[BuiltTest]) -> BuiltTest | None:
        return next((t for t in tests if self.fails(program, t.input, t.answer)), None)


def strength(problem: Problem, sources: Sequence[Path] | None = None, all_accepted: bool = False,
             stress_seconds: float = 3.0, workers: int | None = None, add: bool = False,
             select: Callable[[Mutant], bool] | None = None,
             on_done: Callable[[MutantResult, int], None] | None = None,
             engine: Engine | None = None) -> StrengthReport:
    """`engine` (a cluster): where the mutants' runs on the data go, each mutant's tests one chain that
    stops at its first failing test; compiling and examining survivors stay on this machine."""
    if sources is None:
        sources = [problem.model_path()]
        if all_accepted:
            sources += [s.path for s in discover(problem) if s.must_pass and supported(s.path)
                        and s.path != sources[0]]
    s = setup(problem)
    tests = ensure_built(problem)
    model = compile_program(problem, problem.model_path())
    todo = [m for src in sources for m in mutants(src) if select is None or select(m)]
    workers = workers or os.cpu_count() or 2
    folder = cache_for(problem.root).dir / "mutants"
    runner = Runner(s)
    try:
        def kill(m: Mutant) -> MutantResult:
            r = MutantResult(m)
            try:
                program = _compile(problem, m, folder)
            except CompileError:
                return r
            first = runner.first_failing(program, tests)
            r.status, r.killed_by = ("killed", first.id) if first else ("survived", None)
            return r

        results = []
        if engine is None:
            with ThreadPoolExecutor(max_workers=workers) as pool:
                for r in pool.map(kill, todo):
                    results.append(r)
                    if on_done and r.status != "survived":
                        on_done(r, len(todo))
        else:
            results = _kill_on(engine, problem, todo, tests, s, folder, workers)
            for r in results:
                if on_done and r.status != "survived":
                    on_done(r, len(todo))
        for r in results:
            if r.status == "survived":
                _examine(problem, r, model, s, runner, stress_seconds, workers, folder)
                if on_done:
                    on_done(r, len(todo))
    finally:
        runner.close()
    report = StrengthReport(results)
    if add:
        report.added = _add(problem, report, model, s, folder)
    return report


def _kill_on(engine: Engine, problem: Problem, todo: list[Mutant], tests: Sequence[BuiltTest], s: Setup,
             folder: Path, workers: int) -> list[MutantResult]:
    """Every mutant compiled here (cached), then its runs on the data as one chain per mutant on the engine:
    killed by the first test it fails, whatever the failure (as `Runner.fails` judges)."""
    def build(m: Mutant) -> Program | None:
        try:
            return _compile(problem, m, folder)
        except CompileError:
            return None

    with ThreadPoolExecutor(max_workers=workers) as pool:
        programs = list(pool.map(build, todo))
    results = [MutantResult(m) for m in todo]
    jobs = [Job(str(i), p, t) for i, p in enumerate(programs) if p is not None for t in tests]
    cells = engine.execute(jobs, s.limits, s.time_limit, s.checker, None, None, lambda job: job.owner)
    for i, (r, p) in enumerate(zip(results, programs)):
        if p is None:
            continue
        first = next((t for t in tests if (c := cells.get((str(i), t.id))) is not None and str(c.verdict) != "AC"),
                     None)
        r.status, r.killed_by = ("killed", first.id) if first else ("survived", None)
    return results


def _compile(problem: Problem, m: Mutant, folder: Path) -> Program:
    """The mutant's source sits in a folder of its own under its original name (Java wants that)."""
    path = folder / m.digest / m.original.name
    if not path.is_file():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(m.text)
    return compile_program(problem, path)


def _examine(problem: Problem, r: MutantResult, model: Program, s: Setup, runner: Runner, seconds: float,
             workers: int, folder: Path) -> None:
    """A survivor against the model: every proof batch, then stress; equivalent when nothing differs."""
    program = _compile(problem, r.mutant, folder)
    valid, kept = Validity(problem, s.validator), problem.root / "build" / "strength"
    with Duel(program, model, s.checker, s.limits, s.time_limit) as duel:
        failing = None
        if problem.spec.proof is not None:
            batch_tests = proof_batches(problem, cache_for(problem.root).dir)[0]
            with ThreadPoolExecutor(max_workers=workers) as pool:
                flags = pool.map(lambda t: runner.fails(program, t.input, t.answer), batch_tests)
                bad = next((t for t, f in zip(batch_tests, flags) if f), None)
            if bad is not None:
                failing = bad.input.read_bytes()
        if failing is None:   # the grammar's inputs, or without one the plan's generators scaled down
            found = hunt(duel, Sources(problem, s.grammar, 1, generators=False), seconds, workers, valid, kept)
            failing = found.found.data if found.found else None
        if failing is None:
            r.status = "equivalent"
            return
        budget = max(seconds, SHRINK_SECONDS)
        data, outcome, _, r.shrunk = minimise(duel, s.grammar, failing, workers, valid, kept, budget)
    r.data = data
    stem = f"{r.mutant.original.stem}-{r.mutant.line}-{r.mutant.digest[:8]}"
    cut = "" if r.shrunk else f"\nshrinking stopped after {budget:g} s (not minimal: a smaller input may still differ)"
    r.counterexample = write_counterexample(problem.root / "build" / "strength", stem, data, outcome,
                                            f"mutant {r.mutant.id}: {r.mutant.diff}{cut}")


def _add(problem: Problem, report: StrengthReport, model: Program, s: Setup, folder: Path) -> list[str]:
    """Add counterexamples to the plan, skipping a survivor that an already added one kills."""
    added: list[tuple[str, bytes]] = []
    for r in report.results:
        if r.status != "survived" or r.data is None:
            continue
        program = _compile(problem, r.mutant, folder)
        with Duel(program, model, s.checker, s.limits, s.time_limit) as duel:
            if any(duel.differs(data) for _, data in added):
                continue
        taken = {t.name for lines in problem.spec.tests.values() for t in lines}
        k = 1
        while f"mutant-{k}" in taken or problem.path(f"generators/manual/mutant-{k}.in").exists():
            k += 1
        done = add_copy_test(problem, f"mutant-{k}", r.data)
        problem = load_problem(problem.root)
        added.append((f"tests.{done.group}: {done.name}", r.data))
    return [name for name, _ in added]
