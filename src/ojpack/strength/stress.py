"""`ojpack stress`: a solution against a reference on random inputs until they disagree, then shrink.

Inputs come from the grammar when problem.yaml has one (magnitude growing case by case, top-level lists
packed full so one spawn compares many cases, and every GEN_EVERY-th case a plan generator with a fresh
salt), else from the package's generators (gensource.py: `--gen` lines, or the plan's scaled down). The
package's validator is the authority on what an input is: a generator's input is validated before it is
compared, a grammar sample when it differs (the grammar may be looser than the validator), and every
candidate of the shrinking is judged by it too (keeper.py); nothing it rejects is ever reported."""

from __future__ import annotations

import os
import random
import shlex
import threading
import time
import zipfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from ..cache import cache_for
from ..errors import OjpackError
from ..judging import load_judge, problem_limits
from ..problem import Problem
from ..sandbox import Program, RunLimits, link_of, prepare
from ..testdata import load_validator
from .ahead import Ahead
from .duel import Duel, Outcome, ReferenceFailed
from .gensource import GenLine, Generated, parse_gen, plan_lines
from .grammar import Grammar, GrammarError, load_grammar
from .keeper import Keeper, OutOfTime, Validity
from .plan_edit import add_copy_test, check_name
from .reduce import reduce_text
from .shrinkers import Shrink, grammar_shrinker

GEN_EVERY = 64
SHRINK_SECONDS = 60.0   # shrinking gets as long as the search, and at least this


@dataclass(frozen=True)
class Made:
    data: bytes
    units: int          # elementary cases in it (a grammar's top-level list entries), 1 if unknown
    origin: str
    generated: bool     # from a generator (validated before it is compared) rather than the grammar


@dataclass(frozen=True)
class Found:
    index: int
    data: bytes
    origin: str


@dataclass
class Hunt:
    found: Found | None = None
    cases: int = 0
    units: int = 0


@dataclass(frozen=True)
class StressResult:
    counterexample: Path | None
    cases: int
    units: int              # elementary cases compared (top-level list entries: games)
    seconds: float
    seed: int
    expected: str | None = None
    got: str | None = None
    message: str | None = None
    origin: str | None = None
    shrink_tests: int = 0
    added: str | None = None
    rejected: int = 0       # inputs (and shrinking candidates) the validator rejected
    command: str | None = None
    shrunk: bool = True     # False: the shrinking's time ran out first (the input is not minimal)

    def to_json(self) -> dict[str, Any]:
        return {"counterexample": str(self.counterexample) if self.counterexample else None, "cases": self.cases,
                "games": self.units, "seconds": round(self.seconds, 2), "seed": self.seed, "expected": self.expected,
                "got": self.got, "message": self.message, "origin": self.origin, "shrink_tests": self.shrink_tests,
                "added": self.added, "rejected": self.rejected, "command": self.command, "shrunk": self.shrunk}


class Sources:
    """Case k → a Made: the grammar (now and then a plan generator with a fresh salt), or generators only."""

    def __init__(self, problem: Problem, grammar: Grammar | None, seed: int, generators: bool = True,
                 gens: Sequence[GenLine] = ()) -> None:
        self.grammar, self.seed = grammar, seed
        if gens or grammar is None:
            lines = list(gens) or plan_lines(problem, scaled=True)
            self.only, self.gen = True, Generated(problem, lines, seed)
        else:
            lines = plan_lines(problem, scaled=False) if generators else []
            self.only, self.gen = False, Generated(problem, lines, seed) if lines else None

    def make(self, k: int) -> Made | None:
        rng = random.Random(f"{self.seed}:{k}")
        if self.only or (self.gen is not None and k % GEN_EVERY == GEN_EVERY - 1):
            assert self.gen is not None
            made = self.gen.make(k, rng)
            if made is None:
                return None
            data, line = made
            return Made(data, self.units(data), f"generator `{line}`", True)
        assert self.grammar is not None
        data, units = self.grammar.sample(rng, k)
        return Made(data, units, f"grammar case {k} (seed {self.seed})", False)

    def units(self, data: bytes) -> int:
        if self.grammar is None:
            return 1
        try:
            return self.grammar.units(self.grammar.parse(data))
        except GrammarError:
            return 1


