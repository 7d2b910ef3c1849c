"""Statement templates -> build/statement/problem.<lang>.<ext>, one format at a time.

Markdown, HTML and LaTeX need only Python; the PDF needs a Chromium. When that is missing the PDF is
reported as skipped (with the reason) and everything else is still written; the caller decides
whether a skip is a failure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..problem import Problem
from .html import render_html
from .md import render_md
from .pdf import render_pdf
from .tex import render_kattis, render_standalone
from .model import Sample, render_statement

FORMATS = ("md", "html", "tex", "pdf")
OUT_DIR = "build/statement"


@dataclass(frozen=True)
class Outcome:
    lang: str
    format: str
    files: tuple[Path, ...]     # what was written; empty when skipped
    skipped: str = ""           # why nothing was written, or ""


def out_dir(problem: Problem) -> Path:
    return problem.root / OUT_DIR


def render(problem: Problem, samples: list[Sample], langs: list[str], formats: list[str],
           browser: Path | None, no_browser: str = "no browser",
           on_step: Callable[[str, str], None] = lambda lang, fmt: None) -> list[Outcome]:
    """Write every (language, format) asked for; `no_browser` says why `browser` is None."""
    folder = out_dir(problem)
    folder.mkdir(parents=True, exist_ok=True)
    outcomes: list[Outcome] = []
    for lang in langs:
        full = render_statement(problem, lang, samples)
        for fmt in formats:
            on_step(lang, fmt)
            name = f"problem.{lang}"
            if fmt == "md":
                files = [_write(folder / f"{name}.md", render_md(full))]
            elif fmt == "html":
                files = [_write(folder / f"{name}.html", render_html(full))]
            elif fmt == "tex":
                # Kattis wants the text without samples; the standalone file is for printing and has them.
                kattis = render_statement(problem, lang, [])
                files = [_write(folder / f"{name}.tex", render_kattis(kattis)),
                         _write(folder / f"{name}.standalone.tex", render_standalone(full))]
            elif fmt == "pdf":
                if browser is None:
                    outcomes.append(Outcome(lang, fmt, (), no_browser))
                    continue
                target = folder / f"{name}.pdf"
                # The title must come back out of the PDF: proof that the text (and its font) is real.
                render_pdf(render_html(full), target, browser, must_contain=full.title)
                files = [target]
            else:
                raise ValueError(f"unknown format {fmt!r}")  # the CLI only passes FORMATS
            outcomes.append(Outcome(lang, fmt, tuple(files)))
    return outcomes


def _write(path: Path, text: str) -> Path:
    # Write beside and rename, so an interrupted render never leaves half a file behind.
    tmp = path.with_name(path.name + ".part")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return path
