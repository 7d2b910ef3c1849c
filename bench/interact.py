"""Interactive runs: ojpack's relay + two sandboxed programs against the same pair joined by bare pipes.

    .venv/bin/python bench/interact.py [--runs N] [--problem examples/anti-nim-play]

Plays the package's model solution against its interactor on its longest test and prints the median wall
time per test, the lines exchanged, the round trips per second and the ratio relay / bare pipes."""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from ojpack.cache import cache_for
from ojpack.judging.execute import limits_for
from ojpack.judging.interact import interact, load_interactor
from ojpack.problem.load import load_problem
from ojpack.sandbox.compile import prepare
from ojpack.testdata import ensure_built


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--problem", type=Path, default=Path("examples/anti-nim-play"))
    args = ap.parse_args()
    problem = load_problem(args.problem)
    tests = ensure_built(problem)
    cache = cache_for(problem.root).dir
    interactor = load_interactor(problem, cache)
    assert interactor is not None, "not an interactive problem"
    player = prepare(problem.path(problem.spec.model_solution), cache)
    lim = problem.spec.limits
    limits = limits_for(lim.time, lim.memory, lim.output)
    scratch = Path(tempfile.mkdtemp())

    def relay(test) -> int:
        work = Path(tempfile.mkdtemp(dir=scratch))
        played = interact(player.argv, True, interactor, test.input, test.answer, limits, lim.time, work)
        assert played.verdict.value == "AC", played.note
        return played.transcript.received

    def bare(test) -> None:
        feedback = Path(tempfile.mkdtemp(dir=scratch))
        to_judge_r, to_judge_w = os.pipe()
        to_player_r, to_player_w = os.pipe()
        judge = subprocess.Popen([*interactor.argv, str(test.input), str(test.answer), f"{feedback}/"],
                                 stdin=to_judge_r, stdout=to_player_w)
        me = subprocess.Popen(player.argv, stdin=to_player_r, stdout=to_judge_w)
        for fd in (to_judge_r, to_judge_w, to_player_r, to_player_w):
            os.close(fd)
        me.wait()
        assert judge.wait() == 42

    # The longest dialogue: measure each test once through the relay and keep the one with most bytes.
    longest = max(tests, key=relay)
    received = relay(longest)
    samples: dict[str, list[float]] = {"bare": [], "relay": []}
    for _ in range(args.runs):   # interleaved: other load on the machine hits both alike
        for name, fn in (("bare", bare), ("relay", relay)):
            start = time.perf_counter()
            fn(longest)
            samples[name].append(time.perf_counter() - start)
    t = {k: statistics.median(v) for k, v in samples.items()}
    moves = received // 4 or 1   # a move "i k\n" is about 4 bytes: a rough count of round trips
    print(f"{player.source.name} vs {Path(interactor.name).name} on {longest.id}: "
          f"{received:,} bytes from the player (~{moves:,} round trips), {args.runs} runs each")
    print(f"bare pipes:      {t['bare'] * 1000:7.1f} ms/test  {moves / t['bare']:9,.0f} round trips/s")
    print(f"ojpack (relay):  {t['relay'] * 1000:7.1f} ms/test  {moves / t['relay']:9,.0f} round trips/s"
          f"  ratio {t['relay'] / t['bare']:.2f}x")


if __name__ == "__main__":
    main()
