"""Work done beside a check's runs (`check(beside=...)`, what `ojpack check` does with the validator's quick
strength): it starts before the runs end, its programs take side turns, and its error is the check's."""

from __future__ import annotations

import threading
from contextlib import AbstractContextManager
from pathlib import Path

import pytest

from ojpack.judging import crosscheck, execute
from ojpack.judging.crosscheck import check
from ojpack.problem.load import load_problem


def test_the_callers_work_goes_on_while_the_solutions_run(toy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    running = threading.Event()     # a solution's run has started
    finished = threading.Event()    # every run is done
    seen: dict[str, object] = {}
    real_run, real_execute = execute.run_one, crosscheck.LocalEngine.execute

    def run_one(*args: object, **kwargs: object) -> object:
        running.set()
        return real_run(*args, **kwargs)   # type: ignore[arg-type]

    def engine_execute(self: object, *args: object, **kwargs: object) -> object:
        try:
            return real_execute(self, *args, **kwargs)   # type: ignore[arg-type]
        finally:
            finished.set()

    monkeypatch.setattr(execute, "run_one", run_one)
    monkeypatch.setattr(crosscheck.LocalEngine, "execute", engine_execute)

    def beside(gate: AbstractContextManager[object]) -> None:
        seen["gate"] = gate
        seen["saw runs"] = running.wait(60)
        seen["before the end"] = not finished.is_set()
        with gate:   # a side turn: taken and given back like any program's
            seen["held"] = True

    report = check(load_problem(toy), proof=False, beside=beside)
    assert report.ok, report.problems
    assert seen["saw runs"] and seen["before the end"] and seen["held"], seen


def test_the_callers_error_is_the_checks(toy: Path) -> None:
    def beside(gate: AbstractContextManager[object]) -> None:
        raise RuntimeError("the side work broke")

    with pytest.raises(RuntimeError, match="the side work broke"):
        check(load_problem(toy), proof=False, beside=beside)
