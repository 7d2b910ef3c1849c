"""The foreign package formats ojpack reads and writes, one folder per format, each holding its own reader
and/or writer: `polygon/`, `kattis/` (legacy, 2023-07, 2025-09 / ICPC, BAPCtools generators), `cms/`,
`hydro/`, `uoj/`, `luogu/`, `qduoj/`, `domjudge/`. What several formats share (the read-only Package view,
the export writer, safe unpacking, the import description and report, submission mapping, the testlib
adapter) is in `common/`. `importing` finds a package's format and reads it; `exporters` maps each export
target to its writer.

The folders import one another freely; the layers above (publish) use only the names below. They load on
first use (PEP 562): TARGET_NAMES is read by the CLI's help, which must not load the writers.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .common import fileio, interactive, kinds, multipass, write
    from .common.package import CannotHold, Package, make_package
    from .common.writer import ImportReport
    from .exporters import TARGETS, WANTS_PDF, out_dir
    from .importing import FORMATS, detect, import_package, read
    from .kattis import included_export as included
    from .targets import TARGET_NAMES

# name -> (module, attribute); attribute None: the module itself
_LAZY: dict[str, tuple[str, str | None]] = {
    "TARGET_NAMES": (".targets", "TARGET_NAMES"),
    "TARGETS": (".exporters", "TARGETS"), "WANTS_PDF": (".exporters", "WANTS_PDF"),
    "out_dir": (".exporters", "out_dir"),
    "Package": (".common.package", "Package"), "make_package": (".common.package", "make_package"),
    "CannotHold": (".common.package", "CannotHold"),
    "fileio": (".common.fileio", None), "interactive": (".common.interactive", None),
    "multipass": (".common.multipass", None), "write": (".common.write", None),
    "kinds": (".common.kinds", None),
    "included": (".kattis.included_export", None),
    "FORMATS": (".importing", "FORMATS"), "ImportReport": (".importing", "ImportReport"),
    "detect": (".importing", "detect"), "import_package": (".importing", "import_package"),
    "read": (".importing", "read"),
}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, attr = _LAZY[name]
    value = import_module(module, __name__)
    if attr is not None:
        value = getattr(value, attr)
    globals()[name] = value
    return value


__all__ = sorted(_LAZY)
