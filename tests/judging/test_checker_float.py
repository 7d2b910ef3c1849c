"""The float rule (`checker: {type: float, absolute, relative}`) and `space_change_sensitive` judge as
Kattis' default output validator does with the same flags: problemtools' own compiled validator is run on
a table of answers and outputs and must agree with `compare_tokens` on every row."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from ojpack.judging.checker import Tolerance, as_number, compare_tokens
from ojpack.problem.strict import convert
from ojpack.problem.schema import Checker

from conftest import REPO

VALIDATOR = next((REPO / ".tools").glob("problemtools/lib/python3*/site-packages/problemtools/support/"
                                        "default_validator"), None)

# (answer, output) pairs: numbers near and far, numbers against words, literals C reads and Python might not
ROWS = [
    (b"1.0\n", b"1.0000001\n"), (b"1.0\n", b"1.001\n"), (b"1000000\n", b"1000000.5\n"), (b"0\n", b"1e-7\n"),
    (b"0\n", b"-1e-5\n"), (b"3.14159 yes\n", b"3.14159265 YES\n"), (b"2.5\n", b"two\n"), (b"abc\n", b"abc\n"),
    (b"1e400\n", b"1e400\n"), (b"1e400\n", b"inf\n"), (b"inf\n", b"inf\n"), (b"nan\n", b"nan\n"),
    (b"5\n", b"5.0000001\n"), (b"5\n", b"0x5\n"), (b"0x10\n", b"16\n"), (b"1_000\n", b"1000\n"),
    (b"1.5e\n", b"1.5\n"), (b"1e+\n", b"1\n"), (b"0x1p\n", b"1\n"), (b"0x\n", b"0\n"), (b".5\n", b"0.5\n"),
    (b"5.\n", b"+5\n"), (b"-0\n", b"0\n"), (b"1 2 3\n", b"1 2\n"),
    (b"1 2\n", b"1  2\n"), (b"1 2\n", b"1 2"), (b"1\n2\n", b"1 2\n"), (b" 1\n", b"1\n"), (b"1\n", b"1\n\n"),
    (b"12345678.9\n", b"12345679\n"), (b"1e-9\n", b"2e-9\n"), (b"Infinity\n", b"infinity\n"),
]
FLAGS = [
    ["float_tolerance", "1e-6"], ["float_absolute_tolerance", "1e-6"], ["float_relative_tolerance", "1e-6"],
    ["float_absolute_tolerance", "0.01", "float_relative_tolerance", "0"],
    ["float_tolerance", "1e-6", "case_sensitive"],
    ["space_change_sensitive"], ["space_change_sensitive", "float_tolerance", "1e-4"], ["case_sensitive"], [],
]


def rule(flags: list[str]) -> dict:
    """The flags as a problem.yaml checker rule, as the importer writes it."""
    out: dict = {"type": "tokens", "case_sensitive": "case_sensitive" in flags,
                 "space_change_sensitive": "space_change_sensitive" in flags}
    for name, keys in (("float_tolerance", ("absolute", "relative")), ("float_absolute_tolerance", ("absolute",)),
                       ("float_relative_tolerance", ("relative",))):
        if name in flags:
            out.update({k: float(flags[flags.index(name) + 1]) for k in keys}, type="float")
    return out


def ours(answer: bytes, output: bytes, flags: list[str]) -> bool:
    spec = convert(rule(flags), Checker)
    tolerance = Tolerance(spec.absolute, spec.relative) if spec.type == "float" else None
    return compare_tokens(output, answer, spec.case_sensitive, tolerance, spec.space_change_sensitive).ok


@pytest.mark.parametrize("flags", FLAGS, ids=" ".join)
def test_the_float_rule_agrees_with_kattis_default_validator(flags: list[str], tmp_path: Path) -> None:
    if VALIDATOR is None:
        pytest.skip("problemtools is missing: run `bash scripts/setup.sh test`")
    theirs, mine = {}, {}
    for i, (answer, output) in enumerate(ROWS):
        (tmp_path / "in").write_bytes(b"")
        (tmp_path / "ans").write_bytes(answer)
        (tmp_path / "out").write_bytes(output)
        (tmp_path / "fb").mkdir(exist_ok=True)
        with open(tmp_path / "out", "rb") as stdin:
            argv = [str(VALIDATOR), str(tmp_path / "in"), str(tmp_path / "ans"), str(tmp_path / "fb") + "/", *flags]
            code = subprocess.run(argv, stdin=stdin, capture_output=True).returncode
        assert code in (42, 43)
        theirs[i], mine[i] = code == 42, ours(answer, output, flags)
    assert mine == theirs


def test_numbers_are_whole_finite_c_literals() -> None:
    assert as_number(b"1e-3") == 0.001 and as_number(b"0x10") == 16 and as_number(b".5") == 0.5
    assert as_number(b"1_000") is None and as_number(b"inf") is None and as_number(b"1e400") is None
    assert as_number(b"1.5e") == 1.5 and as_number(b"0x1p") == 1 and as_number(b"0x") is None   # as glibc reads them
    assert as_number(b"five") is None and as_number(b"1.5e5x") is None


def test_the_schema_wants_a_tolerance_for_a_float_rule_and_none_for_tokens() -> None:
    from ojpack.problem.strict import Invalid
    with pytest.raises((Invalid, ValueError)):
        convert({"type": "float"}, Checker)
    with pytest.raises((Invalid, ValueError)):
        convert({"type": "tokens", "absolute": 1e-6}, Checker)
    with pytest.raises((Invalid, ValueError)):
        convert({"type": "float", "relative": -1}, Checker)
    assert convert({"type": "float", "absolute": 0}, Checker).absolute == 0
