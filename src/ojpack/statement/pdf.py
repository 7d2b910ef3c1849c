"""HTML statement -> PDF, printed by headless Chromium, then read back to prove the text is really there."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import unicodedata
from pathlib import Path

from pypdf import PdfReader

from .model import StatementError

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
TIMEOUT = 180  # seconds; a cold start on a busy 2-core machine takes a while


def find_browser() -> tuple[Path | None, str]:
    """(browser, why not): $OJPACK_CHROMIUM if set, else the first Chromium-like program on PATH."""
    forced = os.environ.get("OJPACK_CHROMIUM")
    if forced:
        path = Path(forced)
        if path.is_file() and os.access(path, os.X_OK):
            return path, ""
        return None, f"OJPACK_CHROMIUM={forced} is not an executable file"
    for name in BROWSERS:
        if found := shutil.which(name):
            return Path(found), ""
    return None, f"no Chromium found on PATH (looked for {', '.join(BROWSERS)}; on Debian: apt-get install chromium)"


def browser_args(browser: Path, profile: Path) -> list[str]:
    """Flags for a headless run that works as root, touches no network and leaves no profile behind."""
    return [str(browser), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-dev-shm-usage", f"--user-data-dir={profile}"]


def render_pdf(html: str, out: Path, browser: Path, must_contain: str) -> None:
    """Print `html` to `out`; fail unless the PDF's extracted text contains `must_contain`."""
    with tempfile.TemporaryDirectory(prefix="ojpack-pdf-") as tmp:
        page = Path(tmp) / "statement.html"
        page.write_text(html, encoding="utf-8")
        pdf = Path(tmp) / "statement.pdf"
        argv = [*browser_args(browser, Path(tmp) / "profile"), "--no-pdf-header-footer",
                f"--print-to-pdf={pdf}", page.as_uri()]
        try:
            run = subprocess.run(argv, capture_output=True, text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            raise StatementError(f"{browser} did not print the PDF within {TIMEOUT} s") from None
        if not pdf.is_file() or pdf.stat().st_size == 0:
            tail = "\n".join(run.stderr.strip().splitlines()[-5:])
            raise StatementError(f"{browser} exited {run.returncode} without writing a PDF:\n{tail}")
        text = pdf_text(pdf)
        if _squash(must_contain) not in _squash(text):
            raise StatementError(f"the printed PDF does not contain the text {must_contain!r}; "
                                 "is a font for this language installed (e.g. Debian fonts-noto-cjk)?")
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(pdf), out)


def pdf_text(pdf: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(pdf).pages)


def _squash(text: str) -> str:
    # Extraction breaks lines where the layout wraps, and may map CJK glyphs to look-alike code points
    # (Kangxi radicals, math italics) that NFKC folds back; compare without either difference.
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))
