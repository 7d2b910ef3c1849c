"""A package of its settings alone (BAPCtools' `test/problems/testproblemconfig`: problem.yaml, a statement,
an empty output_validator/, no tests, no submissions) imports as a package with no tests yet (issue 22)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import yaml

from ojpack.publish import import_package

FILES = {
    "problem.yaml": "problem_format_version: 2025-09\ntype: pass-fail\nname: 'ABC XYZ'\n"
                    "uuid: 58c89b2d-616c-4291-ab8a-710b4e6cb978\nlimits:\n  time_limit: 3.0\n",
    "statement/problem.en.tex": "\\problemname{}\n",
    "output_validator/.gitkeep": "",
}


def test_a_package_without_tests_imports_with_none(tmp_path: Path) -> None:
    for name, text in FILES.items():
        (tmp_path / "src" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "src" / name).write_text(text)
    report = import_package(tmp_path / "src", tmp_path / "p")
    assert report.tests == 0 and any(n.startswith("no tests:") for n in report.notes)
    spec = yaml.safe_load((tmp_path / "p" / "problem.yaml").read_text())
    assert spec["tests"] == {} and spec["limits"]["time"] == 3.0 and spec["name"]["en"] == "ABC XYZ"
    check = subprocess.run([sys.executable, "-m", "ojpack.cli", "check", "--no-proof", "--json", "-p",
                            str(tmp_path / "p")], capture_output=True, text=True)
    assert json.loads(check.stdout)["ok"] is True, check.stderr
    # what needs tests says so in one line
    export = subprocess.run([sys.executable, "-m", "ojpack.cli", "export", "--to", "kattis", "--no-check", "-p",
                             str(tmp_path / "p")], capture_output=True, text=True)
    assert export.returncode != 0 and "Traceback" not in export.stderr and "no built tests" in export.stderr
