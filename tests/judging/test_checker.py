import textwrap
from pathlib import Path

import pytest

from ojpack.judging.checker import CheckerError, ProgramChecker, TokenChecker, compare_tokens
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
