"""HTML -> PDF through headless Chromium, and finding (or not finding) the browser."""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

import pytest

from browsers import require_chromium
from ojpack.statement.pdf import find_browser, pdf_text, render_pdf
from ojpack.statement.model import StatementError

PAGE = """<!DOCTYPE html><html lang="zh"><head><meta charset="utf-8"><title>t</title></head>
<body><h1>石子游戏</h1><p>先手 wins: <code>3 5 1</code></p></body></html>"""


def test_pdf_holds_the_chinese_text(tmp_path: Path) -> None:
    browser = require_chromium()
    out = tmp_path / "deep" / "x.pdf"
    render_pdf(PAGE, out, browser, must_contain="石子游戏")
    assert out.read_bytes().startswith(b"%PDF-")
    text = re.sub(r"\s+", "", unicodedata.normalize("NFKC", pdf_text(out)))
    assert "石子游戏" in text and "351" in text


def test_text_that_is_not_there_is_an_error(tmp_path: Path) -> None:
    browser = require_chromium()
    with pytest.raises(StatementError, match="does not contain the text '不在这里'"):
        render_pdf(PAGE, tmp_path / "x.pdf", browser, must_contain="不在这里")
    assert not (tmp_path / "x.pdf").exists()  # nothing half-made is left behind


def test_browser_that_is_not_a_browser(tmp_path: Path) -> None:
    fake = tmp_path / "fake-chromium"
    fake.write_text("#!/bin/sh\necho 'cannot open display' >&2\nexit 3\n")
    fake.chmod(0o755)
    with pytest.raises(StatementError, match=r"exited 3 without writing a PDF:\ncannot open display"):
        render_pdf(PAGE, tmp_path / "x.pdf", fake, must_contain="x")


def test_find_browser_honours_the_override(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("OJPACK_CHROMIUM", str(tmp_path / "nothing"))
    assert find_browser() == (None, f"OJPACK_CHROMIUM={tmp_path / 'nothing'} is not an executable file")
    monkeypatch.delenv("OJPACK_CHROMIUM")
    monkeypatch.setenv("PATH", str(tmp_path))
    browser, why = find_browser()
    assert browser is None and "no Chromium found on PATH" in why
    (tmp_path / "chromium").write_text("#!/bin/sh\n")
    os.chmod(tmp_path / "chromium", 0o755)
    assert find_browser() == (tmp_path / "chromium", "")
