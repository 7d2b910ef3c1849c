"""The 2025-09 problem types of the format's examples (issue 22). submit-answer: the format leaves open how
answer files map to tests, and its example ships programs, so ojpack imports the submissions as programs
judged on each test and names the type in the report; everything else comes in as usual. multi-pass without
an output validator (the example's): refused in one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ojpack.errors import OjpackError
from ojpack.publish import import_package
from package_files import write_tree


def test_submit_answer_is_named_and_its_programs_are_judged(tmp_path: Path) -> None:
    source = write_tree(tmp_path / "src", {
        "problem.yaml": "problem_format_version: 2025-09\ntype: pass-fail submit-answer\nname: Answer\n"
                        "limits:\n  time_limit: 1\n",
        "data/secret/1.in": "", "data/secret/1.ans": "42\n",
        "statement/problem.en.tex": "\\problemname{Answer}\nPrint 42.\n",
        "submissions/accepted/solution.py": "print(42)\n",
        "submissions/wrong_answer/wrong.py": "print(24)\n",
    })
    report = import_package(source, tmp_path / "p")
    assert sum("type submit-answer: ojpack judges programs" in n for n in report.notes) == 1, report.notes
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "check", "--no-proof", "--json", "-p",
                           str(tmp_path / "p")], capture_output=True, text=True)
    got = {s["name"]: s["verdict"] for s in json.loads(proc.stdout)["solutions"]}
    assert got == {"accepted/solution.py": "AC", "wrong_answer/wrong.py": "WA"}, proc.stderr[-800:]


def test_a_multi_pass_package_without_an_output_validator_is_one_clear_line(tmp_path: Path) -> None:
    """The format's multi-pass example says it uses the default output validator, which never writes
    nextpass.in: refused in one line naming that, not as an invalid ojpack package."""
    source = write_tree(tmp_path / "src", {"problem.yaml": "problem_format_version: 2025-09\n"
                                                           "type: pass-fail multi-pass\nname: Passes\n"})
    with pytest.raises(OjpackError, match="a multi-pass problem without an output validator"):
        import_package(source, tmp_path / "p")
