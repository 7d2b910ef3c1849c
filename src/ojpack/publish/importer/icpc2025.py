"""icpc2025 packages (being written)."""

from __future__ import annotations

from pathlib import Path

from ...errors import OjpackError
from .writer import Imported


def read(root: Path) -> Imported:
    raise OjpackError(f"{root}: importing icpc2025 packages is not supported yet")
