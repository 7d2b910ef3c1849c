"""Files a package should not have — a non-UTF-8 byte in a file name or in a text file ojpack reads, data/ as a
symbolic link — each end in one error line naming the file and exit 1: no traceback, no staging folder left."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

FF = os.fsdecode(b"sol\xff.py")   # how Python names a file whose name has the byte 0xFF


def ojpack(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "COLUMNS": "250", "CI": "true"}, timeout=600)


def _solution_name(toy: Path, tmp: Path) -> tuple[list[str], str]:
    shutil.copy(toy / "solutions" / "accepted" / "sum.py", toy / "solutions" / "accepted" / FF)
    return ["check", "--no-proof"], "error: solutions/accepted/sol\\xff.py: the file name is not valid UTF-8"


def _submission_name(toy: Path, tmp: Path) -> tuple[list[str], str]:
    shutil.copy(toy / "solutions" / "accepted" / "sum.py", tmp / FF)
    return ["judge", os.fsdecode(os.fsencode(tmp / FF))], f"error: {tmp}/sol\\xff.py: the file name is not valid UTF-8"


def _lock(toy: Path, tmp: Path) -> tuple[list[str], str]:
    (toy / "data.sha256").write_bytes(b"\xff\n")
    return ["build"], f"error: {toy}/data.sha256: not UTF-8 text (byte 0xff at offset 0)"


def _validator_tests(toy: Path, tmp: Path) -> tuple[list[str], str]:
    with open(toy / "validators" / "tests.yaml", "ab") as f:
        f.write(b"# \xff\n")
    assert ojpack("build", "-p", str(toy)).returncode == 0   # the build does not read it; `validate` does
    size = (toy / "validators" / "tests.yaml").stat().st_size
    return ["validate"], f"error: {toy}/validators/tests.yaml: not UTF-8 text (byte 0xff at offset {size - 2})"


def _template(toy: Path, tmp: Path) -> tuple[list[str], str]:
    (toy / "statement").mkdir()
    (toy / "statement" / "problem.zh.md.j2").write_text("## 题目描述\n\n求和。\n", encoding="utf-8")
    (toy / "statement" / "problem.en.md.j2").write_bytes(b'{% import "_macros.j2" as m %}\nSum.\n')
    (toy / "statement" / "_macros.j2").write_bytes(b"{# \xff #}\n")
    return ["render", "--format", "md"], "error: statement/_macros.j2: not UTF-8 text (byte 0xff at offset 3)"


def _data_symlink(toy: Path, tmp: Path) -> tuple[list[str], str]:
    (tmp / "elsewhere").mkdir()
    (toy / "data").symlink_to(tmp / "elsewhere")
    return ["build"], f"error: {toy}/data: is a symbolic link (to {tmp}/elsewhere); ojpack makes data/ itself"


@pytest.mark.parametrize("make", [_solution_name, _submission_name, _lock, _validator_tests, _template,
                                  _data_symlink], ids=lambda f: f.__name__.strip("_"))
def test_one_line_naming_the_file(toy: Path, tmp_path: Path,
                                  make: Callable[[Path, Path], tuple[list[str], str]]) -> None:
    args, line = make(toy, tmp_path)
    r = ojpack(*args, "-p", str(toy))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "Traceback" not in r.stdout + r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(line), r.stderr
    assert not list((toy / ".ojpack").glob("data.new-*"))
    if make is _data_symlink:
        assert (toy / "data").is_symlink() and not any((tmp_path / "elsewhere").iterdir())
