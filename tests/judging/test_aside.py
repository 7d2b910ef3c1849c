"""The check's turns (judging/aside.py): one program more than cores only while no costly run goes on, side
work in the turns runs leave (none beside a costly run), and exactly --jobs programs when it is given."""

from __future__ import annotations

import threading
from contextlib import AbstractContextManager, ExitStack

import pytest

from ojpack.judging import aside as aside_mod
from ojpack.judging.aside import Aside, Turns

SETTLE = 0.3   # long enough for a thread that may go on to have gone on; only "still waiting" is asserted with it


class Waiter:
    """Takes a turn on a thread of its own and holds it until released."""

    def __init__(self, turn: AbstractContextManager[None]) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(turn,), daemon=True)
        self.thread.start()

    def _run(self, turn: AbstractContextManager[None]) -> None:
        with turn:
            self.entered.set()
            self.release.wait()

    def done(self) -> None:
        self.release.set()
        self.thread.join(10)


@pytest.fixture
def two_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(aside_mod.os, "cpu_count", lambda: 2)


def test_one_run_more_than_cores_while_nothing_costly_goes_on(two_cores: None) -> None:
    turns = Turns(None)
    assert turns.threads == 3
    with ExitStack() as held:
        for _ in range(3):
            held.enter_context(turns.run())
        fourth = Waiter(turns.run())
        assert not fourth.entered.wait(SETTLE)
        held.close()
        assert fourth.entered.wait(10)
        fourth.done()


def test_a_costly_run_has_no_more_programs_beside_it_than_cores(two_cores: None) -> None:
    turns = Turns(None)
    with ExitStack() as held:
        held.enter_context(turns.run())
        held.enter_context(turns.run())
        costly = Waiter(turns.costly())            # two run already: it waits for one to end
        assert not costly.entered.wait(SETTLE)
        ordinary = Waiter(turns.run())             # and nothing overtakes it, not even into the extra turn
        assert not ordinary.entered.wait(SETTLE)
        held.close()
        assert costly.entered.wait(10)
        assert ordinary.entered.wait(10)           # beside the costly run: two in all
        side = Waiter(turns.side())                # side work waits while a costly run goes on
        assert not side.entered.wait(SETTLE)
        costly.done()
        assert side.entered.wait(10)
        side.done()
        ordinary.done()


def test_side_work_takes_the_turns_runs_leave_until_open(two_cores: None) -> None:
    turns = Turns(None)
    with ExitStack() as held:
        held.enter_context(turns.run())
        held.enter_context(turns.side())
        held.enter_context(turns.side())            # three programs: every turn taken
        side = Waiter(turns.side())
        run = Waiter(turns.run())
        assert not side.entered.wait(SETTLE) and not run.entered.wait(SETTLE)
        turns.open()                                # the runs are done: side work goes as wide as it likes
        assert side.entered.wait(10)
        more = Waiter(turns.side())
        assert more.entered.wait(10)
        assert not run.entered.wait(SETTLE)         # runs still keep to their turns
    assert run.entered.wait(10)
    for w in (side, more, run):
        w.done()


def test_jobs_given_means_exactly_that_many_programs(two_cores: None) -> None:
    turns = Turns(3)
    assert turns.threads == 3
    with ExitStack() as held:
        for _ in range(3):
            held.enter_context(turns.run())
        side = Waiter(turns.side())
        extra = Waiter(turns.run())
        assert not side.entered.wait(SETTLE) and not extra.entered.wait(SETTLE)
    assert extra.entered.wait(10) and side.entered.wait(10)
    extra.done()
    side.done()


def test_aside_keeps_errors_for_their_result_and_waits_for_its_work() -> None:
    def fails() -> None:
        raise ValueError("side work failed")

    with Aside(None) as aside:
        failed = aside.submit(fails)
        fine = aside.submit(lambda: 42)
        aside.settle()
        assert fine.result() == 42
        with pytest.raises(ValueError, match="side work failed"):
            failed.result()


def test_a_turns_end_wakes_only_as_many_waiters_as_could_start(two_cores: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """One condition woken whole woke every waiting thread at each run's end, to look and sleep again."""
    woke: dict[str, int] = {}

    class Counted(threading.Condition):
        def wait(self, timeout: float | None = None) -> bool:
            got = super().wait(timeout)
            name = threading.current_thread().name
            woke[name] = woke.get(name, 0) + 1
            return got

    with monkeypatch.context() as m:   # only the turns' own conditions count
        m.setattr(aside_mod.threading, "Condition", Counted)
        turns = Turns(None)
    with ExitStack() as held:
        for _ in range(2):
            held.enter_context(turns.run())
        last = ExitStack()
        last.enter_context(turns.run())                 # every turn taken
        waiting = [Waiter(turns.side()) for _ in range(6)]
        assert not any(w.entered.wait(0.05) for w in waiting)
        names = {w.thread.name for w in waiting}
        last.close()                                    # one turn free: one side program may start
        assert sum(w.entered.wait(SETTLE) for w in waiting) == 1
        assert len([n for n in names if woke.get(n)]) == 1, woke
    turns.open()
    for w in waiting:
        w.done()
