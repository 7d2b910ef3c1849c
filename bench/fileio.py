"""What file input/output (problem.yaml's io) costs a run: one C program summing a test of SIZE bytes,
run on standard input and output (a prepared cage) and with game.in / game.out (a capped working folder of
its own, a one-shot cage).

    .venv/bin/python bench/fileio.py [--runs N] [--size BYTES]

Prints the median wall time per run of each and their ratio."""

from __future__ import annotations

import argparse
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


def median_run(argv: tuple[str, ...], test: Path, out: Path, limits: RunLimits, runs: int) -> float:
    for _ in range(3):
        run_with_files(argv, test, out, limits)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = run_with_files(argv, test, out, limits)
        times.append(time.perf_counter() - start)
        assert done.result.status == "ok" and not done.lost and out.read_bytes().strip(), done
    return statistics.median(times)


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
        plain = median_run(streams.argv, test, folder / "out", limits, args.runs)
        named = median_run(files.argv, test, folder / "out",
                           RunLimits(5.0, 10.0, 256, 64, files=Files("game.in", "game.out")), args.runs)
    print(f"test {args.size} bytes: standard streams {plain * 1000:.2f} ms   files {named * 1000:.2f} ms   "
          f"ratio {named / plain:.2f}x")


if __name__ == "__main__":
    main()
