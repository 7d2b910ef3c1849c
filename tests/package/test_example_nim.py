"""The second package (plain Nim, Yes/No) goes through the same toolkit: the toolkit is generic."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from conftest import REPO
from ojpack.testdata.builder import build
from ojpack.cache import cache_for
from ojpack.problem.load import load_problem
from ojpack.testdata.stats import collect
from ojpack.testdata.validate import load_validator, run_cases


def test_nim_example_builds_to_its_lock_and_is_covered(tmp_path: Path) -> None:
    root = tmp_path / "nim"
    shutil.copytree(REPO / "examples" / "nim", root,
                    ignore=shutil.ignore_patterns("data", ".ojpack", "build", "__pycache__"))
    problem = load_problem(root)
    result = build(problem)
    assert result.lock_status == "unchanged"
    assert collect(problem, result.tests).gaps == []
    # Empty piles are legal here (unlike John's game), and the answers are Yes/No.
    assert any(t.features["features"].count("a=min") for t in result.tests if t.group == "all")
    assert {tok for t in result.tests for tok in t.answers} == {"Yes", "No"}
    results = run_cases(problem, load_validator(problem, cache_for(root)))
    assert results and all(r.ok for r in results), [r.case.name for r in results if not r.ok]


def test_cpp_port_agrees_on_every_validator_case(tmp_path: Path) -> None:
    import subprocess
    import yaml
    root = REPO / "examples" / "nim"
    binary = tmp_path / "val"
    subprocess.run(["g++", "-O2", "-std=c++17", "-o", str(binary), str(root / "validators" / "validate.cpp")],
                   check=True)
    args = ["T=1..10", "n=1..10000", "a=0..9999"]
    for case in yaml.safe_load((root / "validators" / "tests.yaml").read_text()):
        data = case["input"].encode()
        py = subprocess.run([sys.executable, str(root / "validators" / "validate.py"), *args], input=data,
                            capture_output=True)
        cpp = subprocess.run([str(binary), *args], input=data, capture_output=True)
        assert (py.returncode, cpp.returncode) == ((42, 42) if case["expect"] == "valid" else (43, 43)), case["name"]
