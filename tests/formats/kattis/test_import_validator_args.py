"""A Kattis-convention output validator gets the package's output_validator_args (after feedback_dir, as Kattis
passes them), whether data/test_group.yaml holds them or, before BAPCtools has generated data/, the root
`test_group.yaml:` mapping of generators/generators.yaml; and the Kattis-family exports write them back."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from ojpack.publish import import_package

from package_files import write_tree

# Accepts only when called with case_sensitive, as BAPCtools' alternativeencryption validator does.
VALIDATOR = """import sys
if "case_sensitive" not in sys.argv[4:]:
    print("call with: case_sensitive", file=sys.stderr)
    sys.exit(1)
ans = open(sys.argv[2]).read().split()
out = sys.stdin.read().split()
sys.exit(42 if out == ans else 43)
"""


def package(root: Path, args_in_plan: bool) -> Path:
    files = {
        "problem.yaml": "problem_format_version: 2025-09\nname: Echo\nlimits:\n  time_limit: 2\n",
        "output_validator/validate.py": VALIDATOR,
        "data/sample/1.in": "hello\n", "data/sample/1.ans": "hello\n",
        "data/secret/2.in": "World\n", "data/secret/2.ans": "World\n",
        "submissions/accepted/echo.py": "print(input())\n",
        "submissions/wrong_answer/lower.py": "print(input().lower())\n",
        "input_validators/ok.py": "import sys\nsys.stdin.read()\nsys.exit(42)\n",
        "statement/problem.en.tex": "\\problemname{Echo}\nPrint the line you read.\n",
    }
    settings = {"output_validator_args": ["case_sensitive"]}
    if args_in_plan:
        files["generators/generators.yaml"] = yaml.safe_dump({"test_group.yaml": settings, "data": {}})
    else:
        files["data/test_group.yaml"] = yaml.safe_dump(settings)
    return write_tree(root, files)


@pytest.mark.parametrize("args_in_plan", [False, True], ids=["data", "generators.yaml"])
def test_output_validator_args_reach_the_validator(tmp_path: Path, args_in_plan: bool) -> None:
    import_package(package(tmp_path / "src", args_in_plan), tmp_path / "p")
    spec = yaml.safe_load((tmp_path / "p" / "problem.yaml").read_text())
    assert spec["checker"]["args"] == ["case_sensitive"]
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "check", "--no-proof", "--json", "-p",
                           str(tmp_path / "p")], capture_output=True, text=True)
    report = json.loads(proc.stdout)
    got = {s["name"]: s["verdict"] for s in report["solutions"]}
    assert got == {"accepted/echo.py": "AC", "wrong_answer/lower.py": "WA"}, (got, proc.stderr[-800:])


def test_args_are_only_for_a_kattis_convention_program(tmp_path: Path) -> None:
    from ojpack.problem.schema import Checker
    with pytest.raises(ValueError, match="args"):
        Checker(type="tokens", args=["case_sensitive"])
    with pytest.raises(ValueError, match="args"):
        Checker(type="program", source="c.cpp", convention="testlib", args=["x"])


def test_exports_write_the_args_back(tmp_path: Path) -> None:
    import_package(package(tmp_path / "src", False), tmp_path / "p")
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "export", "--to", "icpc2025", "-p", str(tmp_path / "p")],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    found = list((tmp_path / "p" / "build" / "export" / "icpc2025").rglob("data/test_group.yaml"))
    assert found and yaml.safe_load(found[0].read_text())["output_validator_args"] == ["case_sensitive"]
