"""A checked package → folders and zips for each judge.

Takes the Problem, its data, solutions and rendered statements as one read-only `Package` view, and
writes one layout per target (`publish.export.<target>`), staged and swapped in.
"""

from .export import TARGETS
from .export.run import export as write_exports, prepare, resolve_targets

__all__ = ["TARGETS", "prepare", "resolve_targets", "write_exports"]
