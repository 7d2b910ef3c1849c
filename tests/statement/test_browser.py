"""The rendered HTML in a real headless Chromium: math laid out as MathML, nothing fails to load, samples copy.

Playwright drives Debian's own Chromium (executable_path); its browser downloads are never used.
"""

from __future__ import annotations

import re
import struct
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import sync_playwright

from browsers import require_chromium
from ojpack.problem.load import load_problem
from ojpack.statement.html import render_html
from ojpack.statement.pdf import browser_args
from ojpack.statement.model import Sample, render_statement

SAMPLE = Sample(1, "s", "2\n3\n3 5 1\n1\n1", "John\nBrother")

# Per formula: its box, how Chromium lays it out, and for a subscript how far the script sits below its base.
MATH_REPORT = """() => [...document.querySelectorAll("math")].map(m => {
  const box = m.getBoundingClientRect();
  const sub = m.querySelector("msub");
  const drop = sub ? sub.children[1].getBoundingClientRect().bottom - sub.children[0].getBoundingClientRect().bottom : null;
  return {w: box.width, h: box.height, display: getComputedStyle(m).display,
          mathml: m instanceof MathMLElement, drop: drop};
})"""


@pytest.fixture(scope="module")
def browser() -> Any:
    path = require_chromium()
    with sync_playwright() as pw:
        # Playwright adds --headless and its own profile; the rest are the flags that make root + no network work.
        extra = [a for a in browser_args(path, Path("/unused"))[1:] if not a.startswith(("--headless", "--user-data-dir"))]
        chromium = pw.chromium.launch(executable_path=str(path), args=extra)
        yield chromium
        chromium.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_statement_page_in_chromium(browser: Any, package_copy: Path, tmp_path: Path, lang: str) -> None:
    statement = render_statement(load_problem(package_copy), lang, [SAMPLE])
    page_file = tmp_path / f"problem.{lang}.html"
    page_file.write_text(render_html(statement), encoding="utf-8")

    context = browser.new_context(viewport={"width": 1000, "height": 800}, permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"failed: {r.url} {r.failure}"))
    page.on("request", lambda r: None if r.url.startswith(("file:", "data:")) else problems.append(f"network: {r.url}"))
    response = page.goto(page_file.as_uri(), wait_until="load")
    assert response is None or response.ok

    shot = tmp_path / f"problem.{lang}.png"
    page.screenshot(path=str(shot), full_page=True)
    png = shot.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert width == 1000 and height > 800  # the whole statement, taller than one screen

    maths = page.evaluate(MATH_REPORT)
    assert len(maths) == len(re.findall(r"\$[^$\n]+\$", statement.markdown))
    for m in maths:
        assert m["mathml"] and m["display"] in ("math", "inline math", "block math"), m
        assert m["w"] > 0 and m["h"] > 0, m
    drops = [m["drop"] for m in maths if m["drop"] is not None]
    assert drops and all(d > 0 for d in drops)  # a_i: the i really sits lower than the a

    assert page.locator("h1").inner_text() == statement.title
    page.locator(".sample button").first.click()
    assert page.evaluate("() => navigator.clipboard.readText()") == SAMPLE.input + "\n"
    assert page.locator(".sample button").first.inner_text() in ("Copied", "已复制")
    assert problems == []
    context.close()
