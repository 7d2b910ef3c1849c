"""validators/validate.cpp (the C++ port UOJ, Kattis and BAPCtools get) against validators/validate.py.

Both programs get the same bytes and arguments; exit code, stdout (the --features JSON) and the
rejection message must agree exactly on every validator test, every built test under each group's
bounds, and a few hundred seeded mutations of real inputs. The validator tests run validate.py as a program;
the built data and the mutations call its main() in this process on the same bytes (a Python start-up per
case was most of this module's time), as `python validate.py` would: stdin's bytes in, what it writes out.
"""

from __future__ import annotations

import contextlib
import io
import random
import subprocess
from pathlib import Path

import pytest
import yaml

from ojpack.testdata import ensure_built
from ojpack.sandbox.languages import real_python
from ojpack.formats.common.package import validator_args
from ojpack.problem.load import load_problem

from conftest import REPO, load_source
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
    return (py.returncode, py.stdout, py.stderr), port_run(port, data, args)


def port_run(port: Path, data: bytes, args: list[str]) -> tuple:
    cc = subprocess.run([str(port), *args], input=data, capture_output=True)
    return cc.returncode, cc.stdout, cc.stderr


@pytest.fixture(scope="module")
def validate_py():
    return load_source(PY, "ojpack_test_validate_py")


def in_process(module, data: bytes, args: list[str]) -> tuple:
    """validate.py's main() on `data`, as its own process would run: exit code, stdout and stderr bytes."""
    out, err = io.StringIO(), io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(data))
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", stdin)
        code = module.main(args)
    return code, out.getvalue().encode(), err.getvalue().encode("utf-8", "backslashreplace")


def test_in_process_runs_as_the_program_does(port: Path, validate_py, problem) -> None:
    """The in-process run is the program's run, byte for byte, on a valid, an invalid and a usage case."""
    sample = ensure_built(problem)[0].input.read_bytes()
    args = validator_args(problem.bounds_for("sample"))
    for data, argv in ((sample, ["--features", *args]), (sample + b"junk", args), (sample, ["T=a..b"])):
        py, _ = both(port, data, argv)
        assert in_process(validate_py, data, argv) == py


def test_agrees_on_every_validator_test(port: Path, validate_py, problem) -> None:
    cases = yaml.safe_load((REPO / "validators" / "tests.yaml").read_text(encoding="utf-8"))
    verdicts = set()
    for case in cases:
        args = validator_args(problem.bounds_for(case.get("group", "sample")))
        data = str(case["input"]).encode("utf-8", "surrogateescape")
        py, cc = both(port, data, args)   # validate.py as the program judges run
        assert cc == py, case["name"]
        features = ["--features", *args]
        assert port_run(port, data, features) == in_process(validate_py, data, features), f"{case['name']} --features"
        verdicts.add(py[0])
    assert verdicts == {42, 43}  # the tests hold both valid and invalid files


def test_agrees_on_all_built_data_under_every_groups_bounds(port: Path, validate_py, problem) -> None:
    tests = ensure_built(problem)
    seen = set()
    for t in tests:
        data = t.input.read_bytes()
        for group in ["sample", *problem.groups]:  # a subtask-2 file under subtask-1 bounds must fail alike
            args = ["--features", *validator_args(problem.bounds_for(group))]
            py, cc = in_process(validate_py, data, args), port_run(port, data, args)
            assert cc == py, f"{t.id} under {group} bounds"
            seen.add(py[0])
    assert seen == {42, 43}


def test_agrees_on_seeded_mutations(port: Path, validate_py, problem) -> None:
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
        py, cc = in_process(validate_py, bytes(data), args), port_run(port, bytes(data), args)
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
