"""A checked package → folders and zips for each judge.

Takes the Problem, its data, solutions and rendered statements as one read-only `Package` view, and
writes one layout per target (`publish.export.<target>`), staged and swapped in. The other way, `publish.importer`
reads a Polygon, Kattis or ICPC package into the ojpack layout.
"""

from .export import TARGETS
from .export.run import export as write_exports, prepare, resolve_targets
from .importer import ImportReport, import_package

__all__ = ["TARGETS", "ImportReport", "import_package", "prepare", "resolve_targets", "write_exports"]
