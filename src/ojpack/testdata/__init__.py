"""Plan → judge data: generate, validate, solve, and swap `data/` in atomically.

Takes a Problem; runs its generators, validator and model solution in the sandbox (each step cached by
content), checks coverage and the lock, and gives `data/` with its manifest (`BuiltTest` per test).
"""

from .build import build, ensure_built
from .data import BuiltTest, fingerprint, load_built
from .stats import collect
from .validate import load_validator, run_cases, validate_bytes, validate_file

__all__ = ["BuiltTest", "build", "collect", "ensure_built", "fingerprint", "load_built", "load_validator",
           "run_cases", "validate_bytes", "validate_file"]
