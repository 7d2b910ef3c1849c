"""Hand out a batch's runs so that each worker thread keeps to one program while that program has runs left.

Why: a worker thread keeps a prepared cage per program it runs (sandbox/pool.py), and a Python program's
cage starts an interpreter of its own (sandbox/pywarm.py). Handed out one by one in the order given, every
thread ran a little of every program, and a check of 35 solutions started ~100 cages where ~40 do: each
start is ~5 ms of namespaces and mounts, ~15 ms more with the interpreter. So the runs are cut into runs of
one owner, a thread takes such a run whole, and once no run is left untaken a free thread takes the far half
of the longest one that another thread is still working through (work stealing, as in Cilk or Go's
scheduler), so the cores stay busy to the end."""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Hashable, Sequence
from typing import Generic, TypeVar

T = TypeVar("T")


class Stretch(Generic[T]):
    """Jobs of one owner, in their order; `taken`: a thread works through it."""

    def __init__(self, jobs: deque[T]) -> None:
        self.jobs = jobs
        self.taken = False


class Affine(Generic[T]):
    """The jobs, given out by `drain`; `stop` makes every drain return before its next job."""

    def __init__(self, jobs: Sequence[T], owner: Callable[[T], Hashable]) -> None:
        by_owner: dict[Hashable, deque[T]] = {}
        for job in jobs:
            by_owner.setdefault(owner(job), deque()).append(job)
        self._stretches = [Stretch(q) for q in by_owner.values()]
        self._lock = threading.Lock()
        self._stopped = False

    def stop(self) -> None:
        with self._lock:
            self._stopped = True

    def drain(self, run: Callable[[T], object]) -> None:
        """Run jobs until none is left (or `stop`): those of the thread's stretch first."""
        mine: Stretch[T] | None = None
        while True:
            with self._lock:
                if self._stopped:
                    return
                if mine is None or not mine.jobs:
                    mine = self._next()
                    if mine is None:
                        return
                job = mine.jobs.popleft()
            run(job)

    def _next(self) -> Stretch[T] | None:
        self._stretches = [s for s in self._stretches if s.jobs]
        for s in self._stretches:
            if not s.taken:
                s.taken = True
                return s
        if not self._stretches:
            return None
        longest = max(self._stretches, key=lambda s: len(s.jobs))
        half = (len(longest.jobs) + 1) // 2
        stolen: deque[T] = deque()
        for _ in range(half):
            stolen.appendleft(longest.jobs.pop())
        mine = Stretch(stolen)
        mine.taken = True
        self._stretches.append(mine)
        return mine
