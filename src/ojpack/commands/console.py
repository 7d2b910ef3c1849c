"""The shared rich consoles: results on stdout, progress and errors on stderr."""

from __future__ import annotations

import os

from rich.console import Console

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False)


def progress_enabled() -> bool:
    """Live progress only on an interactive terminal; CI logs get the summary alone."""
    return err.is_terminal and not os.environ.get("CI")
