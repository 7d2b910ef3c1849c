"""Package roots that load a module only when one of its names is first used.

`ojpack judge` needs a few names of `judging` and `testdata`; importing every module behind them (the
cross-check, the proof, the whole build pipeline) cost it ~20 ms before it did anything. No exported name
may equal a module's name: importing that module would set the package attribute to the module itself."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any


def exports(package: str, where: dict[str, str]) -> Callable[[str], Any]:
    """A module `__getattr__` (PEP 562) for `package`: name -> the module (relative to it) defining it."""
    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{module}", package), name)
        setattr(sys.modules[package], name, value)   # later lookups are plain attribute reads
        return value
    return __getattr__
