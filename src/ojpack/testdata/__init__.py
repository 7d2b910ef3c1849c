"""Plan → judge data: generate, validate, solve, and swap `data/` in atomically.

Takes a Problem; runs its generators, validator and model solution in the sandbox (each step cached by
content), checks coverage and the lock, and gives `data/` with its manifest (`BuiltTest` per test).
Each name loads its module on first use (see ojpack.lazy): reading fresh data never loads the builder.
"""

from typing import TYPE_CHECKING

from ..lazy import exports

if TYPE_CHECKING:
    from .builder import build
    from .data import BuiltTest, ensure_built, fingerprint, load_built, read_manifest
    from .picture import Picture, picture_of, visualize
    from .solve import problem_files
    from .stats import collect
    from .twin import TwinReport, compare_twin, twin_of
    from .generate import run_generator
    from .validate import (bound_args, load_cases, load_extra_validators, load_validator, run_cases, validate_bytes,
                           validate_file, validate_plain)

_WHERE = {
    "build": "builder", "BuiltTest": "data", "ensure_built": "data", "fingerprint": "data", "load_built": "data", "read_manifest": "data",
    "collect": "stats", "problem_files": "solve", "bound_args": "validate", "load_cases": "validate", "load_validator": "validate", "run_cases": "validate", "validate_bytes": "validate",
    "validate_file": "validate", "load_extra_validators": "validate", "validate_plain": "validate",
    "run_generator": "generate", "Picture": "picture", "picture_of": "picture", "visualize": "picture",
    "TwinReport": "twin", "compare_twin": "twin", "twin_of": "twin",
}
__getattr__ = exports(__name__, _WHERE)
__all__ = sorted(_WHERE)
