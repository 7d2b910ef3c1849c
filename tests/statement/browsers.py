"""The Chromium the render and browser tests need: a skip on a developer's machine, a failure in CI."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ojpack.statement.pdf import find_browser


def require_chromium() -> Path:
    browser, why = find_browser()
    if browser is None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must have Chromium (scripts/setup.sh installs it): {why}")
        pytest.skip(why)
    return browser
