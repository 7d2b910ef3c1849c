"""The validator an import writes when the source package has none (never in place of one it has)."""

from __future__ import annotations

from .writer import Imported


def permissive_validator(imp: Imported) -> str:
    """The source has no input validator: a placeholder that accepts everything, loudly noted."""
    imp.files["validators/validate.py"] = (
        b"# Placeholder written by `ojpack import`: the source package had no input validator.\n"
        b"# It accepts every input; replace it with a real one (exit 42 valid, 43 invalid).\n"
        b"import sys\n\nsys.stdin.buffer.read()\nsys.exit(42)\n")
    imp.note("the source has no input validator: validators/validate.py accepts every input; write a real one")
    return "validators/validate.py"
