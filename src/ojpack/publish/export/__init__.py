"""`ojpack export`: one module per judge format, each writing a folder from the shared Package view."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from . import cms, domjudge, hydro, icpc2025, kattis, luogu, qduoj, uoj

TARGETS: dict[str, ModuleType] = {
    "kattis": kattis, "icpc2025": icpc2025, "domjudge": domjudge, "hydro": hydro,
    "uoj": uoj, "luogu": luogu, "qduoj": qduoj, "cms": cms,
}
# Targets that ship a PDF statement (the only ones for which render needs a browser).
WANTS_PDF = {"domjudge", "cms"}
OUT_DIR = "build/export"



def out_dir(root: Path) -> Path:
    return root / OUT_DIR
