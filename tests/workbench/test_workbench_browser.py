"""The workbench in a real browser (headless Chromium through Selenium) on a package from `ojpack new`:
every page reached by links, a failing cell's diff, the filters, a button without the token, and an edit
that changes the open matrix without a reload."""

from __future__ import annotations

import shutil
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from workbench_helpers import Served, browser, ojpack, shot, start_serve, stop_serve, wait_for  # noqa: F401


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("wb") / "sum"
    ojpack("new", str(root))
    # the too-slow solution times out on every big test: seconds the pages do not need
    (root / "solutions" / "time_limit_exceeded" / "quadratic.py").unlink()
    ojpack("check", "--no-proof", "-p", str(root))   # builds the data first
    ojpack("render", "-p", str(root), "--format", "html")
    ojpack("export", "--to", "kattis", "--no-check", "-p", str(root))   # the check just ran
    return root


@pytest.fixture(scope="module")
def served(package: Path) -> Iterator[Served]:
    s = start_serve(package)
    yield s
    stop_serve(s)


def _links(driver: object) -> list[str]:
    return [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "header nav a")]  # type: ignore[attr-defined]


def test_every_page_is_reached_by_links_from_the_start_page(browser: object, served: Served) -> None:
    browser.get(served.url)   # type: ignore[attr-defined]
    assert "token" not in browser.current_url   # type: ignore[attr-defined]
    links = _links(browser)
    assert [link.rsplit("/", 1)[1] for link in links] == ["", "tests", "invocations", "strength", "stress",
                                                          "statement", "exports", "history"]
    seen = {}
    for link in links:
        browser.get(link)   # type: ignore[attr-defined]
        heading = browser.find_element(By.TAG_NAME, "h1").text   # type: ignore[attr-defined]
        seen[link.rsplit("/", 1)[1] or "overview"] = heading
        assert "Internal Server Error" not in browser.page_source   # type: ignore[attr-defined]
        shot(browser, f"page-{link.rsplit('/', 1)[1] or 'overview'}")
    assert seen["overview"] == "Sum Modulo scnew" or seen["overview"].startswith("Sum Modulo")
    assert seen["tests"].startswith("Tests")
    # the tests page links each test; a test's page shows the head of its input and answer
    browser.get(links[1])   # type: ignore[attr-defined]
    browser.find_element(By.LINK_TEXT, "secret/04-all-max").click()   # type: ignore[attr-defined]
    pres = browser.find_elements(By.CSS_SELECTOR, "figure.excerpt pre")   # type: ignore[attr-defined]
    assert pres[0].text.startswith("200000")
    assert "in all; the last lines" in browser.page_source   # type: ignore[attr-defined]  # 2 MiB: head and tail
    # the statement page shows the rendered HTML beside its source, in a frame that runs nothing
    browser.get(links[5])   # type: ignore[attr-defined]
    frame = browser.find_element(By.CSS_SELECTOR, "iframe.statement-html")   # type: ignore[attr-defined]
    assert frame.get_attribute("sandbox") == ""
    browser.get(links[6])   # type: ignore[attr-defined]
    exports = browser.find_element(By.TAG_NAME, "main").text   # type: ignore[attr-defined]
    assert "kattis" in exports and "cannot express" in exports


def test_a_failing_cell_leads_to_its_run_and_the_first_difference(browser: object, served: Served) -> None:
    browser.get(served.url)   # type: ignore[attr-defined]  # each test may run alone: it takes the token first
    browser.get(f"{served.base}/p/_/invocations")   # type: ignore[attr-defined]
    shot(browser, "invocations")
    row = browser.find_element(By.CSS_SELECTOR, 'tr[data-solution="wrong_answer/no_mod.cpp"]')   # type: ignore[attr-defined]
    cell = row.find_element(By.CSS_SELECTOR, "td.cell.v-WA a")
    cell.click()
    assert "no_mod.cpp on" in browser.find_element(By.TAG_NAME, "h1").text   # type: ignore[attr-defined]
    marks = browser.find_elements(By.CSS_SELECTOR, "mark.diff-token")   # type: ignore[attr-defined]
    assert len(marks) == 2 and marks[0].text != marks[1].text
    where = browser.find_element(By.CSS_SELECTOR, ".diff-where").text   # type: ignore[attr-defined]
    assert "line 1" in where and marks[0].text in where and marks[1].text in where
    assert "WA" in browser.find_element(By.CSS_SELECTOR, ".facts").text   # type: ignore[attr-defined]
    shot(browser, "run-diff")


