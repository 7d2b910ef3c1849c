"""A hostile package in the browser: names, program output, its own checker's messages and statements
holding HTML and script show as text, a symlink in data/ reads nothing of the host, a wrong token runs nothing."""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By

from conftest import TESTS, host_secret
from workbench_helpers import Served, browser, ojpack, shot, start_serve, stop_serve  # noqa: F401

NAME = "<img src=x onerror=alert(1)>.py"


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import shutil

    base = tmp_path_factory.mktemp("hostile")
    root = base / "toy"
    shutil.copytree(TESTS / "toy", root, ignore=shutil.ignore_patterns("data", ".ojpack", "data.sha256", "build"))
    (root / "solutions" / "wrong_answer").mkdir()
    (root / "solutions" / "wrong_answer" / NAME).write_text(
        'a, b = map(int, input().split())\nprint("<script>alert(3)</script>" if a > 5 else a + b)\n')
    # the package's own checker, whose every message is markup and script
    (root / "checkers").mkdir()
    (root / "checkers" / "chk.py").write_text(
        "import sys\nout, ans = (open(p).read().split() for p in sys.argv[2:4])\nif out == ans:\n    sys.exit(0)\n"
        "sys.stderr.write('<script>alert(6)</script><b>wrong</b> ' + ' '.join(out[:1]) + '\\n')\nsys.exit(1)\n")
    with (root / "problem.yaml").open("a") as yaml:
        yaml.write("checker: {type: program, source: checkers/chk.py}\n")
    (root / "statement").mkdir()
    for lang in ("en", "zh"):
        (root / "statement" / f"problem.{lang}.md.j2").write_text(
            "## Story\n\n<script>alert(4)</script> <b>bold</b> <img src=x onerror=alert(5)>\n\nAdd two numbers.\n")
    ojpack("check", "--no-proof", "-p", str(root))
    ojpack("render", "--format", "html", "-p", str(root))
    # data/ as a hostile build could leave it: a test whose input is a link to a host file
    secret = host_secret(base, "HOST-SECRET-7")
    (root / "data" / "secret" / "small" / "99-leak.in").symlink_to(secret)
    (root / "data" / "passwd").symlink_to("/etc/passwd")
    manifest = root / "data" / "manifest.json"
    raw = json.loads(manifest.read_text())
    raw["tests"].append({"group": "small", "index": 99, "name": "leak", "id": "small/99-leak",
                         "input": "secret/small/99-leak.in", "answer": "../../../host-only/key"})
    manifest.write_text(json.dumps(raw))
    return root


@pytest.fixture(scope="module")
def served(package: Path) -> Iterator[Served]:
    s = start_serve(package)
    yield s
    stop_serve(s)


def _no_alert(driver: object) -> None:
    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert.text   # type: ignore[attr-defined]


def _main_has_no_markup_from_the_package(driver: object) -> None:
    assert driver.execute_script(   # type: ignore[attr-defined]
        "return document.querySelectorAll('main script, main img, main b').length") == 0


def test_names_outputs_and_messages_show_as_text(browser: object, served: Served) -> None:
    browser.get(served.url)   # type: ignore[attr-defined]
    browser.get(f"{served.base}/p/_/invocations")   # type: ignore[attr-defined]
    row = browser.find_element(By.CSS_SELECTOR, "tbody tr.row-ok:nth-child(2) th.name")   # type: ignore[attr-defined]
    assert row.text == f"wrong_answer/{NAME}"
    _main_has_no_markup_from_the_package(browser)
    _no_alert(browser)
    shot(browser, "hostile-invocations")
    row.find_element(By.XPATH, "..").find_element(By.CSS_SELECTOR, "td.cell.v-WA a").click()
    assert NAME in browser.find_element(By.TAG_NAME, "h1").text   # type: ignore[attr-defined]
    message = browser.find_element(By.CSS_SELECTOR, ".checker-message").text   # type: ignore[attr-defined]
    assert message.startswith("<script>alert(6)</script><b>wrong</b> <script>alert(3)</script>")   # the checker's own
    output = browser.find_element(By.XPATH, "//figcaption[starts-with(., 'output ·')]/../pre").text   # type: ignore[attr-defined]
    assert output == "<script>alert(3)</script>"
    _main_has_no_markup_from_the_package(browser)
    _no_alert(browser)
    for page in ("", "tests", "strength", "stress"):
        browser.get(f"{served.base}/p/_/{page}")   # type: ignore[attr-defined]
        _main_has_no_markup_from_the_package(browser)
        _no_alert(browser)
    assert NAME in browser.find_element(By.TAG_NAME, "main").text   # type: ignore[attr-defined]  # stress lists it


def test_a_statement_s_html_runs_nothing(browser: object, served: Served) -> None:
    browser.get(f"{served.base}/p/_/statement")   # type: ignore[attr-defined]
    source = browser.find_element(By.CSS_SELECTOR, "section.statement pre").text   # type: ignore[attr-defined]
    assert "<script>alert(4)</script>" in source
    frames = browser.find_elements(By.CSS_SELECTOR, "iframe.statement-html")   # type: ignore[attr-defined]
    assert len(frames) == 2 and all(f.get_attribute("sandbox") == "" for f in frames)
    time.sleep(1)
    _no_alert(browser)
    browser.switch_to.frame(frames[0])   # type: ignore[attr-defined]
    assert "Add two numbers" in browser.find_element(By.TAG_NAME, "body").text   # type: ignore[attr-defined]
    browser.switch_to.default_content()   # type: ignore[attr-defined]
    _main_has_no_markup_from_the_package(browser)


def test_no_host_file_is_read(browser: object, served: Served) -> None:
    browser.get(f"{served.base}/p/_/test/small/99-leak")   # type: ignore[attr-defined]
    text = browser.find_element(By.TAG_NAME, "main").text   # type: ignore[attr-defined]
    assert "HOST-SECRET" not in text and "missing" in text
    for rel in ("data/passwd", "data/secret/small/99-leak.in", "..%2f..%2fetc%2fpasswd", "%2fetc%2fpasswd"):
        browser.get(f"{served.base}/p/_/file/{rel}")   # type: ignore[attr-defined]
        body = browser.find_element(By.TAG_NAME, "body").text   # type: ignore[attr-defined]
        assert "root:" not in body and "HOST-SECRET" not in body and "not a file of this package" in body, rel


def test_a_wrong_token_is_refused_and_runs_nothing(served: Served, package: Path) -> None:
    last = package / "build" / "check" / "last.json"
    before = last.stat().st_mtime_ns
    for url, data in ((f"{served.base}/?token=wrong", None), (f"{served.base}/p/_/", None),
                      (f"{served.base}/p/_/action/check", b"token=wrong"),
                      (f"{served.base}/p/_/action/check?token={served.token}", b"")):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(urllib.request.Request(url, data=data, method="POST" if data is not None else "GET"))
        assert refused.value.code == 403, url
    time.sleep(2)
    assert last.stat().st_mtime_ns == before
    assert not any(p.name.startswith("runs.new") for p in (package / "build" / "check").iterdir())
    assert os.path.exists(package / "data" / "manifest.json")
