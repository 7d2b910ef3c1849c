"""Statement -> self-contained HTML: MathML for every formula, copyable samples, nothing loaded from outside."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ojpack.problem.load import load_problem
from ojpack.statement.html import render_html
from ojpack.statement.model import Sample, Statement, StatementError, render_statement

SAMPLES = [Sample(1, "s", "2\n3\n3 5 1\n1\n1", "John\nBrother"), Sample(2, "t", "1\n1\n4 < 5 & 6", "John")]


class Page(HTMLParser):
    """Collects what the tests look at: tags with attributes, and the text of <pre> blocks."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.pre: list[str] = []
        self._in_pre = False
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag == "pre":
            self._in_pre, self.pre = True, [*self.pre, ""]

    def handle_endtag(self, tag: str) -> None:
        self._in_pre = self._in_pre and tag != "pre"

    def handle_data(self, data: str) -> None:
        if self._in_pre:
            self.pre[-1] += data


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_formula_is_mathml_and_samples_are_copyable(package_copy: Path, lang: str) -> None:
    statement = render_statement(load_problem(package_copy), lang, SAMPLES)
    page = Page(render_html(statement))
    formulas = re.findall(r"\$[^$\n]+\$", statement.markdown)
    maths = [a for t, a in page.tags if t == "math"]
    assert len(maths) == len(formulas) > 5
    assert all(a.get("display") == "inline" for a in maths)
    assert page.pre == [f"{body}\n" for s in SAMPLES for body in (s.input, s.answer)]  # '<' and '&' survive
    buttons = [a for t, a in page.tags if t == "button"]
    assert len(buttons) == 2 * len(SAMPLES)
    assert ("html", {"lang": lang}) in page.tags
    assert "$" not in re.sub(r"<pre>.*?</pre>", "", render_html(statement), flags=re.S)


def test_nothing_can_be_loaded_from_outside(package_copy: Path) -> None:
    text = render_html(render_statement(load_problem(package_copy), "en", SAMPLES))
    page = Page(text)
    assert not [a for t, a in page.tags if t in ("link", "img", "iframe", "object")]
    assert not [a for t, a in page.tags if t == "script" and "src" in a]
    csp = [a["content"] for t, a in page.tags if t == "meta" and a.get("http-equiv") == "Content-Security-Policy"]
    assert csp and "default-src 'none'" in (csp[0] or "")
    assert "http://" not in text.replace("http://www.w3.org/1998/Math/MathML", "") and "https://" not in text


def _statement(markdown: str) -> Statement:
    return Statement("en", "T <&> T", markdown, Path("/x/statement/problem.en.md.j2"))


def test_title_is_escaped() -> None:
    assert "<h1>T &lt;&amp;&gt; T</h1>" in render_html(_statement("text\n"))


def test_display_math_is_a_block() -> None:
    text = render_html(_statement("$$\n\\sum_{i=1}^n a_i\n$$\n"))
    assert '<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">' in text and "<munderover>" in text


@pytest.mark.parametrize(("markdown", "complaint"), [
    ("bad $a^$ here\n", r"cannot convert the formula \$a\^\$ to MathML"),
    ("unknown $\\frob x$ here\n", r"the formula \$\\frob x\$ uses \\frob"),
])
def test_bad_formula_names_template_and_formula(markdown: str, complaint: str) -> None:
    with pytest.raises(StatementError, match=r"^statement/problem\.en\.md\.j2: " + complaint):
        render_html(_statement(markdown))
