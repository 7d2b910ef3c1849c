"""What file input/output (problem.yaml's io) costs a run: one C program summing a test of SIZE bytes,
run on standard input and output (a prepared cage) and with game.in / game.out (a capped working folder of
its own), in the thread's prepared cage (the folder's mount moved in per run) and in a one-shot cage
(OJPACK_CAGE_POOL=0, as before such runs were pooled).

    .venv/bin/python bench/fileio.py [--runs N] [--size BYTES]

Prints the median wall time per run of each, measured interleaved, and their ratios to the streams."""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from ojpack.sandbox import Files, RunLimits, isolation_problem, run_with_files
from ojpack.sandbox.compile import prepare

SUM = r"""#include <stdio.h>
int main(void) {
    FILE *in = %s, *out = %s;
    long long s = 0, x;
    while (fscanf(in, "%%lld", &x) == 1) s += x;
    fprintf(out, "%%lld\n", s);
    return 0;
}
"""


def one_run(argv: tuple[str, ...], test: Path, out: Path, limits: RunLimits, pooled: bool) -> float:
    os.environ["OJPACK_CAGE_POOL"] = "1" if pooled else "0"
    start = time.perf_counter()
    done = run_with_files(argv, test, out, limits)
    took = time.perf_counter() - start
    assert done.result.status == "ok" and not done.lost and out.read_bytes().strip(), done
    return took


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=100)
    ap.add_argument("--size", type=int, default=1 << 20)
    args = ap.parse_args()
    if problem := isolation_problem():
        raise SystemExit(f"needs the sandbox: {problem}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        folder.chmod(0o755)
        test = folder / "test"
        test.write_text("123456 " * (args.size // 7) + "\n")
        (folder / "streams.c").write_text(SUM % ("stdin", "stdout"))
        (folder / "files.c").write_text(SUM % ('fopen("game.in", "r")', 'fopen("game.out", "w")'))
        streams = prepare(folder / "streams.c", folder / "cache")
        files = prepare(folder / "files.c", folder / "cache")
        limits = RunLimits(cpu=5.0, wall=10.0, memory_mib=256, output_mib=64)
        named = RunLimits(5.0, 10.0, 256, 64, files=Files("game.in", "game.out"))
        modes = {"streams": (streams.argv, limits, True), "files, prepared cage": (files.argv, named, True),
                 "files, one-shot cage": (files.argv, named, False)}
        times: dict[str, list[float]] = {name: [] for name in modes}
        for n in range(args.runs + 3):   # interleaved, run by run: the machine's load weighs on each alike
            for name, (argv, lim, pooled) in modes.items():
                took = one_run(argv, test, folder / "out", lim, pooled)
                if n >= 3:
                    times[name].append(took)
    got = {name: statistics.median(t) for name, t in times.items()}
    print(f"test {args.size} bytes, median of {args.runs} runs each:")
    for name, took in got.items():
        print(f"  {name + ':':<22}{took * 1000:7.2f} ms  ({took / got['streams']:.2f}x the streams)")


if __name__ == "__main__":
    main()
