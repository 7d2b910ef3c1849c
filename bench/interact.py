"""Interactive runs: ojpack's relay + two sandboxed programs against the same pair joined by bare pipes.

    .venv/bin/python bench/interact.py [--runs N] [--problem examples/anti-nim-play] [--user NAME]

Plays the package's model solution against its interactor on its longest test and prints the median wall
time per test, the lines exchanged, the round trips per second and the ratio to bare pipes, for the exec
helper's relay (launch.c, the default) and the Python one (OJPACK_NATIVE_RELAY=0), measured interleaved.
Bare pipes run twice: as the scheduler places them, and with both programs on one CPU (as ojpack places an
interactive run's programs and relay, sandbox/affinity.py); each relay's ratio is given against both. The
helper's relay runs pinned (the default) and unpinned (OJPACK_PIN=0).
Run as root it then measures the same as the plain user NAME (the rootless cage; made with useradd)."""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from plain_user import as_user  # noqa: E402

from ojpack.cache import cache_for  # noqa: E402
from ojpack.judging.execute import limits_for  # noqa: E402
from ojpack.judging.interact import interact, load_interactor  # noqa: E402
from ojpack.problem.load import load_problem  # noqa: E402
from ojpack.sandbox import claim_cpu, pinned_thread, pinning_enabled, sandbox_mode  # noqa: E402
from ojpack.sandbox.compile import prepare  # noqa: E402
from ojpack.testdata import ensure_built  # noqa: E402

SERIES = ("bare", "bare, one CPU", "helper relay", "helper, unpinned", "python relay")
BARE = ("bare", "bare, one CPU")


def measure(root: Path, runs: int) -> dict:
    problem = load_problem(root)
    tests = ensure_built(problem)
    cache = cache_for(problem.root).dir
    interactor = load_interactor(problem, cache)
    assert interactor is not None, "not an interactive problem"
    player = prepare(problem.path(problem.spec.model_solution), cache)
    lim = problem.spec.limits
    limits = limits_for(lim.time, lim.memory, lim.output)
    scratch = Path(tempfile.mkdtemp())

    def relay(test, native: bool = True, pin: bool = True) -> int:
        os.environ["OJPACK_NATIVE_RELAY"] = "1" if native else "0"
        os.environ["OJPACK_PIN"] = "1" if pin else "0"
        work = Path(tempfile.mkdtemp(dir=scratch))
        played = interact(player.argv, True, interactor, test.input, test.answer, limits, lim.time, work)
        assert played.verdict.value == "AC", played.note
        return played.transcript.received

    def bare(test, pin: bool = False) -> None:
        feedback = Path(tempfile.mkdtemp(dir=scratch))
        to_judge_r, to_judge_w = os.pipe()
        to_player_r, to_player_w = os.pipe()
        os.environ["OJPACK_PIN"] = "1" if pin else "0"
        with claim_cpu() as cpu, pinned_thread(cpu):   # both inherit this thread's CPU, as ojpack pins a run
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
    fns = {"bare": bare, "bare, one CPU": lambda t: bare(t, pin=True), "helper relay": relay,
           "helper, unpinned": lambda t: relay(t, pin=False), "python relay": lambda t: relay(t, native=False)}
    samples: dict[str, list[float]] = {k: [] for k in SERIES}
    own: dict[str, list[float]] = {k: [] for k in SERIES}   # ojpack's own CPU (not its children's)
    # Interleaved, so other load on the machine hits all alike, and in an order turned by one each round:
    # as root a run's init joins its cgroups (v1: a write to cgroup.procs), and the first such write after
    # ~10-20 ms without one waits for an RCU grace period (5-20 ms here). In a fixed order the series right
    # after the two bare ones (no cgroups) paid it every round and the others never did.
    for turn in range(runs):
        for name in SERIES[turn % len(SERIES):] + SERIES[:turn % len(SERIES)]:
            cpu = _own_cpu()
            start = time.perf_counter()
            fns[name](longest)
            samples[name].append(time.perf_counter() - start)
            own[name].append(_own_cpu() - cpu)
    os.environ.pop("OJPACK_PIN")
    return {**{f"{k} cpu": statistics.median(v) for k, v in own.items()}, "test": longest.id, "received": received,
            "player": player.source.name, "limits": sandbox_mode().limits, "pinned": pinning_enabled(),
            "judge": Path(interactor.name).name, **{k: statistics.median(v) for k, v in samples.items()}}


def _own_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def show(t: dict, runs: int, who: str) -> None:
    moves = t["received"] // 4 or 1   # a move "i k\n" is about 4 bytes: a rough count of round trips
    print(f"{who}: {t['player']} vs {t['judge']} on {t['test']}: {t['received']:,} bytes from the player "
          f"(~{moves:,} round trips), {runs} runs each, limits by {t['limits']}, load {os.getloadavg()[0]:.1f}"
          + ("" if t["pinned"] else " (one CPU allowed: nothing pinned)"))
    for name in SERIES:
        ratio = "" if name in BARE else \
            f"  ratio {t[name] / t['bare']:.2f}x bare, {t[name] / t['bare, one CPU']:.2f}x one-CPU bare"
        print(f"  {name + ':':<18}{t[name] * 1000:6.1f} ms/test {moves / t[name]:8,.0f} round trips/s{ratio}")
    print(f"  ojpack's own CPU a test: {t['helper relay cpu'] * 1000:.1f} ms with the helper's relay, "
          f"{t['python relay cpu'] * 1000:.1f} ms with Python's")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--problem", type=Path, default=Path("examples/anti-nim-play"))
    ap.add_argument("--user", default="ojpack-cage-test")
    ap.add_argument("--worker", help=argparse.SUPPRESS)   # the plain user's half: a JSON request
    args = ap.parse_args()
    if args.worker:
        req = json.loads(args.worker)
        print(json.dumps(measure(Path(req["problem"]), req["runs"])))
        return
    show(measure(args.problem, args.runs), args.runs, "root" if os.geteuid() == 0 else "user")
    if os.geteuid() == 0 and args.user:
        problem = str(args.problem.resolve())
        user = as_user(args.user, Path(__file__), {"problem": problem, "runs": args.runs}, [problem])
        if isinstance(user, str):
            print(f"plain user: not measured ({user})")
        else:
            show(user, args.runs, f"plain user {args.user}")


if __name__ == "__main__":
    main()
