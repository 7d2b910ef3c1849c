"""`ojpack build`: plan → generate → validate → solve → data/, atomically, checked against the lock."""

from __future__ import annotations

import os
import shutil
import time
from concurrent.futures import FIRST_EXCEPTION, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from . import lock
from ..cache import Cache, cache_for, sha256_bytes
from .coverage import GROUP_FEATURES, TestFacts, answer_tokens, gaps, own_coverage
from .data import (BuiltTest, DataMissing, build_lock, check_data_dir, fingerprint, load_built, recover,
                   staging_dir, swap_in, write_tree)
from ..sandbox import Program
from ..errors import BuildError, OjpackError
from ..interrupt import critical, on_interrupt
from .generate import generate, generator_digest
from ..problem import PlannedTest, make_plan
from ..problem import Problem
from .solve import load_model, solve
from .validate import Validator, load_extra_validators, load_validator, validate_bytes, validate_plain

Progress = Callable[[PlannedTest], None]


@dataclass(frozen=True)
class BuildResult:
    tests: list[BuiltTest]
    seconds: float
    lock_status: str        # "unchanged", "created" or "updated"


def build(problem: Problem, update_lock: bool = False, on_done: Progress | None = None,
          jobs: int | None = None) -> BuildResult:
    start = time.monotonic()
    plan = make_plan(problem)
    cache = cache_for(problem.root)
    with build_lock(problem.root):
        recover(problem.root)
        check_data_dir(problem.root)
        digest = generator_digest(problem)
        # The validator and the model compile while the first inputs are generated: a test waits for them
        # only once its input is made (a C++ validator alone takes about a second to compile).
        with ThreadPoolExecutor(max_workers=2) as compiling:
            validator = compiling.submit(load_validator, problem, cache)
            model = compiling.submit(load_model, problem, cache)
            extras = compiling.submit(load_extra_validators, problem, cache)

            def one(test: PlannedTest) -> tuple[BuiltTest, bytes, bytes]:
                made = _make(problem, test, cache, digest, validator, model, extras)
                if on_done:
                    on_done(test)
                return made

            try:
                # one test more than cores: a test's short runs spend much of their turn in the cage's
                # kernel waits (namespaces made and dropped), which use no CPU
                made = _run_all(one, plan, jobs or (os.cpu_count() or 1) + 1)
            finally:
                for f in (validator, model, extras):
                    f.cancel()
        problems = gaps(problem.spec.coverage, [TestFacts(t.group, t.features, t.answers) for t, _, _ in made],
                        problem.groups, own_coverage(problem.spec.subtasks))
        if problems:
            raise BuildError("the test plan leaves coverage gaps:\n  - " + "\n  - ".join(problems))
        hashes = {f"{t.input}": t.input_sha256 for t, _, _ in made} | {f"{t.answer}": t.answer_sha256 for t, _, _ in made}
        lock_status = _check_lock(problem.root, hashes, update_lock)
        staging = staging_dir(problem.root)
        with on_interrupt(lambda: shutil.rmtree(staging, ignore_errors=True)):
            try:
                write_tree(staging, made, fingerprint(problem))
                with critical():   # data/ and its lock change together, or not at all
                    swap_in(problem.root, staging)
                    if lock_status != "unchanged":
                        lock.write(problem.root, hashes)
            finally:
                shutil.rmtree(staging, ignore_errors=True)
        tests = load_built(problem)
    return BuildResult(tests, time.monotonic() - start, lock_status)


