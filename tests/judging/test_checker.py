import textwrap
from pathlib import Path

import pytest

from ojpack.cache import cache_for
from ojpack.judging.checker import CheckerError, ProgramChecker, TokenChecker, compare_tokens, load_checker
from ojpack.judging.judgement import judge
from ojpack.judging.verdicts import Verdict
from ojpack.problem.load import load_problem
from ojpack.problem.schema import Checker as CheckerSpec
from ojpack.problem.strict import Invalid, convert
from ojpack.sandbox.languages import real_python


def test_tokens_ignore_whitespace_layout():
    assert compare_tokens(b"John Brother", b"John\nBrother\n").ok
    assert compare_tokens(b"\n\n  John\r\n\tBrother  ", b"John\nBrother").ok
    assert compare_tokens(b"", b"").ok and compare_tokens(b" \n", b"").ok


def test_tokens_are_case_sensitive_unless_told():
    res = compare_tokens(b"John\nbrother\n", b"John\nBrother\n")
    assert not res.ok and "token 2" in res.message and "'Brother'" in res.message and "'brother'" in res.message
    assert compare_tokens(b"JOHN", b"John", case_sensitive=False).ok


def test_missing_and_extra_tokens_are_named():
    short = compare_tokens(b"John\n", b"John\nBrother\n")
    assert not short.ok and "ends after 1 tokens" in short.message
    extra = compare_tokens(b"John Brother John", b"John Brother")
    assert not extra.ok and "extra output after 2 tokens" in extra.message


def test_glued_tokens_and_binary_garbage_are_wrong_not_errors():
    assert not compare_tokens(b"JohnBrother", b"John Brother").ok
    res = compare_tokens(b"\xff\xfe" * 100, b"John")
    assert not res.ok and "…" in res.message


def test_token_checker_reads_files(tmp_path):
    (tmp_path / "out").write_bytes(b"a b")
    (tmp_path / "ans").write_bytes(b"a\nb\n")
    assert TokenChecker().check(tmp_path / "in", tmp_path / "ans", tmp_path / "out").ok


def _program(tmp_path: Path, code: str) -> ProgramChecker:
    src = tmp_path / "checker.py"
    src.write_text(textwrap.dedent(code))
    return ProgramChecker((real_python(), str(src)))


KATTIS_STYLE = """
    import sys
    inp, ans, feedback = sys.argv[1:4]
    team = sys.stdin.read().split()
    want = open(ans).read().split()
    n = int(open(inp).read().split()[0])
    if len(team) == n and sorted(team) == sorted(want):   # any order is fine
        sys.exit(42)
    open(feedback + "judgemessage.txt", "w").write(f"got {len(team)} tokens for {n} games")
    sys.exit(43)
"""


def test_custom_checker_follows_the_kattis_convention(tmp_path):
    checker = _program(tmp_path, KATTIS_STYLE)
    (tmp_path / "in").write_text("2\n")
    (tmp_path / "ans").write_text("x\ny\n")
    (tmp_path / "out").write_text("y x\n")
    assert checker.check(tmp_path / "in", tmp_path / "ans", tmp_path / "out").ok
    (tmp_path / "out").write_text("y\n")
    res = checker.check(tmp_path / "in", tmp_path / "ans", tmp_path / "out")
    assert not res.ok and res.message == "got 1 tokens for 2 games"


def test_crashing_custom_checker_is_a_checker_error(tmp_path):
    checker = _program(tmp_path, "import sys; sys.exit(1)")
    for name in ("in", "ans", "out"):
        (tmp_path / name).write_text("1\n")
    with pytest.raises(CheckerError, match="exit code 1"):
        checker.check(tmp_path / "in", tmp_path / "ans", tmp_path / "out")


