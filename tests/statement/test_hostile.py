"""Hostile statements: a package's template and an imported statement are text from a stranger, so rendering
them must never run code (jinja's sandbox; imported text escaped), and a refused template is one error line."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ojpack.problem.load import load_problem
from ojpack.statement.model import StatementError, render_statement

HOSTILE = Path(__file__).parent / "hostile"


def ojpack(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args], capture_output=True, text=True, cwd=cwd,
                          env={"PATH": "/usr/bin:/bin", "COLUMNS": "200", "CI": "true"}, timeout=600)


def test_a_template_cannot_run_a_shell_command(toy: Path, tmp_path: Path) -> None:
    (toy / "statement").mkdir()
    shutil.copy(HOSTILE / "native" / "problem.en.md.j2", toy / "statement")
    r = ojpack("render", "-p", str(toy), "--format", "md", cwd=tmp_path)
    assert not (tmp_path / "pwned-by-template").exists()
    assert r.returncode == 1, r.stdout + r.stderr
    assert "Traceback" not in r.stdout + r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: statement/problem.en.md.j2: line 5: refused"), r.stderr


@pytest.mark.parametrize("expression, says", [
    ('"".__class__.__mro__', "unsafe"),
    ("bounds.x.__class__", "unsafe"),
    ('"{0.__class__}".format(1)', "unsafe"),
    ("self._TemplateReference__context", "unsafe"),
    ("samples.append(1)", "unsafe"),
    ("lipsum()", "'lipsum' is undefined"),
    ("joiner()", "'joiner' is undefined"),
    ('"x" * 10**9', "too large"),
    ("9 ** 999999999", "too large"),
    ("range(10**9) | list", "Range too big"),
    ("1 / 0", "ZeroDivisionError"),
    ('"x" | num', "TypeError"),
])
def test_every_way_out_is_one_error_naming_the_line(toy: Path, expression: str, says: str) -> None:
    (toy / "statement").mkdir()
    (toy / "statement" / "problem.en.md.j2").write_text(f"## Description\n\n{{{{ {expression} }}}}\n")
    with pytest.raises(StatementError) as e:
        render_statement(load_problem(toy), "en", [])
    assert str(e.value).startswith("statement/problem.en.md.j2: line 3: ") and says in str(e.value)
    assert "\n" not in str(e.value)


def test_what_a_statement_needs_still_works(toy: Path) -> None:
    (toy / "statement").mkdir()
    (toy / "statement" / "problem.en.md.j2").write_text(
        "{% set ns = namespace(n=0) %}{% for k, b in bounds.items() %}{% set ns.n = ns.n + 1 %}"
        "{{ k }}={{ b.max | num }}{% endfor %} {{ ns.n }} {{ range(3) | join(',') }} {{ dict(a=1).a }}\n")
    assert render_statement(load_problem(toy), "en", []).markdown == "x=100 1 0,1,2 1\n"


def test_an_imported_statement_cannot_close_its_escape(tmp_path: Path) -> None:
    r = ojpack("import", str(HOSTILE / "kattis-endraw"), "--to", "out", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    r = ojpack("render", "-p", "out", "--format", "md,tex", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert not (tmp_path / "pwned-by-import").exists()
    md = (tmp_path / "out" / "build" / "statement" / "problem.en.md").read_text()
    assert "{% endraw %}{{ cycler.__init__.__globals__.os.popen('touch pwned-by-import').read() }}{% raw %}" in md
    assert "$\\{1 \\le a, b \\le 10\\}$" in md   # TeX braces in math survive too
