"""`ojpack stress`: a solution against a reference on random valid inputs until they disagree, then shrink.

Inputs come from the grammar (valid by construction, magnitude growing case by case, top-level lists
packed full so one spawn compares many cases) and, every GEN_EVERY-th case, from a generator of the plan
with a fresh salt. The package's validator is the authority: it runs only on what would be reported."""

from __future__ import annotations

import os
import random
import re
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..cache import cache_for
from ..errors import OjpackError
from ..judging import load_judge, problem_limits
from ..problem import PlannedTest, Problem, make_plan
from ..sandbox import Program, RunLimits, prepare, run
from ..testdata import load_validator, validate_bytes
from .ahead import Ahead
from .duel import Duel, Outcome
from .grammar import Block, Grammar, GrammarError, load_grammar
from .plan_edit import add_copy_test, check_name
from .shrink import Shrinker

GEN_EVERY = 64
GEN_LIMITS = RunLimits(cpu=30, wall=60, memory_mib=2048, output_mib=256)
SALT = re.compile(r"^--salt(=.*)?$")


@dataclass(frozen=True)
class Found:
    index: int
    data: bytes
    tree: Block
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

    def to_json(self) -> dict[str, Any]:
        return {"counterexample": str(self.counterexample) if self.counterexample else None, "cases": self.cases,
                "games": self.units, "seconds": round(self.seconds, 2), "seed": self.seed, "expected": self.expected,
                "got": self.got, "message": self.message, "origin": self.origin, "shrink_tests": self.shrink_tests,
                "added": self.added}


class Sources:
    """Case k → input bytes and tree: the grammar, or now and then a plan generator with a fresh salt."""

    def __init__(self, problem: Problem, grammar: Grammar, seed: int, generators: bool = True) -> None:
        self.problem, self.grammar, self.seed = problem, grammar, seed
        self.gens = [t for t in make_plan(problem) if t.gen] if generators else []
        self.cache_dir = cache_for(problem.root).dir

    def make(self, k: int) -> tuple[bytes, int, str] | None:
        """Input k's bytes, its elementary cases and where it came from."""
        rng = random.Random(f"{self.seed}:{k}")
        if self.gens and k % GEN_EVERY == GEN_EVERY - 1:
            return self._generated(rng.choice(self.gens), f"stress-{self.seed}-{k}")
        data, units = self.grammar.sample(rng, k)
        return data, units, f"grammar case {k} (seed {self.seed})"

    def _generated(self, test: PlannedTest, salt: str) -> tuple[bytes, int, str] | None:
        assert test.gen is not None
        args = [a for i, a in enumerate(test.gen[1:]) if not SALT.match(a)
                and not (i > 0 and test.gen[i] == "--salt")]
        program = prepare(self.problem.path(f"generators/{test.gen[0]}"), self.cache_dir)
        line = " ".join([test.gen[0], *args, "--salt", salt])
        with tempfile.TemporaryDirectory(prefix="ojpack-stressgen-") as tmp:
            out = Path(tmp, "out")
            res = run([*program.argv, *args, "--salt", salt], Path("/dev/null"), out, GEN_LIMITS,
                      readable=[program.source.parent], address_space=program.language.address_space)
            if res.status != "ok":
                raise OjpackError(f"generator `{line}` failed ({res.status}, exit {res.exit_code})")
            data = out.read_bytes()
        try:
            return data, self.grammar.units(self.grammar.parse(data)), f"generator `{line}`"
        except GrammarError as e:
            raise OjpackError(f"generator `{line}` wrote an input the grammar cannot read: {e}") from None