# A checker in testlib's convention written without testlib.h (packages bring their own; we cannot ship
# it): argv = input output answer; the first line of the output decides what it does, to reach every exit.
TESTLIB_STYLE = r"""
#include <cstdio>
#include <cstdlib>
#include <cstring>
int main(int argc, char** argv) {
    if (argc != 4) { fprintf(stderr, "usage: input output answer"); return 3; }
    FILE* out = fopen(argv[2], "r"); FILE* ans = fopen(argv[3], "r");
    if (!out || !ans) { fprintf(stderr, "cannot open files"); return 3; }
    char got[64] = "", want[64] = "";
    if (fscanf(out, "%63s", got) != 1) { fprintf(stderr, "empty output"); return 2; }
    if (fscanf(ans, "%63s", want) != 1) { fprintf(stderr, "empty answer"); return 3; }
    if (!strcmp(got, "crash")) abort();
    if (!strcmp(got, "fail")) { fprintf(stderr, "checker gave up"); return 3; }
    if (!strcmp(got, "points")) return 7;
    if (!strcmp(got, want)) { fprintf(stderr, "ok %s", got); return 0; }
    fprintf(stderr, "expected %s, found %s", want, got);
    return 1;
}
"""


def _case(tmp_path: Path, out: str, ans: str = "John\n") -> tuple[Path, Path, Path]:
    for name, body in (("in", "1\n1 1\n"), ("ans", ans), ("out", out)):
        (tmp_path / name).write_text(body)
    return tmp_path / "in", tmp_path / "ans", tmp_path / "out"


def _with_checker(toy: Path, source: str, body: str, convention: str) -> Path:
    (toy / source).write_text(body)
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text + f"checker: {{type: program, source: {source}, convention: {convention}}}\n")
    return toy


@pytest.fixture
def testlib_checker(toy: Path) -> ProgramChecker:
    problem = load_problem(_with_checker(toy, "check.cpp", TESTLIB_STYLE, "testlib"))
    checker = load_checker(problem, cache_for(problem.root).dir)
    assert isinstance(checker, ProgramChecker) and checker.convention == "testlib"
    return checker


def test_testlib_convention_exit_codes(testlib_checker: ProgramChecker, tmp_path: Path) -> None:
    ok = testlib_checker.check(*_case(tmp_path, "John\n"))
    assert ok.ok and ok.message == "ok John"
    wa = testlib_checker.check(*_case(tmp_path, "Brother\n"))
    assert not wa.ok and wa.message == "expected John, found Brother"
    pe = testlib_checker.check(*_case(tmp_path, ""))   # a presentation error is a wrong answer, as on Polygon
    assert not pe.ok and pe.message == "presentation error: empty output"


@pytest.mark.parametrize("out, why", [("fail", r"exit code 3 \(testlib: fail\): checker gave up"),
                                      ("crash", r"signal 6"), ("points", r"exit code 7")])
def test_a_failing_testlib_checker_is_a_judge_error(testlib_checker, tmp_path, out, why) -> None:
    with pytest.raises(CheckerError, match=why):
        testlib_checker.check(*_case(tmp_path, out + "\n"))


def test_the_checker_is_compiled_once(toy: Path) -> None:
    problem = load_problem(_with_checker(toy, "check.cpp", TESTLIB_STYLE, "testlib"))
    cache = cache_for(problem.root).dir
    first = load_checker(problem, cache)
    binary = Path(first.argv[0])
    stamp = binary.stat().st_mtime_ns
    again = load_checker(load_problem(toy), cache)
    assert again.argv == first.argv and binary.stat().st_mtime_ns == stamp
    assert len([p for p in (cache / "bin").iterdir() if p.is_dir()]) == 1


def test_a_checker_that_does_not_compile_is_named(toy: Path) -> None:
    problem = load_problem(_with_checker(toy, "check.cpp", "int main( {", "testlib"))
    with pytest.raises(CheckerError, match="checker check.cpp does not compile"):
        load_checker(problem, cache_for(problem.root).dir)


