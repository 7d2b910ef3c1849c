"""A caged Python run, warm (the pooled cage's started interpreter, sandbox/pywarm.py) against cold (an exec of
`{python}` in the same kind of cage, OJPACK_WARM_PYTHON=0), interleaved in one run.

    .venv/bin/python bench/pywarm.py [--runs N]

For each of a few scripts (an empty one, one that reads a test and sums it, one that imports what solutions
often do), prints the median CPU (as the verdict counts it: every process of the cage) and wall time of a
run, cold and warm, and their ratio. Run as root (a plain user's runs are never warm)."""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from pathlib import Path

from ojpack.sandbox import isolation_problem
from ojpack.sandbox.languages import real_python
from ojpack.sandbox.runner import RunLimits, run

SCRIPTS = {
    "empty": "",
    "sum": "import sys\nprint(sum(map(int, sys.stdin.read().split())))\n",
    "imports": "import sys, math, heapq, bisect, collections, itertools, functools\nfrom collections import deque\n"
               "print(len(sys.stdin.readline()))\n",
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=200)
    args = ap.parse_args()
    if isolation_problem() is not None:
        raise SystemExit(f"no sandbox here: {isolation_problem()}")
    limits = RunLimits(cpu=5.0, wall=20.0, memory_mib=256, output_mib=8)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        test = folder / "in"
        test.write_text(" ".join(str(k) for k in range(10000)) + "\n")
        print(f"{'script':<10}{'cold cpu':>10}{'warm cpu':>10}{'ratio':>7}"
              f"{'cold wall':>11}{'warm wall':>11}{'ratio':>7}")
        for name, text in SCRIPTS.items():
            script = folder / f"{name}.py"
            script.write_text(text)
            got: dict[str, tuple[list[float], list[float]]] = {"0": ([], []), "1": ([], [])}
            for k in range(args.runs + 2):
                for warm in ("0", "1"):
                    os.environ["OJPACK_WARM_PYTHON"] = warm
                    res = run([real_python(), str(script)], test, folder / "out", limits, readable=[script])
                    if res.status != "ok":
                        raise SystemExit(f"{name} ({'warm' if warm == '1' else 'cold'}): {res}")
                    if k >= 2:   # the first runs start the cages (and the interpreter)
                        got[warm][0].append(res.cpu * 1000)
                        got[warm][1].append(res.wall * 1000)
            cold_cpu, warm_cpu = (statistics.median(got[w][0]) for w in "01")
            cold_wall, warm_wall = (statistics.median(got[w][1]) for w in "01")
            print(f"{name:<10}{cold_cpu:>8.2f}ms{warm_cpu:>8.2f}ms{warm_cpu / cold_cpu:>7.2f}"
                  f"{cold_wall:>9.2f}ms{warm_wall:>9.2f}ms{warm_wall / cold_wall:>7.2f}")
    os.environ.pop("OJPACK_WARM_PYTHON", None)


if __name__ == "__main__":
    main()
