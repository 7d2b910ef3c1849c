"""Untrusted text (an interactor's message echoing the contestant, file names, validator messages) is printed
as text: rich markup in it shows literally instead of styling the terminal or ending in a MarkupError."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from conftest import REPO

HOSTILE = Path(__file__).parent / "hostile"
MOVE = "[/red] [bold [link=file:///etc/passwd]x[/link]"


def ojpack(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "COLUMNS": "250", "CI": "true"}, timeout=600)


def test_an_interactor_message_with_markup_is_printed_literally(tmp_path: Path) -> None:
    root = tmp_path / "play"
    shutil.copytree(REPO / "examples" / "anti-nim-play", root,
                    ignore=shutil.ignore_patterns("data", ".ojpack", "build", "__pycache__"))
    r = ojpack("judge", "-p", str(root), str(HOSTILE / "markup_move.py"))
    assert r.returncode == 0, r.stdout + r.stderr   # judging worked; the verdict is WA
    assert "Traceback" not in r.stdout + r.stderr and "MarkupError" not in r.stderr
    assert f'sample/01-statement WA: game 1, move 1: expected two integers "i k", got "{MOVE}"' in r.stdout
    assert f"submission > {MOVE}" in r.stdout
    assert "verdict WA, score 0/100" in r.stdout


def test_a_file_name_with_markup_is_printed_literally(toy: Path, tmp_path: Path) -> None:
    bad = tmp_path / "[red]x[bold].in"   # rich used to print it as a red, bold "x.in"
    bad.write_text("5 seven\n")
    r = ojpack("validate", "-p", str(toy), str(bad))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "Traceback" not in r.stdout + r.stderr
    assert f"invalid  {bad}: line 1, column 1: " in r.stdout


def test_a_solution_name_with_markup_is_printed_literally(toy: Path) -> None:
    shutil.copy(toy / "solutions" / "accepted" / "sum.py", toy / "solutions" / "accepted" / "[bold]s[red].py")
    r = ojpack("check", "--no-proof", "-p", str(toy))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Traceback" not in r.stdout + r.stderr
    assert "accepted/[bold]s[red].py" in r.stdout   # in the matrix (rich drew it as a bold red "s.py")
