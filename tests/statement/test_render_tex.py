"""Statement -> LaTeX: Kattis form (no samples) and a standalone document; escaping; compiling when TeX is here."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ojpack.problem.load import load_problem
from ojpack.statement.tex import escape, render_kattis, render_standalone
from ojpack.statement.model import Sample, Statement, StatementError, render_statement

SAMPLES = [Sample(1, "s", "2\n3\n3 5 1\n1\n1", "John\nBrother")]


def _balanced(tex: str) -> bool:
    envs = re.findall(r"\\(begin|end)\{(\w+)\}", tex)
    stack: list[str] = []
    for kind, name in envs:
        if kind == "begin":
            stack.append(name)
        elif not stack or stack.pop() != name:
            return False
    return not stack and tex.count("{") - tex.count("\\{") == tex.count("}") - tex.count("\\}")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_kattis_file_has_problemname_and_no_samples(package_copy: Path, lang: str) -> None:
    problem = load_problem(package_copy)
    tex = render_kattis(render_statement(problem, lang, []))
    assert tex.startswith(f"\\problemname{{{escape(render_statement(problem, lang, []).title)}}}\n")
    assert "verbatim" not in tex and "\\documentclass" not in tex and "3 5 1" not in tex
    assert r"$1 \le a_i \le 5000$" in tex and "\\section*{" in tex and "\\begin{tabular}{|c|c|l|}" in tex
    assert r"1 & 20 & $a_i = 1$ \\" in tex and r"3 & 50 & " in tex
    assert _balanced(tex)


@pytest.mark.parametrize(("lang", "cls"), [("en", "{article}"), ("zh", "{ctexart}")])
def test_standalone_is_a_whole_document_with_samples(package_copy: Path, lang: str, cls: str) -> None:
    tex = render_standalone(render_statement(load_problem(package_copy), lang, SAMPLES))
    assert cls in tex.splitlines()[1] and tex.rstrip().endswith("\\end{document}")
    assert ("\\begin{flushleft}\\ttfamily\n\\mbox{}2\\\\\n\\mbox{}3\\\\\n\\mbox{}3\\ 5\\ 1\\\\\n"
            "\\mbox{}1\\\\\n\\mbox{}1\n\\end{flushleft}") in tex
    assert "\\begin{flushleft}\\ttfamily\n\\mbox{}John\\\\\n\\mbox{}Brother\n\\end{flushleft}" in tex
    assert _balanced(tex)


def test_escaping() -> None:
    assert escape("50% & #1 {x} a_b ~ ^ \\ $") == (
        r"50\% \& \#1 \{x\} a\_b \textasciitilde{} \textasciicircum{} \textbackslash{} \$")
    st = Statement("en", "A & B", "Use `a_b%` and **$x_1$** in *50%*.\n\n1. one\n2. two\n", Path("statement/problem.en.md.j2"))
    tex = render_kattis(st)
    assert tex.startswith("\\problemname{A \\& B}")
    assert "Use \\texttt{a\\_b\\%} and \\textbf{$x_1$} in \\emph{50\\%}." in tex
    assert "\\begin{enumerate}\n\\item one\n\\item two\n\\end{enumerate}" in tex


def test_unsupported_markdown_names_the_template() -> None:
    st = Statement("en", "T", "see ![a picture](pic.png)\n", Path("/p/statement/problem.en.md.j2"))
    with pytest.raises(StatementError, match=r"^statement/problem\.en\.md\.j2: .*'image' as LaTeX"):
        render_kattis(st)


@pytest.mark.parametrize(("lang", "engine", "expect"), [("en", "pdflatex", "John's Game"), ("zh", "xelatex", "小约翰的游戏")])
def test_standalone_and_kattis_compile(package_copy: Path, tmp_path: Path, lang: str, engine: str, expect: str) -> None:
    """Only where a TeX system is installed (CI does not install one: the PDF comes from Chromium)."""
    if not shutil.which(engine) or not shutil.which("pdftotext"):
        pytest.skip(f"{engine} or pdftotext not installed")
    problem = load_problem(package_copy)
    (tmp_path / "standalone.tex").write_text(render_standalone(render_statement(problem, lang, SAMPLES)))
    # problemtools wraps the Kattis file in its own document that defines \problemname; imitate that.
    (tmp_path / f"problem.{lang}.tex").write_text(render_kattis(render_statement(problem, lang, [])))
    preamble = render_standalone(Statement(lang, "x", "x\n", Path("statement/x"))).split("\\begin{document}")[0]
    (tmp_path / "kattis.tex").write_text(preamble + "\\newcommand{\\problemname}[1]{\\section*{#1}}\n"
                                         f"\\begin{{document}}\n\\input{{problem.{lang}.tex}}\n\\end{{document}}\n")
    for doc in ("standalone", "kattis"):
        run = subprocess.run([engine, "-interaction=nonstopmode", "-halt-on-error", f"{doc}.tex"], cwd=tmp_path,
                             capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
        assert run.returncode == 0, run.stdout[-2000:]
        # pdftotext, not pypdf: pypdf garbles the CID fonts xelatex embeds (Chromium's PDFs read fine).
        text = re.sub(r"\s+", "", _pdftotext(tmp_path / f"{doc}.pdf"))
        assert expect.replace(" ", "") in text.replace("’", "'")
    assert "351" in re.sub(r"\s+", "", _pdftotext(tmp_path / "standalone.pdf"))


def _pdftotext(pdf: Path) -> str:
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
