"""Checkers that give part of a test's points: testlib's quitp / _pc(k), read as a fraction of the test."""

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import edit_yaml
from tests.judging.test_scoring_sum import add, summed
from ojpack.cache import cache_for
from ojpack.cli import app
from ojpack.judging.checker import CheckerError, ProgramChecker, load_checker
from ojpack.judging.crosscheck import check
from ojpack.judging.judgement import judge
from ojpack.judging.verdicts import Verdict
from ojpack.judging.partial import PartialError, of_score_file, of_testlib
from ojpack.problem.load import load_problem

TESTS = Path(__file__).parent.parent
TESTLIB_H = TESTS / "formats" / "fixtures" / "polygon-lecturer" / "files" / "testlib.h"   # testlib 0.9.34

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


# Prints the sum on small inputs; on the big tests (a or b over 10) "half" or, for the top test, "quarter".
HALF_ON_BIG = ("a, b = map(int, input().split())\n"
               "print(a + b if max(a, b) <= 10 else 'quarter' if a == 100 else 'half')\n")


def test_judge_scores_a_min_subtask_by_its_smallest_share(toy: Path) -> None:
    problem = load_problem(with_testlib_checker(toy))
    res = judge(problem, add(toy, "subs/half.py", HALF_ON_BIG))
    big = [c for c, g in zip(res.cells, res.groups) if g == "big"]
    assert [(c.verdict, c.share) for c in big] == [(Verdict.PC, 0.5), (Verdict.PC, 0.25)]
    assert [(s.group, s.score) for s in res.subtasks] == [("small", 30), ("big", 17.5)]   # 70 x min(0.5, 0.25)
    assert res.score == 47.5 and res.verdict is Verdict.PC
    tests = res.to_json()["tests"]
    assert [t["share"] for t in tests if t["group"] == "big"] == [0.5, 0.25]


def test_judge_scores_a_sum_subtask_by_each_tests_share(toy: Path) -> None:
    root = summed(with_testlib_checker(toy))   # big: r1 20 points, top 50
    result = CliRunner().invoke(app, ["judge", str(add(root, "subs/half.py", HALF_ON_BIG)), "--json",
                                      "-p", str(root)])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert [(s["group"], s["score"]) for s in out["subtasks"]] == [("small", 30), ("big", 22.5)]   # 20/2 + 50/4
    assert out["score"] == 52.5 and out["verdict"] == "PC"


def test_check_holds_a_partial_solution_to_its_fractional_score(toy: Path) -> None:
    root = with_testlib_checker(toy)
    add(root, "solutions/partial/half.py", HALF_ON_BIG)
    with open(root / "problem.yaml", "a") as f:
        f.write("solutions:\n  partial/half.py: {small: AC, big: PC, score: 47.5}\n")
    report = check(load_problem(root), proof=False)
    assert report.ok, report.problems
    row = next(r for r in report.rows if r.solution.name == "partial/half.py")
    assert row.score == 47.5 and row.verdict is Verdict.PC
    edit_yaml(root / "problem.yaml", "score: 47.5", "score: 65")
    wrong = check(load_problem(root), proof=False)
    assert "partial/half.py: score 47.5, expected 65 (small 30/30, big 17.5/70)" in wrong.problems
