"""`ojpack strength --validator`: does the validator reject every invalid input made from the data?

Each invalid input (invalid.py) runs through the package's validator the way the build runs it (in the
sandbox, in parallel, with the bounds of the test's own group on its command line, results cached). Each
kind of input it accepts (per set of bounds) is shrunk over the grammar tree, keeping the mark that makes
it invalid, to a 1-minimal input the validator still accepts, reported with the rule it breaks."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from typing import Any, Literal

from ..cache import cache_for
from ..errors import OjpackError
from ..problem import Problem
from ..testdata import BuiltTest, ensure_built, load_validator, validate_bytes
from .grammar import Grammar, GrammarError, load_grammar
from .parallel import parallel_map
from .invalid import EDITS, InvalidInput, invalid_inputs
from .shrink import Shrinker
from .spelling import broken_rule

Outcome = Literal["rejected", "accepted", "crashed"]


@dataclass(frozen=True)
class Escape:
    """Invalid inputs of one kind the validator accepted (or crashed on), with the smallest, shrunk."""
    kind: str
    group: str
    bounds: str          # the validator's bound arguments
    test: str            # the valid test the shown input was made from
    outcome: Outcome
    count: int           # inputs of this kind and bounds that got through
    data: bytes          # shrunk
    rule: str            # the rule `data` breaks
    message: str = ""    # the validator's failure, when it crashed
    also: tuple[str, ...] = ()   # other groups whose bounds let the same shrunk input through

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "group": self.group, "bounds": self.bounds, "test": self.test,
                "outcome": self.outcome, "count": self.count, "input": self.data.decode("utf-8", "replace"),
                "rule": self.rule, "message": self.message, "also": list(self.also)}


@dataclass(frozen=True)
class ValidatorStrength:
    tried: int
    rejected: int
    escapes: tuple[Escape, ...]
    tests: int           # valid tests the inputs were made from
    quick: bool

    @property
    def ok(self) -> bool:
        return not self.escapes

    @property
    def accepted(self) -> int:
        return self.tried - self.rejected

    def to_json(self) -> dict[str, Any]:
        return {"tried": self.tried, "rejected": self.rejected, "accepted": self.accepted, "tests": self.tests,
                "quick": self.quick, "ok": self.ok, "escapes": [e.to_json() for e in self.escapes]}


def sources(tests: list[BuiltTest], quick: bool) -> list[BuiltTest]:
    """The tests to make inputs from: all, or (quick) the smallest of each group."""
    if not quick:
        return tests
    smallest: dict[str, BuiltTest] = {}
    for t in tests:
        if t.group not in smallest or t.input.stat().st_size < smallest[t.group].input.stat().st_size:
            smallest[t.group] = t
    return list(smallest.values())


def need_grammar(problem: Problem) -> None:
    """Without a grammar nothing says which number is tied to which bound, so no input made by editing a
    valid one is surely invalid: the validator's strength is not measured rather than guessed."""
    if not problem.spec.grammar:
        raise GrammarError("strength --validator needs `grammar:` in problem.yaml: without it ojpack cannot tell "
                           "which number is tied to which bound, so it cannot make inputs that are surely invalid")


def validator_strength(problem: Problem, quick: bool = False, workers: int | None = None,
                       on_done: Callable[[int, int], None] | None = None,
                       gate: AbstractContextManager[object] | None = None) -> ValidatorStrength:
    need_grammar(problem)
    grammar = load_grammar(problem)
    cache = cache_for(problem.root)
    validator = load_validator(problem, cache)
    made = sources(ensure_built(problem), quick)
    candidates: list[InvalidInput] = []
    for t in made:
        try:
            tree = grammar.parse(t.input.read_bytes())
        except GrammarError as e:
            raise OjpackError(f"test {t.id} does not follow problem.yaml's grammar: {e}") from None
        candidates += invalid_inputs(grammar, tree, t.group, t.id, problem.bounds_for(t.group))
    workers = workers or os.cpu_count() or 1
    seen: set[bytes] = set()
    lock = threading.Lock()
    held = gate if gate is not None else nullcontext()

    def outcome(case: InvalidInput) -> tuple[Outcome, str] | None:
        """Rendered, checked invalid by the oracle and validated in the worker, so the oracle's work overlaps
        the validator's runs; None for an input made before (from another test) or not surely invalid."""
        data = case.render(grammar)
        bounds = problem.bounds_for(case.group)
        with lock:
            fresh = (key := _key(problem, case.group) + data) not in seen
            seen.add(key)
        result: tuple[Outcome, str] | None = None
        if fresh and broken_rule(grammar, data, bounds) is not None:
            try:
                with held:   # `gate`: a side turn of a check this runs beside (judging/aside.py)
                    got = validate_bytes(validator, data, bounds, cache)
                result = ("accepted", "") if got.valid else ("rejected", got.message)
            except OjpackError as e:
                result = ("crashed", str(e))
        return result

    outcomes = parallel_map(outcome, candidates, workers, on_done)
    ran = [(case, r) for case, r in zip(candidates, outcomes) if r is not None]
    cases = [case for case, _ in ran]
    results = [r for _, r in ran]
    through: dict[tuple[str, str], list[tuple[InvalidInput, Outcome, str]]] = {}
    for case, (status, message) in zip(cases, results):
        if status != "rejected":
            bounds_text = _key(problem, case.group).decode().rstrip("\0")
            through.setdefault((case.kind, bounds_text), []).append((case, status, message))
    escapes = []
    for (kind, bounds_text), found in through.items():
        case, status, message = min(found, key=lambda f: len(f[0].render(grammar)))
        data = (case.render(grammar) if status == "crashed"
                else _shrink(problem, validator, cache, grammar, case, workers))
        rule = broken_rule(grammar, data, problem.bounds_for(case.group)) or "?"
        same = next((i for i, e in enumerate(escapes) if (e.kind, e.data) == (kind, data)), None)
        if same is None:
            escapes.append(Escape(kind, case.group, bounds_text, case.test, status, len(found), data, rule, message))
        else:   # the same shrunk input under other bounds (another subtask): one report, its groups named
            e = escapes[same]
            escapes[same] = replace(e, count=e.count + len(found), also=(*e.also, case.group))
    rejected = sum(s == "rejected" for s, _ in results)
    return ValidatorStrength(len(cases), rejected, tuple(escapes), len(made), quick)


def _key(problem: Problem, group: str) -> bytes:
    return " ".join(f"{k}={lo}..{hi}" for k, (lo, hi) in problem.bounds_for(group).items()).encode() + b"\0"


def _shrink(problem: Problem, validator: Any, cache: Any, grammar: Grammar, case: InvalidInput, workers: int) -> bytes:
    """The smallest input of `case`'s kind the validator still accepts: the tree is shrunk, the edit kept."""
    bounds = problem.bounds_for(case.group)
    edit = EDITS[case.edit] if case.edit else (lambda d: d)

    def fails(rendered: bytes) -> bool:
        data = edit(rendered)
        if broken_rule(grammar, data, bounds) is None:
            return False
        try:
            return validate_bytes(validator, data, bounds, cache).valid
        except OjpackError:
            return False

    tree = Shrinker(grammar, fails, workers=workers, valid_only=False).shrink(case.tree)
    return edit(grammar.render(tree))
