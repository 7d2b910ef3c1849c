"""The question every shrinker asks over and over: which candidate, first in order, still fails?

The grammar's shrinker (shrink.py) and the text reducer (reduce.py) both ask it; candidates are run
`size` at a time (in parallel, by whoever runs them), an input met again is never run again, and one that
renders as the current input, or fails `admit`, is not run at all."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

T = TypeVar("T")
# keep(batch): the index of the first input of the batch that still fails, or None
Keep = Callable[[Sequence[bytes]], "int | None"]
# run(batch): for each input, whether it still fails (None: not known, it was not run)
Outcomes = Callable[[list[bytes]], list["bool | None"]]


def outcomes_of(keep: Keep) -> Outcomes:
    """`keep` as outcomes: the inputs before its answer pass, its answer fails, the ones after are not known."""
    def run(batch: list[bytes]) -> list[bool | None]:
        hit = keep(batch)
        return [False if hit is None or i < hit else (True if i == hit else None) for i in range(len(batch))]

    return run


@dataclass
class FirstFailing(Generic[T]):
    run: Outcomes
    render: Callable[[T], "bytes | None"]          # None: the candidate cannot be written out; skipped
    size: int = 2
    admit: Callable[[T], bool] | None = None       # checked after the cheap tests, before a run
    known: dict[bytes, bool] = field(default_factory=dict)

    def first(self, candidates: Iterable[T], now: bytes) -> T | None:
        """The first of `candidates` that still fails and is not `now` (the current input), or None."""
        batch: list[tuple[T, bytes]] = []
        seen = {now}
        for candidate in candidates:
            data = self.render(candidate)
            if data is None or data in seen or self.known.get(data) is False:
                continue
            seen.add(data)
            if self.admit is not None and not self.admit(candidate):
                continue
            batch.append((candidate, data))
            if len(batch) == self.size:
                if (hit := self._try(batch)) is not None:
                    return hit
                batch = []
        return self._try(batch) if batch else None

    def _try(self, batch: list[tuple[T, bytes]]) -> T | None:
        todo = [d for _, d in batch if d not in self.known]
        if todo and not any(self.known.get(d) for _, d in batch):
            for data, failing in zip(todo, self.run(todo)):
                if failing is not None:
                    self.known[data] = failing
        return next((c for c, d in batch if self.known.get(d)), None)
