"""`ojpack new --grader / --communication / --output-only`: each template loads with its kind (the build,
check and export of each are in tests/judging/test_grader.py, test_communication.py, test_outputonly.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ojpack.problem import load_problem
from ojpack.scaffold import new_problem


@pytest.mark.parametrize("template, kind, languages", [
    ("grader", "grader", ["cpp", "java", "python"]),
    ("communication", "communication", ["cpp", "java", "python"]),
    ("output-only", "output_only", []),
])
def test_each_kind_template_loads(tmp_path: Path, template: str, kind: str, languages: list[str]) -> None:
    made = new_problem(tmp_path / "p", template, ("en", "zh"))   # type: ignore[arg-type]
    spec = load_problem(made.root).spec
    assert spec.kind == kind
    linked = spec.grader or (spec.communication.stub if spec.communication else None)
    assert sorted(linked.languages()) == sorted(languages) if linked else languages == []
    if spec.communication:
        assert (spec.communication.processes, spec.communication.channel) == (2, "fifo")


def test_two_kinds_at_once_are_one_clear_error(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "ojpack.cli", "new", "p", "--grader", "--output-only"],
                       capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert r.returncode != 0 and "choose one" in r.stdout + r.stderr and "Traceback" not in r.stderr