def hunt(duel: Duel, sources: Sources, seconds: float, workers: int, valid: Validity, kept: Path) -> Hunt:
    """Compare on case after case (made ahead by one thread, see ahead.py), `workers` at once, until a
    valid input on which they differ, or the deadline. `kept`: where an input the reference fails on goes."""
    state, lock, stop = Hunt(), threading.Lock(), threading.Event()
    deadline = time.monotonic() + seconds
    ahead = Ahead(sources.make, 2 * workers, stop)

    def worker() -> None:
        while not stop.is_set() and time.monotonic() < deadline:
            taken = ahead.take()
            if taken is None:
                return
            k, made = taken
            if made is None or (made.generated and not valid(made.data)):
                continue
            try:
                differ = duel.differs(made.data)
            except ReferenceFailed as e:
                if made.generated or valid(made.data):
                    raise e.kept(kept) from None
                continue   # an approximate grammar's input the validator rejects: not an input at all
            with lock:
                state.cases += 1
                state.units += made.units
            if differ and (made.generated or valid(made.data)):
                with lock:
                    if state.found is None or k < state.found.index:
                        state.found = Found(k, made.data, made.origin)
                stop.set()

    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(worker) for _ in range(workers)]
        try:
            for f in futures:
                f.result()
        finally:
            ahead.close()
    return state


def shrinker_for(grammar: Grammar | None, data: bytes, workers: int) -> Shrink:
    """Over the grammar's tree when the input follows the grammar; else the text reducer."""
    if grammar is not None:
        try:
            grammar.parse(data)
            return grammar_shrinker(grammar, workers)
        except GrammarError:
            pass
    return partial(reduce_text, batch=workers)


def minimise(duel: Duel, grammar: Grammar | None, data: bytes, workers: int, valid: Validity,
             kept: Path, seconds: float | None = None) -> tuple[bytes, Outcome, int, bool]:
    """The smallest input reached that the validator accepts and on which the two still differ, within
    `seconds` when given, and whether the shrinker got to its end (False: stopped by the clock)."""
    deadline = None if seconds is None else time.monotonic() + seconds
    with Keeper(duel, valid, workers, kept, deadline, data) as keep:
        try:
            small, ended = shrinker_for(grammar, data, workers)(data, keep), True
        except OutOfTime:
            small, ended = keep.best, False
        tried = keep.tried
    if (why := valid.why_not(small)) is not None:   # never reported, whatever a shrinker did
        raise OjpackError(f"shrinking ended on an input the validator rejects ({why}); this is a bug in ojpack")
    outcome = duel.compare(small)
    if not outcome.differ:   # a flaky solution (undefined behaviour): keep what failed last
        raise OjpackError("the difference did not reproduce after shrinking (does the solution behave "
                          "nondeterministically?)")
    return small, outcome, tried, ended


