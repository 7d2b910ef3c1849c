"""A contest's problem set: one HTML page (a cover, then each problem from a new page under its letter),
printed to one PDF by Chromium like a single statement."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

from .model import StatementError
from .pdf import render_pdf

COVER = {"en": ("Problem set", "Problems"), "zh": ("题目册", "题目")}


@dataclass(frozen=True)
class Entry:
    letter: str
    color: str | None
    title: str
    page: Path        # the problem's rendered build/statement/problem.<lang>.html


def _part(page: str, tag: str, where: Path) -> str:
    m = re.search(rf"<{tag}[^>]*>(.*?)</{tag}>", page, re.DOTALL)
    if not m:
        raise StatementError(f"{where}: no <{tag}> in the rendered statement; render it again")
    return m.group(1)


def problemset_html(title: str, date: str | None, lang: str, entries: list[Entry]) -> str:
    """The problem set's page: the first problem's styles, a cover listing letter, colour and title, and each
    problem's statement body under `A. Title`, from a new page."""
    if not entries:
        raise StatementError("a problem set needs at least one problem")
    first = entries[0].page.read_text(encoding="utf-8")
    style = _part(first, "style", entries[0].page)
    heading, listing = COVER.get(lang, COVER["en"])
    rows = "".join(
        f'<tr><td class="letter">{html.escape(e.letter)}</td>'
        f'<td><span class="balloon" style="background:{html.escape(e.color or "#ffffff")}"></span></td>'
        f"<td>{html.escape(e.title)}</td></tr>\n" for e in entries)
    parts = [f'<section class="cover"><h1>{html.escape(title)}</h1>'
             + (f'<p class="date">{html.escape(date)}</p>' if date else "")
             + f"<p>{heading}</p><h2>{listing}</h2><table>{rows}</table></section>"]
    for e in entries:
        body = _part(e.page.read_text(encoding="utf-8"), "main", e.page)
        body = re.sub(r"<h1>.*?</h1>", "", body, count=1, flags=re.DOTALL)   # replaced by the lettered title
        parts.append(f'<section class="problem"><h1>{html.escape(e.letter)}. {html.escape(e.title)}</h1>'
                     f"{body}</section>")
    extra = """
.cover { text-align: center; padding-top: 25vh; }
.cover table { margin: 1rem auto; }
.cover td { border: none; text-align: left; }
.letter { font-weight: bold; }
.balloon { display: inline-block; width: 1rem; height: 1rem; border-radius: 50%; border: 1px solid #888; }
.problem { break-before: page; }
.sample button { display: none; }
"""
    return (f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
            f"<title>{html.escape(title)}</title><style>{style}{extra}</style></head>"
            f"<body><main>{''.join(parts)}</main></body></html>\n")


def render_problemset(title: str, date: str | None, lang: str, entries: list[Entry], out: Path,
                      browser: Path) -> Path:
    """Print the problem set to `out`; the contest's title must read back from the PDF."""
    render_pdf(problemset_html(title, date, lang, entries), out, browser, must_contain=title)
    return out
