"""The validators of legacy Kattis packages as the judges read them.

A Kattis input validator is run as Kattis runs it unless it knows ojpack's `--features`.

Reduced from a real package (ITU's `circles`, BAPCtools layout): its validator prints a line on stdout when
the input is valid ("Yippie") and exits 42. problemtools ignores a validator's stdout; run as ojpack's own
validator, with `--features`, that line was taken for a malformed features report and the build failed.

A legacy package (no problem_format_version) may keep its output validator in the newer formats' one
`output_validator/` folder, which DOMjudge reads (its example problems hangman and jumble do): it was not
found, and a custom or multi-pass problem lost its validator."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from ojpack.errors import OjpackError
from ojpack.publish import import_package

sys.path.insert(0, str(Path(__file__).parents[2]))
from echo_package import echo_package  # noqa: E402


def check_json(folder: Path) -> dict:
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "check", "--no-proof", "--json", "-p", str(folder)],
                          capture_output=True, text=True)
    return json.loads(proc.stdout)


CHATTY = """import sys
n = sys.stdin.read().split()
if len(n) != 1 or not n[0].isdigit() or int(n[0]) > 100:
    print("Out of range", n)
    sys.exit(43)
print("Yippie")
sys.exit(42)
"""


def echo(root: Path, secret: str = "7\n") -> Path:
    """The echo package whose validator talks on stdout."""
    return echo_package(root, secret, {"input_validators/input_validator/validator.py": CHATTY})


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


PARITY = """import sys
out = sys.stdin.read().split()
ans = open(sys.argv[2]).read().split()
sys.exit(42 if len(out) == 1 and out[0].lstrip("-").isdigit() and int(out[0]) % 2 == int(ans[0]) % 2 else 43)
"""


def test_a_legacy_package_with_one_output_validator_folder(tmp_path: Path) -> None:
    root = echo(tmp_path / "parity")
    (root / "problem.yaml").write_text("name: Parity\nvalidation: custom\n")
    (root / "output_validator").mkdir()
    (root / "output_validator" / "validator.py").write_text(PARITY)
    (root / "submissions" / "accepted" / "plus_two.py").write_text("print(int(input()) + 2)\n")
    (root / "submissions" / "wrong_answer" / "plus_one.py").parent.mkdir()
    (root / "submissions" / "wrong_answer" / "plus_one.py").write_text("print(int(input()) + 1)\n")
    report = import_package(root, tmp_path / "out")
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text())
    assert spec["checker"] == {"type": "program", "source": "validators/checker/validator.py", "convention": "kattis"}
    verdicts = {s["name"]: s["verdict"] for s in check_json(tmp_path / "out")["solutions"]}
    assert verdicts == {"accepted/echo.py": "AC", "accepted/plus_two.py": "AC", "wrong_answer/plus_one.py": "WA"}
    assert report.tests == 2
