"""validators/validate.cpp (the C++ port UOJ, Kattis and BAPCtools get) against validators/validate.py.

Both programs get the same bytes and arguments; exit code, stdout (the --features JSON) and the
rejection message must agree exactly on every validator test, every built test under each group's
bounds, and a few hundred seeded mutations of real inputs.
"""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest
import yaml

from ojpack.testdata import ensure_built
from ojpack.sandbox.languages import real_python
from ojpack.publish.package import validator_args
from ojpack.problem.load import load_problem

from conftest import REPO
PY = REPO / "validators" / "validate.py"
CPP = REPO / "validators" / "validate.cpp"


def compile_port(out: Path, *defines: str) -> Path:
    subprocess.run(["g++", "-O2", "-std=gnu++17", *defines, "-o", str(out), str(CPP)], check=True)
    return out


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_port(tmp_path_factory.mktemp("port") / "validate")


@pytest.fixture(scope="module")
def problem():
    p = load_problem(REPO)
    ensure_built(p)
    return p


def both(port: Path, data: bytes, args: list[str]) -> tuple[tuple, tuple]:
    py = subprocess.run([real_python(), str(PY), *args], input=data, capture_output=True)
    cc = subprocess.run([str(port), *args], input=data, capture_output=True)
    return (py.returncode, py.stdout, py.stderr), (cc.returncode, cc.stdout, cc.stderr)


def test_agrees_on_every_validator_test(port: Path, problem) -> None:
    cases = yaml.safe_load((REPO / "validators" / "tests.yaml").read_text(encoding="utf-8"))
    verdicts = set()
    for case in cases:
        args = validator_args(problem.bounds_for(case.get("group", "sample")))
        data = str(case["input"]).encode("utf-8", "surrogateescape")
        for extra in ([], ["--features"]):
            py, cc = both(port, data, [*extra, *args])
            assert cc == py, f"{case['name']} {extra}"
        verdicts.add(py[0])
    assert verdicts == {42, 43}  # the tests hold both valid and invalid files


def test_agrees_on_all_built_data_under_every_groups_bounds(port: Path, problem) -> None:
    tests = ensure_built(problem)
    seen = set()
    for t in tests:
        data = t.input.read_bytes()
        for group in ["sample", *problem.groups]:  # a subtask-2 file under subtask-1 bounds must fail alike
            py, cc = both(port, data, ["--features", *validator_args(problem.bounds_for(group))])
            assert cc == py, f"{t.id} under {group} bounds"
            seen.add(py[0])
    assert seen == {42, 43}


def test_agrees_on_seeded_mutations(port: Path, problem) -> None:
    rng = random.Random(2008)
    inputs = [t.input.read_bytes() for t in ensure_built(problem)]
    args = validator_args(problem.bounds_for("sample"))
    alphabet = b"0123456789 \n\r\t-+a"
    rejected = 0
    for _ in range(300):
        data = bytearray(rng.choice(inputs)[:400])  # a prefix keeps runs quick and breaks the count
        for _ in range(rng.randint(0, 3)):
            i = rng.randrange(len(data) + 1)
            op = rng.randrange(3)
            if op == 0:
                data[i:i] = bytes([rng.choice(alphabet)])
            elif op == 1 and i < len(data):
                del data[i]
            elif i < len(data):
                data[i] = rng.choice(alphabet)
        py, cc = both(port, bytes(data), args)
        assert cc == py, bytes(data)
        rejected += py[0] == 43
    assert rejected > 100


@pytest.mark.parametrize("argv", [[], ["T=1..5"], ["x=1..2", "n=1..2", "a=1..2"], ["T=5..1", "n=1..2", "a=1..3"],
                                  ["T=1..2", "T=1..2"], ["T=a..b"]])
def test_usage_errors_agree(port: Path, argv: list[str]) -> None:
    py, cc = both(port, b"1\n1\n1\n", argv)
    assert py[0] == cc[0] == 2
    assert py[2].splitlines()[-1] == cc[2].splitlines()[-1]  # the error line; the usage line names the program


def test_builtin_bounds_build_for_uoj(tmp_path: Path, problem) -> None:
    bounds = " ".join(validator_args(problem.bounds_for("sample")))
    exe = compile_port(tmp_path / "val", f'-DBUILTIN_BOUNDS="{bounds}"', "-DVALID_EXIT=0", "-DINVALID_EXIT=1")
    sample = ensure_built(problem)[0].input.read_bytes()
    assert subprocess.run([str(exe)], input=sample, capture_output=True).returncode == 0
    bad = subprocess.run([str(exe)], input=sample + b"junk", capture_output=True)
    assert bad.returncode == 1 and b"expected end of file" in bad.stderr
