"""Submissions a second for a rejudge: a shell loop of single `ojpack judge` calls, one batch call, and the
batch on a throwaway Dask cluster of 1 and 2 workers.

    .venv/bin/python bench/batch.py [--count N]

On a private, built copy of the package, N submissions (default 40): the package's Python and C++ solutions,
repeated with a comment that makes each file distinct (so each is compiled and run, as distinct
contestants' files are). Every mode runs with --fresh (the loop's single judge never remembers runs), so each
one does all the runs. On a 2-core machine the point is overhead, not speed-up: the cluster's cost per run
over the local pool is printed."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ojpack.problem import copy_sources

OJPACK = str(Path(sys.executable).with_name("ojpack"))
REPO = Path(__file__).resolve().parent.parent


def ojpack(*argv: str) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([OJPACK, *argv], capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"ojpack {' '.join(argv)} failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")
    return proc


def population(pkg: Path, folder: Path, count: int) -> list[Path]:
    seeds = sorted(p for p in (pkg / "solutions").rglob("*") if p.suffix in (".py", ".cpp")
                   and "time_limit" not in str(p) and "memory_limit" not in str(p))
    out = []
    for n in range(count):
        seed = seeds[n % len(seeds)]
        mark = f"# submission {n}\n" if seed.suffix == ".py" else f"// submission {n}\n"
        path = folder / f"s{n:04}{seed.suffix}"
        path.write_text(mark + seed.read_text())
        out.append(path)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pkg = copy_sources(REPO, Path(tmp) / "pkg")
        ojpack("build", "-p", str(pkg))
        subs = Path(tmp) / "subs"
        subs.mkdir()
        files = population(pkg, subs, args.count)
        ojpack("judge", str(subs), "-p", str(pkg), "--json")   # warm the compile store for every mode alike
        rows = []
        start = time.perf_counter()
        for f in files:
            ojpack("judge", str(f), "-p", str(pkg), "--json")
        rows.append(("shell loop of single judge calls", time.perf_counter() - start, None))
        for label, extra in (("one batch call (local pool)", []), ("one batch call, -j 1", ["-j", "1"]),
                             ("cluster local:1", ["--cluster", "local:1"]), ("cluster local:2", ["--cluster", "local:2"])):
            start = time.perf_counter()
            data = json.loads(ojpack("judge", str(subs), "-p", str(pkg), "--json", "--fresh", *extra).stdout)
            rows.append((label, time.perf_counter() - start, data["runs"]))
        runs = rows[1][2] or 1
        print(f"{args.count} submissions, {runs} runs each mode")
        for label, seconds, _ in rows:
            print(f"  {label:36} {seconds:7.1f} s  {args.count / seconds:6.2f} submissions/s  "
                  f"{1000 * seconds / runs:6.2f} ms/run")
        for (label, seconds, _), (_, local, _) in ((rows[3], rows[2]), (rows[4], rows[1])):
            print(f"  {label}: {seconds / local:.2f}x the local pool of as many workers, "
                  f"{1000 * (seconds - local) / runs:+.2f} ms per run over it")


if __name__ == "__main__":
    main()