def write_counterexample(folder: Path, stem: str, data: bytes, outcome: Outcome, note: str,
                         command: str | None = None) -> Path:
    """STEM.in, STEM.ans (the reference's output), STEM.out (the solution's), STEM.log (checker message),
    and with `command` STEM.cmd (the command that finds it again) and a README saying what each file is."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{stem}.in").write_bytes(data)
    (folder / f"{stem}.ans").write_bytes(outcome.expected)
    (folder / f"{stem}.out").write_bytes(outcome.got)
    (folder / f"{stem}.log").write_text(f"{note}\nchecker: {outcome.message}\n", encoding="utf-8")
    if command:
        (folder / f"{stem}.cmd").write_text(command + "\n", encoding="utf-8")
        (folder / "README").write_text(
            f"{note}\n\n{stem}.in   the input (accepted by the package's validator)\n"
            f"{stem}.ans  the reference's output\n{stem}.out  the solution's output\n"
            f"{stem}.log  the checker's verdict\n{stem}.cmd  the command that found it:\n\n  {command}\n\n"
            f"Validate it again with `ojpack validate {folder / (stem + '.in')}`.\n", encoding="utf-8")
    return folder / f"{stem}.in"


@dataclass(frozen=True)
class Setup:
    grammar: Grammar | None     # None: the package has no `grammar:`
    limits: RunLimits
    time_limit: float
    checker: Any
    validator: Any


def setup(problem: Problem) -> Setup:
    """What stress and mutation analysis judge with; the judge of a multi-pass problem runs every pass."""
    if problem.spec.interactor is not None:
        raise OjpackError("stress and strength judge a program's output against a reference's, and an interactive "
                          "problem's programs have none: they play its interactor (`ojpack check` judges them)")
    cache = cache_for(problem.root)
    lim = problem.spec.limits
    grammar = load_grammar(problem) if problem.spec.grammar else None
    return Setup(grammar, problem_limits(problem), lim.time, load_judge(problem, cache.dir),
                 load_validator(problem, cache))


def compile_program(problem: Problem, source: Path, lang: str | None = None) -> Program:
    return prepare(source, cache_for(problem.root).dir, lang, memory_mib=problem.spec.limits.memory,
                   includes=problem.includes(), link=link_of(problem))


def _command(problem: Problem, solution: Path, against: Path | None, seconds: float, seed: int, lang: str | None,
             gens: Sequence[str]) -> str:
    def rel(p: Path) -> str:
        try:
            return str(p.resolve().relative_to(problem.root.resolve()))
        except ValueError:
            return str(p.resolve())

    argv = ["ojpack", "stress", rel(solution), "--seed", str(seed), "--seconds", f"{seconds:g}"]
    argv += ["--against", rel(against)] if against else []
    argv += ["--lang", lang] if lang else []
    for g in gens:
        argv += ["--gen", g]
    return shlex.join([*argv, "-p", str(problem.root)])


def stress(problem: Problem, solution: Path, against: Path | None = None, seconds: float = 60.0,
           seed: int | None = None, workers: int | None = None, lang: str | None = None,
           add: str | None = None, generators: bool = True, gens: Sequence[str] = (),
           shrink_seconds: float | None = None) -> StressResult:
    """`gens`: generator lines (`--gen`) to draw inputs from instead of the grammar or the plan;
    `shrink_seconds`: the shrinking's time (default: `seconds`, at least SHRINK_SECONDS)."""
    start = time.monotonic()
    if problem.spec.kind == "output_only" and (solution.is_dir() or zipfile.is_zipfile(solution)):
        raise OjpackError(f"{solution.name}: stress runs programs on new inputs, and an output-only submission is "
                          "outputs; stress the solver that wrote them (`ojpack judge` judges the outputs)")
    seed = random.randrange(10**9) if seed is None else seed
    if add:
        check_name(problem, add)
    lines = [parse_gen(problem, g) for g in gens]
    s = setup(problem)
    sol = compile_program(problem, solution, lang)
    ref = compile_program(problem, against or problem.model_path())
    workers = workers or os.cpu_count() or 2
    folder = problem.root / "build" / "stress" / solution.name
    valid = Validity(problem, s.validator)
    sources = Sources(problem, s.grammar, seed, generators, lines)
    with Duel(sol, ref, s.checker, s.limits, s.time_limit) as duel:
        found = hunt(duel, sources, seconds, workers, valid, folder)
        if found.found is None:
            return StressResult(None, found.cases, found.units, time.monotonic() - start, seed,
                                rejected=valid.rejected)
        budget = max(seconds, SHRINK_SECONDS) if shrink_seconds is None else shrink_seconds
        data, outcome, tests, ended = minimise(duel, s.grammar, found.found.data, workers, valid, folder, budget)
    reference = against or problem.model_path()   # by its own name: a linked program's source is its `run`
    stem = f"{solution.stem}-vs-{reference.stem}"
    note = f"{solution.name} vs {reference.name}; found by {found.found.origin}; {tests} shrink candidates"
    if not ended:
        note += f"; shrinking stopped after {budget:g} s (not minimal: a smaller input may still differ)"
    command = _command(problem, solution, against, seconds, seed, lang, gens)
    path = write_counterexample(folder, stem, data, outcome, note, command)
    added = None
    if add:
        done = add_copy_test(problem, add, data)
        added = f"tests.{done.group}: {done.name}"
    return StressResult(path, found.cases, found.units, time.monotonic() - start, seed,
                        outcome.expected.decode(errors="replace"), outcome.got.decode(errors="replace"),
                        outcome.message, found.found.origin, tests, added, valid.rejected, command, ended)
