"""Run one function over many items on a thread pool, reporting progress as each finishes."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def parallel_map(fn: Callable[[T], R], items: Sequence[T], workers: int | None = None,
                 on_done: Callable[[int, int], None] | None = None) -> list[R]:
    """[fn(x) for x in items], `workers` at a time (default: all cores); on_done(done, total) after each."""
    lock = threading.Lock()
    done = [0]

    def counted(x: T) -> R:
        r = fn(x)
        with lock:
            done[0] += 1
            n = done[0]
        if on_done:
            on_done(n, len(items))
        return r

    with ThreadPoolExecutor(max_workers=workers or os.cpu_count() or 1) as pool:
        return list(pool.map(counted, items))
