"""Interactive players pinned to one CPU against unpinned: verdicts, the submission's CPU and wall time.

    .venv/bin/python bench/interact_players.py [--runs N] [--problem examples/anti-nim-play]

Plays every accepted solution of the package, and bench/players/Player.java (the package has none in Java;
a JVM sizes its GC and compiler threads by the CPUs it may use), against the interactor on every test,
with OJPACK_PIN=1 and 0 taking turns, and prints per player the verdicts seen and the medians over all
runs of the submission's CPU and wall time a test, and of the whole test's wall time."""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from ojpack.cache import cache_for
from ojpack.judging.execute import limits_for
from ojpack.judging.interact import interact, load_interactor
from ojpack.problem.load import load_problem
from ojpack.sandbox.compile import prepare
from ojpack.testdata import ensure_built

JAVA = Path(__file__).parent / "players" / "Player.java"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--problem", type=Path, default=Path("examples/anti-nim-play"))
    args = ap.parse_args()
    problem = load_problem(args.problem)
    tests = ensure_built(problem)
    cache = cache_for(problem.root).dir
    interactor = load_interactor(problem, cache)
    assert interactor is not None, "not an interactive problem"
    lim = problem.spec.limits
    limits = limits_for(lim.time, lim.memory, lim.output)
    sources = sorted((problem.root / "solutions" / "accepted").iterdir()) + [JAVA]
    scratch = Path(tempfile.mkdtemp())
    print(f"{problem.root.name}: {len(tests)} tests, {args.runs} runs each way, time limit {lim.time} s, "
          f"wall limit {limits.wall} s, load {os.getloadavg()[0]:.1f}")
    for source in sources:
        try:
            player = prepare(source, cache)
        except Exception as e:   # no JDK here: say so and go on
            print(f"  {source.name}: not measured ({str(e).splitlines()[0]})")
            continue
        seen: dict[str, dict[str, list[float]]] = {pin: {"cpu": [], "wall": [], "test": []} for pin in ("1", "0")}
        verdicts: dict[str, set[str]] = {"1": set(), "0": set()}
        for _ in range(args.runs):
            for test in tests:
                for pin in ("1", "0"):
                    os.environ["OJPACK_PIN"] = pin
                    start = time.perf_counter()
                    played = interact(player.argv, player.language.address_space, interactor, test.input,
                                      test.answer, limits, lim.time, Path(tempfile.mkdtemp(dir=scratch)))
                    seen[pin]["test"].append(time.perf_counter() - start)
                    seen[pin]["cpu"].append(played.submission.cpu)
                    seen[pin]["wall"].append(played.submission.wall)
                    verdicts[pin].add(played.verdict.value)
        os.environ.pop("OJPACK_PIN")
        for pin, name in (("1", "one CPU"), ("0", "unpinned")):
            m = {k: statistics.median(v) * 1000 for k, v in seen[pin].items()}
            print(f"  {source.name:<12} {name:<9} verdicts {','.join(sorted(verdicts[pin]))}: submission CPU "
                  f"{m['cpu']:6.1f} ms, wall {m['wall']:6.1f} ms; test {m['test']:6.1f} ms")


if __name__ == "__main__":
    main()
