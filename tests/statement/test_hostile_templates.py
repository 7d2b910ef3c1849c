"""Hostile statements: a package's template and an imported statement are text from a stranger, so rendering
them must never run code (jinja's sandbox; imported text escaped), and a refused template is one error line."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ojpack.problem.load import load_problem
from ojpack.statement import bounded
from ojpack.statement.model import Statement, StatementError, render_statement
from ojpack.statement.tex import render_kattis

HOSTILE = Path(__file__).parent / "hostile"


def ojpack(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args], capture_output=True, text=True, cwd=cwd,
                          env={"PATH": "/usr/bin:/bin", "COLUMNS": "200", "CI": "true"}, timeout=600)


def statement_folder(toy: Path) -> Path:
    """toy/statement with a harmless Chinese template (the toy has a zh name, and every name needs one)."""
    (toy / "statement").mkdir()
    (toy / "statement" / "problem.zh.md.j2").write_text("## 题目描述\n\n求 $a+b$。\n", encoding="utf-8")
    return toy / "statement"


def test_a_template_cannot_run_a_shell_command(toy: Path, tmp_path: Path) -> None:
    statement_folder(toy)
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
    ('"x" * 10**7', "too large"),
    ("9 ** 2000000", "too large"),
    ("range(200000) | list", "Range too big"),
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


# What a downstream LaTeX run must never be handed as a command: file, stream and shell access, redefinition.
DANGEROUS = {"input", "include", "write", "write18", "immediate", "openin", "openout", "read", "catcode", "def",
             "csname"}


def control_sequences(tex: str) -> list[str]:
    """TeX's own reading, left to right: a backslash and its letters (or the one character after it)."""
    return re.findall(r"\\([A-Za-z]+|.)", tex, re.S)