def test_a_crashing_checker_gives_je_not_wa(toy: Path) -> None:
    # testlib convention; gives up (exit 3) when the answer is 3
    crash = ("import sys\nout, ans = open(sys.argv[2]).read().split(), open(sys.argv[3]).read().split()\n"
             "raise SystemExit(3 if ans == ['3'] else 0 if out == ans else 1)\n")
    problem = load_problem(_with_checker(toy, "check.py", crash, "testlib"))
    path = toy / "subs" / "ok.py"
    path.parent.mkdir()
    path.write_text("a, b = map(int, input().split())\nprint(a + b)\n")
    res = judge(problem, path)
    sample = res.cells[0]                      # the sample is 1 2: the checker gives up on it
    assert sample.verdict is Verdict.JE and "checker check.py failed" in sample.message and "exit code 3" in sample.message
    assert res.verdict is Verdict.JE and all(c.verdict is Verdict.AC for c in res.cells[1:])


def test_kattis_convention_from_problem_yaml(toy: Path, tmp_path: Path) -> None:
    problem = load_problem(_with_checker(toy, "check.py", textwrap.dedent(KATTIS_STYLE), "kattis"))
    checker = load_checker(problem, cache_for(problem.root).dir)
    assert checker.check(*_case(tmp_path, "y x\n", "x\ny\n")).ok is False  # input says 1 game
    assert checker.check(*_case(tmp_path, "x\n", "x\n")).ok


def test_checker_schema() -> None:
    assert CheckerSpec().type == "tokens"
    with pytest.raises(ValueError, match="needs 'source"):
        CheckerSpec(type="program")
    with pytest.raises(Invalid, match="should be one of 'testlib', 'kattis'") as e:
        convert({"type": "program", "source": "c.cpp", "convention": "polygon"}, CheckerSpec, ("checker",))
    assert e.value.at == ("checker", "convention")
    assert CheckerSpec(type="program", source="c.cpp").convention == "testlib"


def test_check_puts_a_judge_error_first_and_keeps_no_memory_of_it(toy: Path) -> None:
    from ojpack.judging import check
    # gives up (testlib "fail") while a flag file lies beside it: the same checker, flaky
    flaky = ("import os, sys\nif os.path.exists(os.path.join(os.path.dirname(sys.argv[0]), 'flag')): raise SystemExit(3)\n"
             "raise SystemExit(0 if open(sys.argv[2]).read().split() == open(sys.argv[3]).read().split() else 1)\n")
    (toy / "flag").write_text("")
    problem = load_problem(_with_checker(toy, "check.py", flaky, "testlib"))
    report = check(problem, proof=False)
    assert not report.ok and report.problems[0].startswith("judge error (JE) on ")
    assert "checker check.py failed on" in report.problems[0] and "exit code 3" in report.problems[0]
    (toy / "flag").unlink()   # runs are remembered, but JE runs never: this check runs them again
    assert check(load_problem(toy), proof=False).ok


def test_a_checker_brings_its_own_testlib_h(toy: Path, tmp_path: Path) -> None:
    # a stand-in for testlib.h (the real one cannot be shipped): the package's header beside its checker
    (toy / "checkers").mkdir()
    (toy / "checkers" / "testlib.h").write_text(
        "#include <cstdio>\n#include <cstdlib>\n"
        "enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3 };\n"
        "[[noreturn]] inline void quitf(TResult r, const char* m) { std::fprintf(stderr, \"%s\\n\", m); std::exit(r); }\n")
    (toy / "checkers" / "chk.cpp").write_text(
        '#include "testlib.h"\n#include <cstring>\n'
        "int main(int argc, char** argv) {\n"
        '    FILE* o = std::fopen(argv[2], "r"); FILE* a = std::fopen(argv[3], "r"); char x[64] = "", y[64] = "";\n'
        '    if (std::fscanf(a, "%63s", y) != 1) quitf(_fail, "no answer");\n'
        '    if (std::fscanf(o, "%63s", x) != 1) quitf(_pe, "no output");\n'
        '    if (std::strcmp(x, y)) quitf(_wa, "differs");\n'
        '    quitf(_ok, "same");\n}\n')
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text + "checker: {type: program, source: checkers/chk.cpp}\n")   # testlib
    checker = load_checker(load_problem(toy), cache_for(toy).dir)
    assert checker.check(*_case(tmp_path, "John\n")).ok
    assert checker.check(*_case(tmp_path, "Brother\n")).message == "differs"
    assert checker.check(*_case(tmp_path, "")).message == "presentation error: no output"
