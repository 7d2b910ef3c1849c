"""Stress inputs made ahead by one thread while the workers compare the ones before.

Making an input (the grammar's sampling) is Python and holds the interpreter's lock; comparing one is
mostly waiting for two programs. When each worker made its own input and then compared it, a worker's
make waited for the other's, and a run's start-up (a cage's, above all) was time in which no input was
being made. One maker thread keeps a few inputs queued instead, so making goes on while every worker's
programs run. Inputs keep their numbers: the smallest differing one is still the one reported."""

from __future__ import annotations

import itertools
import queue
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")
POLL = 0.05   # seconds a blocked maker or worker waits before looking at the stop flag again


class Ahead(Generic[T]):
    """`make(0)`, `make(1)`, ... on a thread of its own, at most `depth` waiting; `take()` the next one."""

    def __init__(self, make: Callable[[int], T], depth: int, stop: threading.Event) -> None:
        self._make, self._stop = make, stop
        self._queue: queue.Queue[tuple[int, T] | BaseException] = queue.Queue(maxsize=max(1, depth))
        self._thread = threading.Thread(target=self._fill, name="ojpack-stress-maker", daemon=True)
        self._thread.start()

    def _fill(self) -> None:
        for k in itertools.count():
            if self._stop.is_set():
                return
            try:
                item: tuple[int, T] | BaseException = (k, self._make(k))
            except BaseException as e:   # handed to a worker, which raises it where hunt() sees it
                item = e
            while not self._stop.is_set():
                try:
                    self._queue.put(item, timeout=POLL)
                    break
                except queue.Full:
                    continue
            if isinstance(item, BaseException):
                return

    def take(self) -> tuple[int, T] | None:
        """The next input and its number; None once stopped. A failure of the maker is raised here."""
        while not self._stop.is_set():
            try:
                item = self._queue.get(timeout=POLL)
            except queue.Empty:
                continue
            if isinstance(item, BaseException):
                self._stop.set()
                raise item
            return item
        return None

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
