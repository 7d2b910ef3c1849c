"""Work that `ojpack check` needs but that waits on none of the solutions' runs (the validator twin, the
proof's batches), done beside the runs instead of after them.

After the runs, each was a phase of its own with a core idle for much of it: the proof generator compiles
and then runs as one process, a phase ends with a tail where one job is left, and a short run's turn is
largely the cage's (namespaces made and dropped, waits in the kernel that use no CPU). Beside the runs, that
work fills those gaps. While the runs go on, the side work runs one program at a time (`gate`), so a run
competes with at most one more program than before: on an idle two-core machine it still gets two thirds of
a core or more, far from the wall-clock cut-off (twice the CPU limit and a second); a slow accepted run is
measured again once the side work is done (`settle`). Once the runs are done (`open`), what is left of the
side work goes on as wide as it did when it came after them."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from types import TracebackType
from typing import TypeVar

T = TypeVar("T")


# Permits that `open` adds: more than there are threads to hold them, so none waits again.
_OPEN = 1024


class Aside:
    """A thread for the side work, in the order submitted, and `gate`, held around each of its program runs
    (compare_twin's and make_batches' `gate`): one at a time until `open`."""

    def __init__(self) -> None:
        self.gate = threading.Semaphore(1)
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ojpack-aside")
        self._futures: list[Future[object]] = []
        self._opened = False

    def open(self) -> None:
        """The runs are done: the side work no longer waits for its turn."""
        if not self._opened:
            self._opened = True
            self.gate.release(_OPEN)

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
