"""Checkers that give part of a test's points: testlib's quitp / _pc(k), read as a fraction of the test."""

import shutil
from pathlib import Path

import pytest

from ojpack.cache import cache_for
from ojpack.judging.checker import CheckerError, ProgramChecker, load_checker
from ojpack.judging.partial import PartialError, of_score_file, of_testlib
from ojpack.problem.load import load_problem

TESTS = Path(__file__).parent.parent
TESTLIB_H = TESTS / "publish" / "fixtures" / "polygon-lecturer" / "files" / "testlib.h"   # testlib 0.9.34

# A real testlib checker: the participant's first token says what it answers (the answer file holds a+b).
CHECKER = r"""
#include "testlib.h"
int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    std::string got = ouf.readToken();
    long long want = ans.readLong();
    if (got == "half") quitp(0.5, "half of it");
    if (got == "quarter") quitp(0.25);
    if (got == "none") quitp(0.0, "nothing");
    if (got == "all") quitp(1.0, "all of it");
    if (got == "pc40") quitf(_pc(40), "forty percent");
    if (got == "pc7") quitf(_pc(7), "seven percent");
    if (got == "pc250") quitf(_pc(250), "too many");
    if (got == "three") quitp(3, "three points");
    if (got == std::to_string(want)) quitf(_ok, "the sum");
    quitf(_wa, "expected %lld, found %s", want, got.c_str());
}
"""


def with_testlib_checker(root: Path) -> Path:
    """`root` (a toy problem copy) judged by the real testlib checker above."""
    (root / "check.cpp").write_text(CHECKER)
    shutil.copy(TESTLIB_H, root / "testlib.h")
    text = (root / "problem.yaml").read_text()
    (root / "problem.yaml").write_text(text + "checker: {type: program, source: check.cpp, convention: testlib}\n")
    return root


@pytest.fixture
def checker(toy: Path) -> ProgramChecker:
    problem = load_problem(with_testlib_checker(toy))
    loaded = load_checker(problem, cache_for(problem.root).dir)
    assert isinstance(loaded, ProgramChecker)
    return loaded


def _case(tmp_path: Path, out: str) -> tuple[Path, Path, Path]:
    for name, body in (("in", "1 2\n"), ("ans", "3\n"), ("out", out + "\n")):
        (tmp_path / name).write_text(body)
    return tmp_path / "in", tmp_path / "ans", tmp_path / "out"


def test_a_real_testlib_checker_gives_part_of_the_points(checker: ProgramChecker, tmp_path: Path) -> None:
    half = checker.check(*_case(tmp_path, "half"))
    assert (half.ok, half.fraction, half.message) == (False, 0.5, "half of it")
    assert checker.check(*_case(tmp_path, "quarter")).fraction == 0.25
    pc = checker.check(*_case(tmp_path, "pc40"))    # _pc(k): k percent, exit code k
    assert (pc.ok, pc.fraction, pc.message) == (False, 0.4, "forty percent")
    assert checker.check(*_case(tmp_path, "pc7")).fraction == 0.07   # exit code 7, as quitp's: told apart
    full = checker.check(*_case(tmp_path, "all"))
    assert full.ok and full.fraction is None          # all the points: accepted
    none = checker.check(*_case(tmp_path, "none"))
    assert not none.ok and none.fraction is None and none.message == "nothing"   # no points: wrong answer
    assert checker.check(*_case(tmp_path, "3")).ok
    wrong = checker.check(*_case(tmp_path, "4"))
    assert not wrong.ok and wrong.fraction is None


@pytest.mark.parametrize("out, why", [("three", r"quitp gave 3 points.*from 0 to 1"),
                                      ("pc250", r"_pc\(250\) is over 100")])
def test_points_out_of_range_are_the_checkers_fault(checker: ProgramChecker, tmp_path: Path, out: str,
                                                    why: str) -> None:
    with pytest.raises(CheckerError, match=why):
        checker.check(*_case(tmp_path, out))


def test_testlib_protocol() -> None:
    assert of_testlib(7, "points 0.125 close\n") == (0.125, "close")
    assert of_testlib(7, "points 1\n") == (1.0, "")
    assert of_testlib(13, "partially correct (13) ok\n") == (0.13, "ok")
    assert of_testlib(63, "partially correct (13) ok\n") == (0.13, "ok")   # Testsys: 50 + k
    assert of_testlib(1, "partially correct (13) ok\n") is None    # not the exit code _pc(13) gives
    assert of_testlib(1, "wrong answer points 0.5") is None
    assert of_testlib(0, "ok points 0.5") is None
    with pytest.raises(PartialError, match="not a number"):
        of_testlib(7, "points x1")
    with pytest.raises(PartialError, match="from 0 to 1"):
        of_testlib(7, "points -0.5")


def test_of_score_file_file() -> None:
    assert of_score_file("74.42\n") == 74.42
    assert of_score_file(None) is None and of_score_file(" \n") is None
    for bad in ("nan", "-1", "inf", "lots"):
        with pytest.raises(PartialError):
            of_score_file(bad)