def hunt(duel: Duel, sources: Sources, seconds: float, workers: int,
         accept: Callable[[bytes], bool] = lambda _d: True) -> Hunt:
    """Compare on case after case (made ahead by one thread, see ahead.py), `workers` at once, until a
    difference or the deadline."""
    state, lock, stop = Hunt(), threading.Lock(), threading.Event()
    deadline = time.monotonic() + seconds
    ahead = Ahead(sources.make, 2 * workers, stop)

    def worker() -> None:
        while not stop.is_set() and time.monotonic() < deadline:
            taken = ahead.take()
            if taken is None:
                return
            k, made = taken
            if made is None:
                continue
            data, units, origin = made
            differ = duel.differs(data)
            with lock:
                state.cases += 1
                state.units += units
            if differ and accept(data):
                tree = sources.grammar.parse(data)
                with lock:
                    if state.found is None or k < state.found.index:
                        state.found = Found(k, data, tree, origin)
                stop.set()

    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(worker) for _ in range(workers)]
        try:
            for f in futures:
                f.result()
        finally:
            ahead.close()
    return state


def minimise(duel: Duel, grammar: Grammar, tree: Block, workers: int) -> tuple[bytes, Outcome, int]:
    shrinker = Shrinker(grammar, duel.differs, workers)
    small = grammar.render(shrinker.shrink(tree))
    outcome = duel.compare(small)
    if not outcome.differ:   # a flaky solution (undefined behaviour): keep what failed last
        raise OjpackError("the difference did not reproduce after shrinking (does the solution behave "
                          "nondeterministically?)")
    return small, outcome, shrinker.tests


def write_counterexample(folder: Path, stem: str, data: bytes, outcome: Outcome, note: str) -> Path:
    """STEM.in, STEM.ans (the reference's output), STEM.out (the solution's), STEM.log (checker message)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{stem}.in").write_bytes(data)
    (folder / f"{stem}.ans").write_bytes(outcome.expected)
    (folder / f"{stem}.out").write_bytes(outcome.got)
    (folder / f"{stem}.log").write_text(f"{note}\nchecker: {outcome.message}\n", encoding="utf-8")
    return folder / f"{stem}.in"


@dataclass(frozen=True)
class Setup:
    grammar: Grammar
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
    return Setup(load_grammar(problem), problem_limits(problem), lim.time,
                 load_judge(problem, cache.dir), load_validator(problem, cache))


def compile_program(problem: Problem, source: Path, lang: str | None = None) -> Program:
    return prepare(source, cache_for(problem.root).dir, lang, memory_mib=problem.spec.limits.memory,
                   includes=problem.includes())


def stress(problem: Problem, solution: Path, against: Path | None = None, seconds: float = 60.0,
           seed: int | None = None, workers: int | None = None, lang: str | None = None,
           add: str | None = None, generators: bool = True) -> StressResult:
    start = time.monotonic()
    seed = random.randrange(10**9) if seed is None else seed
    if add:
        check_name(problem, add)
    s = setup(problem)
    sol = compile_program(problem, solution, lang)
    ref = compile_program(problem, against or problem.model_path())
    workers = workers or os.cpu_count() or 2
    full = problem.bounds_for("sample")
    valid = lambda data: validate_bytes(s.validator, data, full).valid   # noqa: E731
    with Duel(sol, ref, s.checker, s.limits, s.time_limit) as duel:
        found = hunt(duel, Sources(problem, s.grammar, seed, generators), seconds, workers, valid)
        if found.found is None:
            return StressResult(None, found.cases, found.units, time.monotonic() - start, seed)
        data, outcome, tests = minimise(duel, s.grammar, found.found.tree, workers)
    verdict = validate_bytes(s.validator, data, full)
    if not verdict.valid:
        raise GrammarError(f"the grammar in problem.yaml made an input the validator rejects: {verdict.message}")
    stem = f"{solution.stem}-vs-{ref.source.stem}"
    note = f"{solution.name} vs {ref.source.name}; found by {found.found.origin}; {tests} shrink runs"
    path = write_counterexample(problem.root / "build" / "stress", stem, data, outcome, note)
    added = None
    if add:
        done = add_copy_test(problem, add, data)
        added = f"tests.{done.group}: {done.name}"
    return StressResult(path, found.cases, found.units, time.monotonic() - start, seed,
                        outcome.expected.decode(errors="replace"), outcome.got.decode(errors="replace"),
                        outcome.message, found.found.origin, tests, added)