def _make(problem: Problem, test: PlannedTest, cache: Cache, digest: str, validator_compiled: Future[Validator],
          model: Future[tuple[Program, str]], extras: Future[list[Validator]]) -> tuple[BuiltTest, bytes, bytes]:
    data = generate(problem, test, cache, digest)
    validator = validator_compiled.result()
    bounds, full = problem.bounds_for(test.group), problem.bounds_for("sample")
    try:
        verdict = validate_bytes(validator, data, bounds, cache)
    except BuildError:
        raise
    except OjpackError as e:   # the validator itself failed: say on which test
        raise BuildError(f"{test.id}: {e}") from None
    if not verdict.valid:
        raise BuildError(f"{test.id}: the input made by `{test.line}` is invalid"
                         f"{_blame_bounds(problem, test.group, validator, data, bounds)}: {verdict.message}")
    own = problem.spec.tests[test.group][test.index - 1].validator_args   # the test's own, else its group's
    for extra, spec in zip(extras.result(), problem.spec.extra_validators):
        try:
            flags = own if own is not None else spec.group_flags.get(test.group, spec.flags)
            plain = validate_plain(extra, data, flags, cache)
        except OjpackError as e:
            raise BuildError(f"{test.id}: {spec.source}: {e}") from None
        if not plain.valid:
            raise BuildError(f"{test.id}: the input made by `{test.line}` is invalid ({spec.source}): {plain.message}")
    # Features such as "T=max" speak of the problem's bounds; a subtask's own coverage speaks of its
    # tighter ones, so the report against those is kept beside (as "group_features").
    own = list(verdict.features.get("features", []))
    if bounds != full:
        verdict = validate_bytes(validator, data, full, cache)
    features = {**verdict.features, GROUP_FEATURES: own} if test.group != "sample" else verdict.features
    # An interactive test's answer is what its interactor reads besides the input: nothing, here; an
    # imported test may keep the answer its source wrote.
    if test.answer:
        answer = problem.path(test.answer).read_bytes()
    else:
        answer = b"" if problem.spec.interactor or problem.spec.kind == "communication" else solve(problem, model.result(), data, test.id, cache)
    built = BuiltTest(test.group, test.index, test.name, test.id, Path(f"{test.rel}.in"), Path(f"{test.rel}.ans"),
                      features, answer_tokens(answer), sha256_bytes(data), sha256_bytes(answer))
    return built, data, answer


def _blame_bounds(problem: Problem, group: str, validator: Validator, data: bytes,
                  bounds: dict[str, tuple[int, int]]) -> str:
    """Which bound the input breaks (the one whose lifting makes it valid), and where it is set; "" when
    no single bound explains it (the input itself is malformed)."""
    broken = []
    for name, (lo, hi) in bounds.items():
        try:
            if validate_bytes(validator, data, {**bounds, name: (-10**18, 10**18)}).valid:
                broken.append(f"{name} in [{lo}, {hi}]")
        except OjpackError:   # the validator could not take the lifted bound: no verdict either way
            continue
    if len(broken) != 1:
        return ""
    name = broken[0].split(" ", 1)[0]
    sub = problem.subtask(group)
    where = (problem.where("subtasks", problem.groups.index(group), "bounds", name)
             if sub and name in sub.bounds else problem.where("bounds", name))
    return f": it breaks bound {broken[0]} ({where})"


def _run_all(fn: Callable[[PlannedTest], tuple[BuiltTest, bytes, bytes]], plan: list[PlannedTest],
             jobs: int) -> list[tuple[BuiltTest, bytes, bytes]]:
    """Run every test's pipeline on a pool; the first failure stops the rest and is raised."""
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(fn, t) for t in plan]
        done, pending = wait(futures, return_when=FIRST_EXCEPTION)
        for f in pending:
            f.cancel()
        for f in futures:
            if f in done and f.exception():
                raise f.exception()  # type: ignore[misc]
        return [f.result() for f in futures]


def _check_lock(root: Path, hashes: dict[str, str], update: bool) -> str:
    locked = lock.read(root)
    if locked is None:
        return "created"
    drift = lock.compare(locked, hashes)
    if not drift:
        return "unchanged"
    if not update:
        raise BuildError(f"the regenerated data differs from {lock.LOCK_FILE} ({drift.describe()}); "
                         "if the change is deliberate, run `ojpack build --update-lock`")
    return "updated"


__all__ = ["BuildResult", "build"]
