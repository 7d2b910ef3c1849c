"""A Kattis input validator is run as Kattis runs it unless it knows ojpack's `--features`.

Reduced from a real package (ITU's `circles`, BAPCtools layout): its validator prints a line on stdout when
the input is valid ("Yippie") and exits 42. problemtools ignores a validator's stdout; run as ojpack's own
validator, with `--features`, that line was taken for a malformed features report and the build failed."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from ojpack.errors import OjpackError
from ojpack.publish import import_package

CHATTY = """import sys
n = sys.stdin.read().split()
if len(n) != 1 or not n[0].isdigit() or int(n[0]) > 100:
    print("Out of range", n)
    sys.exit(43)
print("Yippie")
sys.exit(42)
"""


def echo(root: Path, secret: str = "7\n") -> Path:
    """A legacy Kattis package (print the input number) whose validator talks on stdout."""
    for rel, text in {"problem.yaml": "name: Echo\n", "data/sample/1.in": "1\n", "data/sample/1.ans": "1\n",
                      "data/secret/2.in": secret, "data/secret/2.ans": secret,
                      "input_validators/input_validator/validator.py": CHATTY,
                      "submissions/accepted/echo.py": "print(int(input()))\n"}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    (root / ".timelimit").write_text("1\n")
    return root


def test_a_validator_that_prints_on_stdout_runs_as_kattis_runs_it(tmp_path: Path) -> None:
    report = import_package(echo(tmp_path / "echo"), tmp_path / "out")
    assert report.tests == 2 and report.mismatches == []
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text())
    assert [e["source"] for e in spec["extra_validators"]] == \
        ["validators/extra/1-validator/validator.py"]
    assert any("does not answer ojpack's --features" in n for n in report.notes)


def test_that_validator_still_rejects_a_bad_input(tmp_path: Path) -> None:
    with pytest.raises(OjpackError, match="Out of range"):
        import_package(echo(tmp_path / "echo", secret="1000\n"), tmp_path / "out")
