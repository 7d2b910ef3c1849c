"""Helpers of the workbench's tests: packages built once per module, a served workbench, a headless browser."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("OJPACK_SHOTS", "")) if os.environ.get("OJPACK_SHOTS") else None


def ojpack(*args: str, cwd: Path | None = None, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    return subprocess.run([sys.executable, "-m", "ojpack", *args], cwd=cwd, env=env, text=True,
                          capture_output=True, check=check, timeout=600)


@dataclass
class Served:
    url: str            # the start address, with its token
    base: str           # http://127.0.0.1:PORT
    token: str
    process: subprocess.Popen[str]
    said: str = ""      # what it printed up to the address


def start_serve(folder: Path, *extra: str) -> Served:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src"), "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen([sys.executable, "-m", "ojpack", "serve", "-p", str(folder), *extra],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    assert process.stdout is not None
    seen = []
    for line in process.stdout:
        seen.append(line)
        if (m := re.search(r"(http://[^/\s]+)/\?token=(\S+)", line)):
            return Served(m.group(0), m.group(1), m.group(2), process, "".join(seen))
    raise AssertionError("serve printed no address:\n" + "".join(seen))


def stop_serve(served: Served) -> str:
    served.process.terminate()
    try:
        out, _ = served.process.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        served.process.kill()
        out, _ = served.process.communicate()
    return out or ""


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """One headless Chromium for the whole module (Debian's chromium + chromium-driver)."""
    if not shutil.which("chromedriver") or not shutil.which("chromium"):
        pytest.skip("needs Debian's chromium and chromium-driver (scripts/setup.sh test installs them)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or ""
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1400,900", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


def shot(driver: object, name: str) -> Path | None:
    """A PNG of the page, kept when OJPACK_SHOTS names a folder (the README's pictures come from here)."""
    if SHOTS is None:
        return None
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    driver.save_screenshot(str(path))   # type: ignore[attr-defined]
    return path


def wait_for(condition: object, seconds: float = 60.0, what: str = "") -> object:
    """Poll until `condition()` is truthy (a page updating by itself, a job ending); fail after `seconds`."""
    end = time.monotonic() + seconds
    while True:
        try:
            value = condition()   # type: ignore[operator]
        except Exception:   # an element replaced mid-read: look again
            value = None
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"waited {seconds:g} s for {what or condition}")
        time.sleep(0.2)
