"""The validator's twin: `validate.py` and its C++ port `validate.cpp` beside it (whichever of the two
problem.yaml names as `validator`, the other is its twin). The judges that compile their validators get the
C++ one (UOJ's val.cpp, Kattis' and ICPC's input_validators), so it must judge every input as the declared
one does: both run on the validator's own tests (validators/tests.yaml) and on every input of the data,
each under its group's bounds, and any difference in outcome (valid, invalid, or a failure: another exit
code, a crash, a time-out) is named with the input. `ojpack check` fails on one; an export ships the twin
only when they agree."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from pathlib import Path

from ..cache import cache_for, tree_digest
from ..errors import OjpackError
from ..problem import Problem
from ..sandbox import CompileError, prepare
from .data import BuiltTest
from .validate import Validator, load_cases, load_validator, validate_bytes

TWINS = {".py": ".cpp", ".cpp": ".py"}


@dataclass(frozen=True)
class TwinReport:
    twin: Path | None                  # None: the validator has no twin beside it
    inputs: int = 0                    # how many inputs both judged
    disagreements: tuple[str, ...] = ()

    @property
    def agree(self) -> bool:
        """The twin judged every input as the validator did (trivially so without a twin)."""
        return not self.disagreements


def twin_of(problem: Problem) -> Path | None:
    """validators/validate.cpp beside validators/validate.py (or the other way round), if it exists."""
    validator = problem.path(problem.spec.validator)
    other = TWINS.get(validator.suffix)
    twin = validator.with_suffix(other) if other else None
    return twin if twin is not None and twin.is_file() else None


def _outcome(validator: Validator, data: bytes, bounds: dict[str, tuple[int, int]], problem: Problem) -> str:
    """valid, invalid or failed, the class of the validator's exit (42, 43, anything else)."""
    try:
        return "valid" if validate_bytes(validator, data, bounds, cache_for(problem.root)).valid else "invalid"
    except OjpackError as e:
        return f"failed ({str(e)[:200]})"


def compare_twin(problem: Problem, tests: list[BuiltTest], workers: int | None = None,
                 gate: AbstractContextManager[object] | None = None) -> TwinReport:
    """Both validators on the validator's tests and on every built input; results are cached by content.
    `gate`: held around each input's two runs (a semaphore shared with other work going on beside)."""
    twin = twin_of(problem)
    if twin is None:
        return TwinReport(None)
    cache = cache_for(problem.root)
    declared = problem.path(problem.spec.validator)
    rel = lambda p: p.relative_to(problem.root).as_posix()   # noqa: E731
    held = gate if gate is not None else nullcontext()
    with held:   # either may compile
        main = load_validator(problem, cache)
    try:
        with held:
            other = Validator(prepare(twin, cache.dir), tree_digest(twin.parent))
    except CompileError as e:
        return TwinReport(twin, 0, (f"{rel(twin)} does not compile: {(e.message.strip().splitlines() or [''])[0][:300]}",))
    items: list[tuple[str, bytes | Path, dict[str, tuple[int, int]]]] = \
        [(f"validators/tests.yaml case {c.name}", c.input, problem.bounds_for(c.group)) for c in load_cases(problem)]
    items += [(f"data/{t.id}.in", t.input, problem.bounds_for(t.group)) for t in tests]

    def one(item: tuple[str, bytes | Path, dict[str, tuple[int, int]]]) -> str | None:
        name, data, bounds = item
        raw = data.read_bytes() if isinstance(data, Path) else data
        with held:
            a, b = _outcome(main, raw, bounds, problem), _outcome(other, raw, bounds, problem)
        if a.split(" ", 1)[0] == b.split(" ", 1)[0]:
            return None
        return f"{rel(twin)} says {b} but {rel(declared)} says {a} on {name}"

    with ThreadPoolExecutor(max_workers=workers) as pool:
        found = [d for d in pool.map(one, items) if d]
    return TwinReport(twin, len(items), tuple(found))
