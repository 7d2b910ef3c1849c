"""`ojpack export`: one module per judge format, each writing a folder from the shared Package view."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from types import ModuleType

from .targets import TARGET_NAMES

# each target's writer, in its format's folder (the Kattis family's holds two)
WRITERS = {"kattis": "kattis.exporter", "icpc2025": "kattis.exporter2025", "domjudge": "domjudge.exporter",
           "hydro": "hydro.exporter", "uoj": "uoj.exporter", "luogu": "luogu.exporter", "qduoj": "qduoj.exporter",
           "cms": "cms.exporter"}
TARGETS: dict[str, ModuleType] = {name: import_module(f".{WRITERS[name]}", __package__) for name in TARGET_NAMES}
# Targets that ship a PDF statement (the only ones for which render needs a browser).
WANTS_PDF = {"domjudge", "cms"}
OUT_DIR = "build/export"


def out_dir(root: Path) -> Path:
    return root / OUT_DIR
