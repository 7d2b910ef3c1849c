"""What decides that an input may be reported: the package's validators, then the difference itself.

`Validity` runs the validator as the build runs it (in the sandbox, the problem's bounds on its command
line, `--features`), then every extra validator with its flags; an input is valid only if all accept it.
`Keeper` is the `keep` of shrinkers.py: a batch of candidates is tried in parallel, each first by the
validator and, if valid, by the duel; the first one in order that is valid and still differs wins. Past
its deadline it raises OutOfTime, and `best` holds the last input it answered (valid, still differing):
a shrinker can meet inputs that no budget shrinks to the end (a 30,000-edge path, every edge needed)."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..cache import cache_for
from ..problem import Problem
from ..testdata import load_extra_validators, validate_bytes, validate_plain
from .duel import Duel, ReferenceFailed


class Validity:
    def __init__(self, problem: Problem, validator: object) -> None:
        self.validator, self.bounds = validator, problem.bounds_for("sample")
        extras = load_extra_validators(problem, cache_for(problem.root)) if problem.spec.extra_validators else []
        self.extras = [(v, spec.flags) for v, spec in zip(extras, problem.spec.extra_validators)]
        self.rejected = 0
        self._lock = threading.Lock()

    def why_not(self, data: bytes) -> str | None:
        """None if every validator accepts `data`, else the first rejection's message. Not cached: stress
        inputs are throwaway, and the cache is for the data."""
        verdict = validate_bytes(self.validator, data, self.bounds)   # type: ignore[arg-type]
        said = None if verdict.valid else verdict.message
        for extra, flags in self.extras:
            if said is None and not (v := validate_plain(extra, data, flags)).valid:
                said = v.message
        if said is not None:
            with self._lock:
                self.rejected += 1
        return said

    def __call__(self, data: bytes) -> bool:
        return self.why_not(data) is None


class OutOfTime(Exception):
    """The shrinking's time is up: the Keeper's `best` is what it reached."""


class Keeper:
    """keep(batch) -> the index of the first valid candidate on which the duel still differs, or None."""

    def __init__(self, duel: Duel, valid: Validity, workers: int, kept: Path, deadline: float | None = None,
                 start: bytes = b"") -> None:
        self.duel, self.valid, self.kept, self.deadline = duel, valid, kept, deadline
        self.tried = 0
        self.best = start
        self._pool = ThreadPoolExecutor(max_workers=workers)
        self._lock = threading.Lock()

    def close(self) -> None:
        self._pool.shutdown(wait=True)

    def __enter__(self) -> Keeper:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _one(self, data: bytes) -> bool:
        with self._lock:
            self.tried += 1
        if not self.valid(data):
            return False
        try:
            return self.duel.differs(data)
        except ReferenceFailed as e:   # on an input the validator accepted: the reference's fault
            raise e.kept(self.kept) from None

    def __call__(self, batch: Sequence[bytes]) -> int | None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise OutOfTime
        results = list(self._pool.map(self._one, batch)) if len(batch) > 1 else [self._one(d) for d in batch]
        hit = next((i for i, ok in enumerate(results) if ok), None)
        if hit is not None:   # shrinkers take the first that still differs: the input they now hold
            self.best = batch[hit]
        return hit
