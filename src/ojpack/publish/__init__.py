"""A checked package → folders and zips for each judge, and a package made elsewhere → an ojpack package.

The orchestration only: `run` builds fresh data, checks the solutions, renders the statements and has each
target's writer (in `formats/`, one folder per foreign format) write its folder, staged and swapped in. The
other way, `formats` finds and reads a Polygon, Kattis or ICPC package into the ojpack layout.

The writers pull in the statement renderers (jinja2, markdown-it, pypdf), so only `TARGET_NAMES` is
loaded with this package; the rest loads on first use (PEP 562), keeping `ojpack --help` fast.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from ..formats import TARGET_NAMES

if TYPE_CHECKING:
    from ..formats import TARGETS, ImportReport, import_package
    from .run import export as write_exports, prepare, resolve_targets, targets_for

_LAZY = {"TARGETS": ("..formats", "TARGETS"), "prepare": (".run", "prepare"),
         "resolve_targets": (".run", "resolve_targets"), "targets_for": (".run", "targets_for"),
         "write_exports": (".run", "export"),
         "ImportReport": ("..formats", "ImportReport"), "import_package": ("..formats", "import_package")}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, attr = _LAZY[name]
    value = getattr(import_module(module, __name__), attr)
    globals()[name] = value
    return value


__all__ = ["TARGETS", "TARGET_NAMES", "ImportReport", "import_package", "prepare", "resolve_targets",
           "targets_for", "write_exports"]
