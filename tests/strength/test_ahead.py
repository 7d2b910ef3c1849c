"""Stress inputs made ahead by one thread (strength/ahead.py): every number once and in order, a maker's
failure raised where the workers take, and a stop that ends a maker blocked on a full queue."""

from __future__ import annotations

import threading
import time

import pytest

from ojpack.strength.ahead import Ahead


def test_workers_take_each_input_once_with_its_number() -> None:
    stop = threading.Event()
    ahead = Ahead(lambda k: f"input {k}", depth=3, stop=stop)
    taken: list[tuple[int, str]] = []
    lock = threading.Lock()

    def worker() -> None:
        for _ in range(50):
            item = ahead.take()
            assert item is not None
            with lock:
                taken.append(item)

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    ahead.close()
    assert sorted(taken) == [(k, f"input {k}") for k in range(100)]


def test_a_failing_maker_is_raised_by_take_and_stops_the_rest() -> None:
    def make(k: int) -> int:
        if k == 2:
            raise ValueError("generator `gen.py --salt 2` failed")
        return k

    stop = threading.Event()
    ahead = Ahead(make, depth=4, stop=stop)
    assert ahead.take() == (0, 0) and ahead.take() == (1, 1)
    with pytest.raises(ValueError, match="gen.py"):
        ahead.take()
    assert stop.is_set() and ahead.take() is None
    ahead.close()


def test_close_ends_a_maker_waiting_on_a_full_queue() -> None:
    made: list[int] = []
    stop = threading.Event()
    ahead = Ahead(lambda k: made.append(k) or k, depth=2, stop=stop)
    while len(made) < 3:   # two queued, the third made and waiting for room
        time.sleep(0.01)
    ahead.close()
    assert stop.is_set() and len(made) == 3 and ahead.take() is None
