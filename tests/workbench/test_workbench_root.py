"""The workbench in a real browser on this repository's own package (John's game: three subtasks, a
visualizer, C++ and Python solutions), with seven of its solutions: every page by links, the matrix's groups,
a failing cell's first difference, a test's picture, an edit that changes the open matrix, and a
counterexample that `ojpack stress` kept shown on the stress page and added to the plan by its button."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from conftest import copy_package
from workbench_helpers import Served, browser, ojpack, shot, start_serve, stop_serve, wait_for  # noqa: F401

# one of each kind the page has to show (the other 29 add minutes and nothing new)
KEEP = {"accepted/john.cpp", "accepted/john.py", "wrong_answer/plain_nim.py", "wrong_answer/byte_piles.cpp",
        "wrong_answer/array10.cpp", "partial/parity_only.py", "run_time_error/array10.py"}
STEM = "byte_piles.cpp/byte_piles-vs-john"   # where `ojpack stress` keeps byte_piles.cpp's counterexample


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = copy_package(tmp_path_factory.mktemp("wbroot") / "johnsgame")
    for path in sorted((root / "solutions").rglob("*")):
        rel = path.relative_to(root / "solutions").as_posix()
        if path.is_file() and path.name != "README.md" and rel not in KEEP:
            path.unlink()
    # problem.yaml names a solution it expects a verdict or points of: the lines of those left out go too
    yaml_path = root / "problem.yaml"
    lines = yaml_path.read_text(encoding="utf-8").splitlines(keepends=True)
    named = re.compile(r"^\s+(?:solutions/)?([a-z_]+/[\w.]+):")
    yaml_path.write_text("".join(line for line in lines if not (m := named.match(line)) or m.group(1) in KEEP),
                         encoding="utf-8")
    checked = ojpack("check", "--no-proof", "-p", str(root), check=False)   # builds the data first
    assert (root / "build" / "check" / "last.json").is_file(), checked.stdout + checked.stderr
    stressed = ojpack("stress", "solutions/wrong_answer/byte_piles.cpp", "--seconds", "30", "--seed", "1",
                      cwd=root, check=False)
    assert stressed.returncode == 1 and (root / "build" / "stress" / f"{STEM}.in").is_file(), stressed.stdout
    return root


@pytest.fixture(scope="module")
def served(package: Path) -> Iterator[Served]:
    s = start_serve(package)
    yield s
    stop_serve(s)


def test_every_page_and_the_matrix_by_group(browser: object, served: Served) -> None:
    browser.get(served.url)   # type: ignore[attr-defined]
    assert "John's Game" in browser.page_source or "小约翰的游戏" in browser.page_source   # type: ignore[attr-defined]
    links = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "header nav a")]   # type: ignore[attr-defined]
    assert len(links) == 8
    for link in links:
        browser.get(link)   # type: ignore[attr-defined]
        assert browser.find_element(By.TAG_NAME, "h1").text   # type: ignore[attr-defined]
        assert "Internal Server Error" not in browser.page_source   # type: ignore[attr-defined]
        shot(browser, f"root-{link.rsplit('/', 1)[1] or 'overview'}")
    browser.get(f"{served.base}/p/_/invocations")   # type: ignore[attr-defined]
    heads = [th.text for th in browser.find_elements(By.CSS_SELECTOR, "thead th a")]   # type: ignore[attr-defined]
    assert len(heads) == 31 and heads[0] == "s.1" and heads[-1] == "3.14"
    # a line before each group's first test, as the command line's strip has: 1.1, 2.1 and 3.1
    starts = [th.text for th in browser.find_elements(By.CSS_SELECTOR, "thead th.group-start")]   # type: ignore[attr-defined]
    assert starts == ["1.1", "2.1", "3.1"]
    # what the setter looks for first stays in view beside the name, however wide the matrix
    row = browser.find_element(By.CSS_SELECTOR, 'tr[data-solution="partial/parity_only.py"]')   # type: ignore[attr-defined]
    got = row.find_element(By.CSS_SELECTOR, "td.got")
    assert got.text.startswith("WA") and got.location["x"] < row.find_element(By.CSS_SELECTOR, "td.cell").location["x"]
    assert row.find_element(By.CSS_SELECTOR, "td.num").text == "20"
    assert len(row.find_elements(By.CSS_SELECTOR, "td.cell")) == 31


def test_a_failing_cell_shows_the_first_difference(browser: object, served: Served) -> None:
    browser.get(served.url)   # type: ignore[attr-defined]
    browser.get(f"{served.base}/p/_/invocations")   # type: ignore[attr-defined]
    row = browser.find_element(By.CSS_SELECTOR, 'tr[data-solution="wrong_answer/plain_nim.py"]')   # type: ignore[attr-defined]
    row.find_element(By.CSS_SELECTOR, "td.cell.v-WA a").click()
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith("wrong_answer/plain_nim.py on sample/")   # type: ignore[attr-defined]
    marks = [m.text for m in browser.find_elements(By.CSS_SELECTOR, "mark.diff-token")]   # type: ignore[attr-defined]
    assert sorted(marks) == ["Brother", "John"]   # the answer's token against the output's
    # the lines around the difference, one numbered line each (the second game is the one it gets wrong)
    answer = browser.find_element(By.CSS_SELECTOR, ".pair.diff figure:first-child pre").text   # type: ignore[attr-defined]
    assert [line.split() for line in answer.splitlines()] == [["1", "John"], ["2", "Brother"]]
    assert "WA" in browser.find_element(By.CSS_SELECTOR, ".facts").text   # type: ignore[attr-defined]
    shot(browser, "root-run-diff")


def test_a_test_shows_the_visualizer_s_picture(browser: object, served: Served) -> None:
    browser.get(served.url)   # type: ignore[attr-defined]
    browser.get(f"{served.base}/p/_/tests")   # type: ignore[attr-defined]
    browser.find_element(By.LINK_TEXT, "subtask2/01-one-pile").click()   # type: ignore[attr-defined]
    picture = browser.find_element(By.CSS_SELECTOR, "img.picture")   # type: ignore[attr-defined]
    wait_for(lambda: browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", picture),  # type: ignore[attr-defined]
             60, "the visualizer's picture to load")
    assert browser.find_element(By.CSS_SELECTOR, "figure.excerpt pre").text.startswith("1")   # type: ignore[attr-defined]
    shot(browser, "root-test-picture")


def test_an_edit_changes_the_open_matrix(browser: object, served: Served, package: Path) -> None:
    browser.get(served.url)   # type: ignore[attr-defined]
    browser.get(f"{served.base}/p/_/invocations")   # type: ignore[attr-defined]
    wait_for(lambda: browser.execute_script("return document.body.dataset.live") == "1", 10, "the event stream")  # type: ignore[attr-defined]
    browser.execute_script("window.notReloaded = true")   # type: ignore[attr-defined]
    got = lambda: browser.find_element(By.CSS_SELECTOR, 'tr[data-solution="wrong_answer/plain_nim.py"] td.got').text  # type: ignore[attr-defined] # noqa: E731
    assert got().startswith("WA")
    shutil.copy(package / "solutions" / "accepted" / "john.py", package / "solutions" / "wrong_answer" / "plain_nim.py")
    wait_for(lambda: got().startswith("AC"), 300, "the row to change")
    assert browser.execute_script("return window.notReloaded") is True   # type: ignore[attr-defined]
    assert "✗" in got()   # it was meant to fail
    # the header says why the check failed, not the last figure it printed
    job = browser.find_element(By.ID, "job").text   # type: ignore[attr-defined]
    assert "check failed: 1 problem(s)" in job and "plain_nim.py" in job, job


def test_a_kept_counterexample_is_shown_and_added_to_the_plan(browser: object, served: Served,
                                                              package: Path) -> None:
    # last in this file: the test it adds changes the plan, which the data's lock then no longer matches
    browser.get(served.url)   # type: ignore[attr-defined]
    bar = lambda: browser.find_element(By.ID, "job")  # type: ignore[attr-defined] # noqa: E731
    # the check the edit above started (and a follow-up) ends first: its end refreshes the open page
    wait_for(lambda: "running" not in (bar().get_attribute("class") or ""), 300, "the last job to end")
    browser.get(f"{served.base}/p/_/stress")   # type: ignore[attr-defined]
    section = browser.find_element(By.XPATH, f"//section[@class='counterexample'][h3='{STEM}']")   # type: ignore[attr-defined]
    captions = [c.text for c in section.find_elements(By.TAG_NAME, "figcaption")]
    assert [c.split(" ·")[0] for c in captions] == ["input", "reference's output", "solution's output"]
    outputs = [p.text for p in section.find_elements(By.CSS_SELECTOR, "figure.excerpt pre")][1:]
    assert outputs[0] != outputs[1] and {outputs[0].split()[0], outputs[1].split()[0]} <= {"John", "Brother"}
    shot(browser, "root-stress")
    assert section.find_element(By.NAME, "name").get_attribute("value") == "stress-byte_piles-vs-john"
    plan = package / "problem.yaml"
    for _ in range(5):   # one job at a time: a check the edit above started may still run (the button says busy)
        wait_for(lambda: "running" not in (bar().get_attribute("class") or "") and "busy" not in bar().text, 300,
                 "the last job to end")
        browser.find_element(By.XPATH, "//section[@class='counterexample']//button[text()='Add to the plan']").click()  # type: ignore[attr-defined]
        added = wait_for(lambda: "stress-byte_piles-vs-john" in plan.read_text(encoding="utf-8") or
                         "busy" in bar().text and "busy", 60, "the test to be added")
        if added is True:
            break
    assert "stress-byte_piles-vs-john" in plan.read_text(encoding="utf-8"), bar().text
    assert (package / "generators" / "manual" / "stress-byte_piles-vs-john.in").read_bytes() == \
        (package / "build" / "stress" / f"{STEM}.in").read_bytes()
    # the changed plan starts a check by itself, which stops at the lock as `ojpack check` would
    try:
        wait_for(lambda: bar().text.startswith("check (files changed): failed — error: the regenerated data "
                                               "differs from data.sha256"), 300, "the check to name the lock")
        assert "--update-lock" in bar().get_attribute("title")   # the whole line, where the bar cuts it
    except AssertionError as late:
        raise AssertionError(f"{late}; the job line says {bar().text!r}") from None