def test_exported_tex_obeys_nothing_from_the_statement(toy: Path, tmp_path: Path) -> None:
    statement_folder(toy)
    shutil.copy(HOSTILE / "latex" / "problem.en.md.j2", toy / "statement")
    r = ojpack("render", "-p", str(toy), "--format", "tex", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    for name in ("problem.en.tex", "problem.en.standalone.tex"):
        tex = (toy / "build" / "statement" / name).read_text()
        body = tex[tex.index("Description"):tex.rindex("Math that is fine")]
        assert not DANGEROUS & set(control_sequences(body)), body
        assert "^^" not in body and "verbatim" in body   # the word is there, as text
        envs = re.findall(r"\\(begin|end)\{(\w+)\}", tex)
        assert ("begin", "verbatim") not in envs and ("end", "verbatim") not in envs
    assert r"$\begin{cases} 1 & x \\ 2 & y \end{cases}$" in tex and r"$50\%$" in tex


@pytest.mark.parametrize("formula, says", [
    (r"\input{/etc/passwd}", r"\input"),
    (r"\immediate\write18{touch x}", r"\immediate"),
    (r"\openin5=/etc/passwd", r"\openin"),
    (r"\catcode`\^^5c=12", r"\catcode"),
    (r"\def\x{y} \x", r"\def"),
    (r"\csname input\endcsname", r"\csname"),
    (r"^^5cinput{/etc/passwd}", "^^"),
    (r"\end{verbatim}", r"\end of {verbatim}"),
    (r"\begin {filecontents}{x.tex}", r"\begin of {filecontents}"),
])
def test_a_formula_that_would_touch_files_is_refused(formula: str, says: str) -> None:
    for markdown in (f"Let ${formula}$.\n", f"$$\n{formula}\n$$\n"):
        with pytest.raises(StatementError) as e:
            render_kattis(Statement("en", "T", markdown, Path("/p/statement/problem.en.md.j2")))
        assert str(e.value).startswith("statement/problem.en.md.j2: the formula") and says in str(e.value)


def test_a_percent_in_a_formula_cannot_comment_out_the_rest() -> None:
    tex = render_kattis(Statement("en", "T", "Costs $x % 2$ and \\\\% $y\\\\%z$.\n", Path("statement/problem.en.md.j2")))
    assert r"$x \% 2$" in tex and r"$y\\\%z$" in tex


def test_a_refused_formula_is_one_line_from_the_cli(toy: Path, tmp_path: Path) -> None:
    statement_folder(toy)
    (toy / "statement" / "problem.en.md.j2").write_text("## Description\n\n$\\input{/etc/passwd}$\n")
    r = ojpack("render", "-p", str(toy), "--format", "tex", cwd=tmp_path)
    assert r.returncode == 1 and "Traceback" not in r.stdout + r.stderr
    assert r.stderr.strip().splitlines() == [
        "error: statement/problem.en.md.j2: the formula $\\input{/etc/passwd}$ uses \\input, which a LaTeX run could "
        "use to read or write files, run programs or redefine the document; refused"]


def test_a_template_cannot_include_a_file_from_outside_its_folder(toy: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("host secret 42\n")
    folder = statement_folder(toy)
    (folder / "leak.j2").symlink_to(secret)
    (folder / "problem.en.md.j2").write_text('## Description\n\n{% include "leak.j2" %}\n')
    with pytest.raises(StatementError) as e:
        render_statement(load_problem(toy), "en", [])
    assert str(e.value) == f"statement/leak.j2: is a link to {secret}, outside the statement folder; refused"


@pytest.mark.parametrize("template, says", [
    # loops that print nothing: no output to count, only the CPU they burn
    ('{% set r = range(100000) %}{% for i in r %}{% for j in r %}{% for k in r %}{% endfor %}{% endfor %}{% endfor %}',
     r"the template ran past its time limit \(1 s of CPU"),
    # gigabytes in one call, out of a few characters
    ('{{ "x" | center(10 ** 10) }}', "the template needed more than 1024 MiB of memory"),
    ('{% set ns = namespace(s="x") %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s }}',
     "the template needed more than 1024 MiB of memory"),
    ('{% for i in range(12) %}{{ "x" * 999999 }}{% endfor %}', r"the statement is longer than 8 M characters"),
])
def test_a_template_that_runs_away_is_stopped_at_a_limit_in_one_line(toy: Path, monkeypatch, template: str,
                                                                     says: str) -> None:
    if "time limit" in says:   # a second is enough to show it; the others must not run into it first
        monkeypatch.setattr(bounded, "CPU_SECONDS", 1)
    (toy / "statement").mkdir()
    (toy / "statement" / "problem.en.md.j2").write_text(f"## Description\n\n{template}\n")
    with pytest.raises(StatementError, match=f"^statement/problem.en.md.j2: .*{says}") as e:
        render_statement(load_problem(toy), "en", [])
    assert "\n" not in str(e.value)


def test_a_runaway_template_is_one_line_from_the_cli(toy: Path, tmp_path: Path) -> None:
    statement_folder(toy)
    (toy / "statement" / "problem.en.md.j2").write_text('{{ "x" | center(10 ** 10) }}\n')
    r = ojpack("render", "-p", str(toy), "--format", "md", cwd=tmp_path)
    assert r.returncode == 1 and "Traceback" not in r.stdout + r.stderr
    assert r.stderr.strip() == ("error: statement/problem.en.md.j2: the template needed more than 1024 MiB of "
                                "memory"), r.stderr


@pytest.mark.parametrize("formula, name", [
    (r"\pdfobj file{/etc/passwd}\pdfrefobj\pdflastobj", r"\pdfobj"),   # pdfTeX embeds the file in the PDF
    (r'\XeTeXpdffile "/etc/passwd"', r"\XeTeXpdffile"),                # XeTeX reads a file as a picture
    (r"\font\x=/etc/passwd \x", r"\font"),                             # reads a file as a font
    (r"\endlinechar=-1 x", r"\endlinechar"),                           # changes how the rest is read
    (r"\@@input /etc/passwd", r"\@@input"),                            # LaTeX's own name for the primitive
    ("\\\u0430input{x}", "\\\u0430input"),                               # XeTeX reads Cyrillic letters as a name
])
def test_a_formula_may_use_only_the_control_sequences_of_math(formula: str, name: str) -> None:
    with pytest.raises(StatementError) as e:
        render_kattis(Statement("en", "T", f"Let ${formula}$.\n", Path("/p/statement/problem.en.md.j2")))
    assert f"uses {name}, which is not among the control sequences a formula may use" in str(e.value)


def test_the_math_statements_write_is_allowed() -> None:
    formulas = [r"\sum_{i=1}^{n} \binom{n}{i} \le \left\lfloor \frac{a}{b} \right\rfloor \pmod{10^9+7}",
                r"x \in \mathbb{Z},\ \text{if } x \ne 0;\quad \operatorname{mex}\{0, 1\} = 2",
                r"\begin{cases} 1 & x \\ 2 & y \end{cases}", r"a_1 \oplus a_2 \oplus \cdots \oplus a_n = 0",
                r"\max_{1 \leq i \leq n} \lvert s_i \rvert \cdot 50\% \to \infty"]
    tex = render_kattis(Statement("en", "T", "".join(f"${f}$\n" for f in formulas),
                                  Path("/p/statement/problem.en.md.j2")))
    assert all(f in tex for f in formulas), tex
