"""How `ojpack check` keeps the cores busy: one program more than cores while no costly run goes on, and the
work that waits on none of the solutions' runs (the validator twin, the proof's batches) done beside them.

A short run's turn is largely the cage's: namespaces made for it and dropped after it, waits in the kernel
that use no CPU; with one run per core, a core idles through them. And after the runs, the side work was a
phase of its own with a core idle for much of it: the proof generator compiles and then runs as one process,
and a phase ends with a tail where one job is left. So `Turns` lets one program more than there are workers
run while no costly run goes on (a chained run, one that may use its whole time limit and whose chain goes on
when the wall clock rather than the CPU limit cut it), and the side work's programs take turns as the runs
do: a costly run competes with no more programs than it did before, an ordinary one with at most one more,
which on an idle two-core machine still leaves it two thirds of a core, far from the wall-clock cut-off
(twice the CPU limit and a second). A slow accepted run is measured again once the side work is done
(`Aside.settle`). Once the runs are done (`Aside.open`), what is left of the side work goes on as wide as it
did when it came after them."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor, wait
from contextlib import AbstractContextManager, contextmanager
from types import TracebackType
from typing import TypeVar

T = TypeVar("T")


class Turns:
    """Who may start a program now: `workers` at a time, one more while no costly run goes on or waits (not
    when `--jobs` named how many: then exactly that many), the side work's programs among them."""

    def __init__(self, workers: int | None) -> None:
        self.workers = workers or os.cpu_count() or 1
        self.extra = 0 if workers else 1
        # one condition per kind of turn, on one lock: a turn's end wakes only as many of each kind as could
        # start now. One condition woken whole woke every waiting thread at each run's end (the twin's and the
        # runs': ~8) to take the interpreter's lock in turn and sleep again: ~0.3 s of a check's Python time.
        lock = threading.Lock()
        self._cond = {kind: threading.Condition(lock) for kind in ("costly", "run", "side")}
        self._running = 0    # programs started through these turns and not yet done
        self._costly = 0     # costly runs among them
        self._waiting = 0    # costly runs waiting for their turn: nothing else goes before them
        self._opened = False

    @property
    def threads(self) -> int:
        """Threads that a pool of runs needs to use every turn."""
        return self.workers + self.extra

    def _quiet(self) -> int:
        """The extra turn, when no costly run goes on or waits."""
        return self.extra if not self._costly and not self._waiting else 0

    def _free(self, kind: str) -> int:
        """How many turns of `kind` could start now (`side` after `open`: any number)."""
        if kind == "costly":
            return self.workers - self._running
        if kind == "run":
            return self.workers + self._quiet() - self._running - self._waiting
        if self._opened:
            return 1 << 30
        return 0 if self._costly or self._waiting else self.workers + self.extra - self._running

    def _wake(self) -> None:
        """After a turn ends or the side work is let go: wake as many of each kind as could start. A woken
        thread checks again and may sleep again (another took the turn first); that one's end wakes anew."""
        for kind, cond in self._cond.items():
            if (free := self._free(kind)) > 0:
                cond.notify(free)

    @contextmanager
    def _turn(self, kind: str) -> Iterator[None]:
        costly = kind == "costly"
        cond = self._cond[kind]
        with cond:
            self._waiting += costly
            cond.wait_for(lambda: self._free(kind) > 0)
            self._waiting -= costly
            self._running += 1
            self._costly += costly
        try:
            yield
        finally:
            with cond:
                self._running -= 1
                self._costly -= costly
                self._wake()

    def run(self) -> AbstractContextManager[None]:
        """An ordinary run's turn (after any costly run that waits)."""
        return self._turn("run")

    def costly(self) -> AbstractContextManager[None]:
        """A costly run's turn: at most `workers` programs run beside it, itself included."""
        return self._turn("costly")

    def side(self) -> AbstractContextManager[None]:
        """A side program's turn: any turn an ordinary run could take, none beside a costly run, until
        `open`."""
        return self._turn("side")

    def open(self) -> None:
        with self._cond["side"]:
            self._opened = True
            self._wake()


class _Gate:
    """A reusable context manager for a side program's turn (compare_twin's and make_batches' `gate`)."""

    def __init__(self, turns: Turns) -> None:
        self._turns = turns
        self._held = threading.local()

    def __enter__(self) -> None:
        self._held.turn = self._turns.side()
        self._held.turn.__enter__()

    def __exit__(self, *exc: object) -> None:
        self._held.turn.__exit__(None, None, None)


class Aside:
    """The check's turns, and threads for the side work."""

    def __init__(self, workers: int | None) -> None:
        self.turns = Turns(workers)
        self.gate = _Gate(self.turns)
        # a thread each: the twin and the caller's work start before the compiles, the proof's batches after
        # them, and must not wait for those
        self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="ojpack-aside")
        self._futures: list[Future[object]] = []

    def open(self) -> None:
        """The runs are done: the side work no longer waits for its turn."""
        self.turns.open()

    def submit(self, fn: Callable[..., T], *args: object, **kwargs: object) -> Future[T]:
        future = self._pool.submit(fn, *args, **kwargs)
        self._futures.append(future)   # type: ignore[arg-type]
        return future

    def settle(self) -> None:
        """Wait until the side work is done (its errors stay in its futures): what runs next has the
        machine to itself, as a slow run measured again must."""
        wait(self._futures)

    def __enter__(self) -> Aside:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        # the check failed before it needed them: what has not started is dropped, what has is waited for
        self.open()
        self._pool.shutdown(wait=True, cancel_futures=True)
