"""How a batch's runs are given out (judging/affine.py): a thread keeps to one owner's runs while it has any,
every run is given out exactly once, a free thread takes the far half of another's runs, and `stop` ends the
drains; and a real check then starts about one prepared cage per solution, not one per solution and thread."""

from __future__ import annotations

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from ojpack.judging.affine import Affine
from ojpack.judging.crosscheck import check
from ojpack.problem.load import load_problem
from ojpack.sandbox import isolation_enabled, pool
from ojpack.testdata import ensure_built


def drain_all(given: Affine[tuple[str, int]], threads: int, hold: float = 0.0) -> dict[str, list[tuple[str, int]]]:
    """Each thread's runs in the order it took them; `hold`: seconds each run lasts."""
    took: dict[str, list[tuple[str, int]]] = {}
    lock = threading.Lock()
    pause = threading.Event()

    def run(job: tuple[str, int]) -> None:
        with lock:
            took.setdefault(threading.current_thread().name, []).append(job)
        pause.wait(hold)

    with ThreadPoolExecutor(threads) as pool_:
        for f in [pool_.submit(given.drain, run) for _ in range(threads)]:
            f.result()
    return took


def test_each_thread_keeps_to_one_owner_and_every_job_runs_once() -> None:
    jobs = [(owner, i) for owner in "abcd" for i in range(5)]
    took = drain_all(Affine(jobs, lambda j: j[0]), threads=2, hold=0.002)
    ran = [j for mine in took.values() for j in mine]
    assert sorted(ran) == sorted(jobs)
    for mine in took.values():
        owners = [o for o, _ in mine]
        # a thread's runs come in stretches of one owner, each in the order given
        stretches = [o for i, o in enumerate(owners) if i == 0 or owners[i - 1] != o]
        assert len(stretches) <= 4, owners
        for o in set(owners):
            assert [i for oo, i in mine if oo == o] == sorted(i for oo, i in mine if oo == o)
    # four owners, two threads: far fewer owner changes than runs handed out one by one would make
    assert sum(len({o for o, _ in mine}) for mine in took.values()) <= 6, took


def test_a_free_thread_takes_the_far_half_of_anothers_runs() -> None:
    jobs = [("only", i) for i in range(10)]
    took = drain_all(Affine(jobs, lambda j: j[0]), threads=2, hold=0.02)
    assert sorted(j for mine in took.values() for j in mine) == jobs
    assert len(took) == 2, "the second thread found nothing to do"
    first, second = sorted(took.values(), key=lambda m: m[0][1])
    assert first[0] == ("only", 0)
    assert second[0][1] > 4, "the thief took from the near end"   # the back half: 5..9 at the latest


def test_stop_ends_the_drains_before_their_next_run() -> None:
    jobs = [("a", i) for i in range(100)]
    given = Affine(jobs, lambda j: j[0])
    ran: list[tuple[str, int]] = []

    def run(job: tuple[str, int]) -> None:
        ran.append(job)
        if len(ran) == 3:
            given.stop()

    given.drain(run)
    assert ran == jobs[:3]


def test_no_jobs_no_runs() -> None:
    assert drain_all(Affine([], lambda j: j[0]), threads=2) == {}


def test_a_check_starts_about_one_cage_per_solution(toy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not isolation_enabled():
        pytest.skip("no sandbox here: no prepared cages")
    for k in range(4):   # five solutions of one language on the toy's tests
        (toy / "solutions" / "accepted" / f"copy{k}.py").write_text(
            f"# copy {k}\na, b = map(int, input().split())\nprint(a + b)\n")
    problem = load_problem(toy)
    ensure_built(problem)   # the build's own runs (the model's answers) are not the check's
    started: Counter[str] = Counter()
    real = pool._start

    def counted(key: tuple) -> object:
        started[" ".join(b for b in key[5:] if b.startswith("r:"))] += 1
        return real(key)

    monkeypatch.setattr(pool, "_start", counted)
    report = check(problem, proof=False, workers=2)
    assert report.ok, report
    solutions = [k for k in started if "/solutions/" in k]
    assert len(solutions) == 5, started
    # one cage each, and at most one more per thread that helped another finish
    assert sum(started[k] for k in solutions) <= 5 + 2, started
