"""A checked package → folders and zips for each judge.

Takes the Problem, its data, solutions and rendered statements as one read-only `Package` view, and
writes one layout per target (`publish.export.<target>`), staged and swapped in. The other way, `publish.importer`
reads a Polygon, Kattis or ICPC package into the ojpack layout.

The writers pull in the statement renderers (jinja2, markdown-it, pypdf), so only `TARGET_NAMES` is
loaded with this package; the rest loads on first use (PEP 562), keeping `ojpack --help` fast.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .targets import TARGET_NAMES

if TYPE_CHECKING:
    from .export import TARGETS
    from .export.run import export as write_exports, prepare, resolve_targets, targets_for
    from .importer import ImportReport, import_package

_LAZY = {"TARGETS": (".export", "TARGETS"), "prepare": (".export.run", "prepare"),
         "resolve_targets": (".export.run", "resolve_targets"), "targets_for": (".export.run", "targets_for"),
         "write_exports": (".export.run", "export"),
         "ImportReport": (".importer", "ImportReport"), "import_package": (".importer", "import_package")}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, attr = _LAZY[name]
    value = getattr(import_module(module, __name__), attr)
    globals()[name] = value
    return value


__all__ = ["TARGETS", "TARGET_NAMES", "ImportReport", "import_package", "prepare", "resolve_targets",
           "targets_for", "write_exports"]