def test_the_matrix_filters(browser: object, served: Served) -> None:
    browser.get(served.url)   # type: ignore[attr-defined]
    browser.get(f"{served.base}/p/_/invocations")   # type: ignore[attr-defined]
    names = lambda: [r.get_attribute("data-solution") for r in browser.find_elements(By.CSS_SELECTOR, "tbody tr")]  # type: ignore[attr-defined] # noqa: E731
    assert "accepted/sum.py" in names()
    browser.find_element(By.CSS_SELECTOR, 'input[name="failing"]').click()   # type: ignore[attr-defined]
    wait_for(lambda: "failing=1" in browser.current_url, 10, "the filter to apply")   # type: ignore[attr-defined]
    assert "accepted/sum.py" not in names() and "wrong_answer/no_mod.cpp" in names()
    browser.get(f"{served.base}/p/_/invocations?group=sample")   # type: ignore[attr-defined]
    heads = [th.text for th in browser.find_elements(By.CSS_SELECTOR, "thead th a")]   # type: ignore[attr-defined]
    assert heads == ["s.1", "s.2"]


def test_a_button_without_the_token_runs_nothing(browser: object, served: Served, package: Path) -> None:
    last = package / "build" / "check" / "last.json"
    before = last.stat().st_mtime_ns
    browser.get(served.url)   # type: ignore[attr-defined]   # type: ignore[attr-defined]
    browser.execute_script(   # type: ignore[attr-defined]
        "document.querySelectorAll('form.act input[name=token]').forEach(e => e.remove())")
    browser.find_element(By.XPATH, "//button[text()='Run check']").click()   # type: ignore[attr-defined]
    wait_for(lambda: "403" in browser.find_element(By.ID, "job").text, 10, "the refusal")   # type: ignore[attr-defined]
    with pytest.raises(urllib.error.HTTPError) as refused:   # a wrong token, from outside the page
        urllib.request.urlopen(urllib.request.Request(f"{served.base}/p/_/action/check", data=b"token=nope",
                                                      method="POST"))
    assert refused.value.code == 403
    with pytest.raises(urllib.error.HTTPError) as no_cookie:
        urllib.request.urlopen(f"{served.base}/p/_/invocations")
    assert no_cookie.value.code == 403
    import time

    time.sleep(2)   # a job, had one started, would have written its report by now (the check takes ~1 s)
    assert last.stat().st_mtime_ns == before
    assert "idle" in browser.find_element(By.ID, "job").get_attribute("class") or \
        "failed" in browser.find_element(By.ID, "job").get_attribute("class")   # type: ignore[attr-defined]


def test_an_edit_changes_the_open_matrix_without_a_reload(browser: object, served: Served, package: Path) -> None:
    browser.get(served.url)   # type: ignore[attr-defined]
    browser.get(f"{served.base}/p/_/invocations")   # type: ignore[attr-defined]
    wait_for(lambda: browser.execute_script("return document.body.dataset.live") == "1", 10, "the event stream")  # type: ignore[attr-defined]
    browser.execute_script("window.notReloaded = true")   # type: ignore[attr-defined]
    got = lambda: browser.find_element(By.CSS_SELECTOR, 'tr[data-solution="wrong_answer/no_mod.cpp"] td.got').text  # type: ignore[attr-defined] # noqa: E731
    assert got().startswith("WA")
    shutil.copy(package / "solutions" / "accepted" / "sum.cpp", package / "solutions" / "wrong_answer" / "no_mod.cpp")
    wait_for(lambda: got().startswith("AC"), 180, "the row to change")
    assert browser.execute_script("return window.notReloaded") is True   # type: ignore[attr-defined]
    assert "✗" in got()   # it was meant to fail
