"""A Kattis-convention checker's cost with its feedback folder on a capped tmpfs of its own (the default)
against a plain host folder (what ojpack did before the cap).

    .venv/bin/python bench/feedback.py [--runs N]

Prints the median wall time per check of each and their ratio. Goal: capped <= 1.1x plain."""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from unittest import mock

from ojpack.judging.checker import ProgramChecker
from ojpack.sandbox import cagefiles, isolation_problem
from ojpack.sandbox.compile import prepare

CHECKER = r"""#include <stdio.h>
int main(int argc, char** argv) {
    char path[4096];
    snprintf(path, sizeof path, "%sjudgemessage.txt", argv[3]);
    FILE* f = fopen(path, "w");
    fputs("fine", f);
    fclose(f);
    return 42;
}
"""


def median_check(checker: ProgramChecker, folder: Path, runs: int) -> float:
    files = [folder / name for name in ("in", "ans", "out")]
    for _ in range(5):
        checker.check(*files)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        assert checker.check(*files).ok
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=200)
    runs = ap.parse_args().runs
    if problem := isolation_problem():
        raise SystemExit(f"needs the sandbox: {problem}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        folder.chmod(0o755)
        (folder / "chk.c").write_text(CHECKER)
        for name in ("in", "ans", "out"):
            (folder / name).write_text("1\n")
        program = prepare(folder / "chk.c", folder / "cache")
        checker = ProgramChecker(program.argv, "kattis", True, "chk.c", (folder,))
        capped = median_check(checker, folder, runs)
        with mock.patch.object(cagefiles, "_tmpfs", lambda size, files: None):
            plain = median_check(checker, folder, runs)
    print(f"capped tmpfs {capped * 1000:.2f} ms   plain folder {plain * 1000:.2f} ms   ratio {capped / plain:.2f}x")


if __name__ == "__main__":
    main()
