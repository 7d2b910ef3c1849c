"""The workbench on the other kinds of package: an interactive one (examples/anti-nim-play), a contest
from `ojpack new --contest`, and a package imported from a real Kattis one (tests/formats/fixtures)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from conftest import REPO, TESTS
from workbench_helpers import browser, ojpack, shot, start_serve, stop_serve  # noqa: F401


def test_an_interactive_run_shows_its_transcript(browser: object, tmp_path: Path) -> None:
    root = tmp_path / "play"
    shutil.copytree(REPO / "examples" / "anti-nim-play", root)
    # what the test needs from it: one accepted and one wrong player (the slow ones cost minutes)
    for extra in ("time_limit_exceeded", "accepted/player.py", "wrong_answer/flood.py",
                  "wrong_answer/illegal_move.cpp"):
        path = root / "solutions" / extra
        shutil.rmtree(path) if path.is_dir() else path.unlink()
    ojpack("check", "--no-proof", "-p", str(root))
    served = start_serve(root)
    try:
        browser.get(served.url)   # type: ignore[attr-defined]
        assert "interactive" in browser.find_element(By.TAG_NAME, "main").text   # type: ignore[attr-defined]
        browser.find_element(By.LINK_TEXT, "invocations").click()   # type: ignore[attr-defined]
        row = browser.find_element(By.CSS_SELECTOR, 'tr[data-solution="wrong_answer/plain_nim.py"]')   # type: ignore[attr-defined]
        row.find_element(By.CSS_SELECTOR, "td.cell.v-WA a").click()
        headings = [h.text for h in browser.find_elements(By.TAG_NAME, "h2")]   # type: ignore[attr-defined]
        assert "Transcript" in headings
        transcript = browser.find_element(By.XPATH, "//figcaption[.='interaction']/../pre").text   # type: ignore[attr-defined]
        assert transcript.startswith("<") and "\n>" in transcript
        shot(browser, "interactive-run")
    finally:
        stop_serve(served)


def test_a_contest_lists_its_problems_and_links_to_their_pages(browser: object, tmp_path: Path) -> None:
    contest = tmp_path / "spring"
    ojpack("new", "--contest", str(contest))
    ojpack("new", "alpha", cwd=contest)
    ojpack("new", "beta", cwd=contest)
    (contest / "alpha" / "solutions" / "time_limit_exceeded" / "quadratic.py").unlink()
    ojpack("check", "--no-proof", "-p", str(contest / "alpha"))
    served = start_serve(contest)
    try:
        browser.get(served.url)   # type: ignore[attr-defined]
        rows = browser.find_elements(By.CSS_SELECTOR, "main tbody tr")   # type: ignore[attr-defined]
        assert [r.find_element(By.CSS_SELECTOR, ".balloon").text for r in rows] == ["A", "B"]
        assert "ok" in rows[0].text and "not checked" in rows[1].text
        colour = rows[0].find_element(By.CSS_SELECTOR, ".balloon").value_of_css_property("background-color")
        assert colour != "rgba(136, 136, 136, 1)"   # the balloon's own colour, set by our script
        shot(browser, "contest")
        rows[0].find_element(By.LINK_TEXT, "invocations").click()
        assert browser.current_url.endswith("/p/A/invocations")   # type: ignore[attr-defined]
        assert browser.find_elements(By.CSS_SELECTOR, "td.cell.v-AC")   # type: ignore[attr-defined]
        browser.get(f"{served.base}/p/B/tests")   # type: ignore[attr-defined]
        assert browser.find_element(By.TAG_NAME, "h1").text.startswith("Tests")   # type: ignore[attr-defined]
    finally:
        stop_serve(served)
    # a second server on the same contest is refused, in one line
    first = start_serve(contest)
    try:
        again = ojpack("serve", "-p", str(contest), check=False)
        assert again.returncode == 1 and "already serves" in again.stderr
        assert again.stderr.count("error:") == 1 and "Traceback" not in again.stderr   # one message
    finally:
        stop_serve(first)


def test_an_imported_package(browser: object, tmp_path: Path) -> None:
    root = tmp_path / "addone"
    ojpack("import", str(TESTS / "formats" / "fixtures" / "kattis-addone"), "--to", str(root))
    ojpack("check", "--no-proof", "-p", str(root), check=False)   # its partial solution may fail its folder
    served = start_serve(root)
    try:
        browser.get(served.url)   # type: ignore[attr-defined]
        for page in ("tests", "invocations", "strength", "statement", "exports", "history"):
            browser.find_element(By.LINK_TEXT, page).click()   # type: ignore[attr-defined]
            assert "Internal Server Error" not in browser.page_source   # type: ignore[attr-defined]
        browser.find_element(By.LINK_TEXT, "tests").click()   # type: ignore[attr-defined]
        links = browser.find_elements(By.CSS_SELECTOR, "table.tests td a")   # type: ignore[attr-defined]
        assert links
        links[-1].click()
        assert browser.find_elements(By.CSS_SELECTOR, "figure.excerpt pre")   # type: ignore[attr-defined]
    finally:
        stop_serve(served)
