"""`ojpack export`: one module per judge format, each writing a folder from the shared Package view."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from types import ModuleType

from ..targets import TARGET_NAMES

TARGETS: dict[str, ModuleType] = {name: import_module(f".{name}", __name__) for name in TARGET_NAMES}
# Targets that ship a PDF statement (the only ones for which render needs a browser).
WANTS_PDF = {"domjudge", "cms"}
OUT_DIR = "build/export"


def out_dir(root: Path) -> Path:
    return root / OUT_DIR
