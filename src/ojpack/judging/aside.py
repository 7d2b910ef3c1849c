"""Work that `ojpack check` needs but that waits on none of the solutions' runs (the validator twin, the
proof's batches), done beside the runs instead of after them.

After the runs, each was a phase of its own with a core idle for much of it: the proof generator compiles
and then runs as one process, a phase ends with a tail where one job is left, and a short run's turn is
largely the cage's (namespaces made and dropped, waits in the kernel that use no CPU). Beside the runs, that
work fills those gaps. While the runs go on, the side work runs one program at a time (`gate`), and none
while a costly run goes on (`costly`: a chained run, one that may use its whole time limit, whose chain goes
on when the wall clock rather than the CPU limit cut it): an ordinary run competes with at most one more
program than before, still two thirds of a core or more on an idle two-core machine, and a slow accepted
run is measured again once the side work is done (`settle`). Once the runs are done (`open`), what is left
of the side work goes on as wide as it did when it came after them."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from types import TracebackType
from typing import TypeVar

T = TypeVar("T")


class _Turns:
    """The side work's turns: one program at a time, none while a costly run goes on, until `open`."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.side = 0      # side programs running
        self.costly = 0    # costly runs going on
        self.opened = False

    def __enter__(self) -> None:
        with self.cond:
            self.cond.wait_for(lambda: self.opened or (self.side == 0 and self.costly == 0))
            self.side += 1

    def __exit__(self, *_: object) -> None:
        with self.cond:
            self.side -= 1
            self.cond.notify_all()


class _Costly:
    """Held around a costly run: the side work starts nothing new meanwhile."""

    def __init__(self, turns: _Turns) -> None:
        self.turns = turns

    def __enter__(self) -> None:
        with self.turns.cond:
            self.turns.costly += 1

    def __exit__(self, *_: object) -> None:
        with self.turns.cond:
            self.turns.costly -= 1
            self.turns.cond.notify_all()


class Aside:
    """A thread for the side work, in the order submitted; `gate`, held around each of its program runs
    (compare_twin's and make_batches'), and `costly`, around each chained run (execute's)."""

    def __init__(self) -> None:
        self._turns = _Turns()
        self.gate = self._turns
        self.costly = _Costly(self._turns)
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ojpack-aside")
        self._futures: list[Future[object]] = []

    def open(self) -> None:
        """The runs are done: the side work no longer waits for its turn."""
        with self._turns.cond:
            self._turns.opened = True
            self._turns.cond.notify_all()

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
