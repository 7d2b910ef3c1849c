"""`ojpack check` prints a strength line for the data, the validator and the checker, and runs the declared
checker cases (checkers/tests.yaml): one that does not hold fails the check, naming the case."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

CASES = """\
- {name: right, test: sample/01-one, output: "3\\n", expect: valid_output}
- {name: spaced, test: sample/01-one, output: "  3", expect: valid_output}
- {name: off-by-one, input: "1 2\\n", answer: "3\\n", output: "4\\n", expect: invalid_output}
"""


def check(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # wide: each figure on one line (at 80 columns check wraps them)
    return subprocess.run([sys.executable, "-m", "ojpack.cli", "check", "--no-proof", *args, "-p", str(root)],
                          capture_output=True, text=True, timeout=600, env={**os.environ, "COLUMNS": "200"})


def test_check_prints_the_three_figures_and_runs_the_declared_cases(toy: Path) -> None:
    (toy / "checkers").mkdir()
    (toy / "checkers" / "tests.yaml").write_text(CASES, encoding="utf-8")
    r = check(toy)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert any(line.startswith("data: ") for line in lines)
    assert any(line.startswith("validator: not measured (no `grammar:`") for line in lines)
    checker = next(line for line in lines if line.startswith("checker: "))
    assert "3 declared cases, 3 as declared" in checker and "sound" in checker

    (toy / "checkers" / "tests.yaml").write_text(CASES.replace('output: "4\\n"', 'output: "3\\n"'), encoding="utf-8")
    r = check(toy)
    assert r.returncode == 1
    assert "declared case off-by-one: the checker accepted a changed answer" in r.stdout
    got = json.loads(check(toy, "--json").stdout)
    assert got["ok"] is False and got["strength"]["checker"]["declared_ok"] == 2
