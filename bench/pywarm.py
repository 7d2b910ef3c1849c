"""A caged Python run, warm (the pooled cage's started interpreter, sandbox/pywarm.py) against cold (an exec of
`{python}` in the same kind of cage, OJPACK_WARM_PYTHON=0), interleaved in one run.

    .venv/bin/python bench/pywarm.py [--runs N]

For each of a few scripts (an empty one, one that reads a test and sums it, one that imports what solutions
often do, the sum ending with sys.exit, one whose objects have finalizers), prints the median CPU (as the
verdict counts it: every process of the cage) and wall time of a run, cold and warm, and their ratio; then
the CPU of a warm run ending with the whole Py_FinalizeEx (OJPACK_WARM_EXIT=0) and with the fast exit
(pywarm_exit.c's fast_exit). Run as root (a plain user's runs are never warm)."""

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
    "sys.exit": "import sys\nprint(sum(map(int, sys.stdin.read().split())))\nsys.exit(0)\n",
    "finalizers": "class D:\n    def __del__(self):\n        pass\nds = [D() for _ in range(1000)]\n"
                  "f = open('/dev/null', 'w')\nf.write('x')\n",
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
        print(f"{'script':<11}{'cold cpu':>9}{'warm cpu':>9}{'ratio':>6}{'cold wall':>10}{'warm wall':>10}{'ratio':>6}"
              f"{'full exit':>10}{'fast exit':>10}")
        modes = {"cold": ("0", "1"), "warm": ("1", "1"), "full": ("1", "0")}   # OJPACK_WARM_PYTHON, _EXIT
        for name, text in SCRIPTS.items():
            script = folder / f"{name}.py"
            script.write_text(text)
            got: dict[str, tuple[list[float], list[float]]] = {m: ([], []) for m in modes}
            for k in range(args.runs + 2):
                for mode, (warm, fast) in modes.items():
                    os.environ["OJPACK_WARM_PYTHON"], os.environ["OJPACK_WARM_EXIT"] = warm, fast
                    res = run([real_python(), str(script)], test, folder / "out", limits, readable=[script])
                    if res.status != "ok":
                        raise SystemExit(f"{name} ({mode}): {res}")
                    if k >= 2:   # the first runs start the cages (and the interpreter)
                        got[mode][0].append(res.cpu * 1000)
                        got[mode][1].append(res.wall * 1000)
            cpu = {m: statistics.median(got[m][0]) for m in modes}
            wall = {m: statistics.median(got[m][1]) for m in modes}
            print(f"{name:<11}{cpu['cold']:>7.2f}ms{cpu['warm']:>7.2f}ms{cpu['warm'] / cpu['cold']:>6.2f}"
                  f"{wall['cold']:>8.2f}ms{wall['warm']:>8.2f}ms{wall['warm'] / wall['cold']:>6.2f}"
                  f"{cpu['full']:>8.2f}ms{cpu['warm']:>8.2f}ms")
    os.environ.pop("OJPACK_WARM_PYTHON", None)
    os.environ.pop("OJPACK_WARM_EXIT", None)


if __name__ == "__main__":
    main()
