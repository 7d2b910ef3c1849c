"""C++ validator port vs validate.py: wall time to validate every built test once (--features), as a ratio.

Run: .venv/bin/python bench/validator_port.py   (builds the data first if needed)
"""

from __future__ import annotations

import subprocess
import tempfile
import time
from pathlib import Path

from ojpack.testdata import ensure_built
from ojpack.sandbox.languages import real_python
from ojpack.formats.common.package import validator_args
from ojpack.problem.load import load_problem

REPO = Path(__file__).parent.parent


def timed(argv: list[str], jobs: list[tuple[bytes, list[str]]]) -> float:
    start = time.perf_counter()
    for data, args in jobs:
        subprocess.run([*argv, "--features", *args], input=data, capture_output=True, check=False)
    return time.perf_counter() - start


def main() -> None:
    problem = load_problem(REPO)
    jobs = [(t.input.read_bytes(), validator_args(problem.bounds_for(t.group))) for t in ensure_built(problem)]
    with tempfile.TemporaryDirectory() as tmp:
        exe = Path(tmp) / "validate"
        subprocess.run(["g++", "-O2", "-std=gnu++17", "-o", str(exe), str(REPO / "validators/validate.cpp")], check=True)
        py = timed([real_python(), str(REPO / "validators/validate.py")], jobs)
        cc = timed([str(exe)], jobs)
    print(f"{len(jobs)} tests: validate.py {py:.3f} s, validate.cpp {cc:.3f} s, python/c++ = {py / cc:.1f}x")


if __name__ == "__main__":
    main()
