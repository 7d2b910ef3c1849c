"""Statement templates + the Problem → md, html, tex and pdf, per language.

Takes `statement/<lang>.md.j2` and the numbers of problem.yaml, gives rendered files under
`build/statement/` (`render`); samples come from the built data.
"""

from .model import built_samples, languages, samples_from_files
from .pdf import find_browser
from .problemset import Entry as ProblemSetEntry, render_problemset
from .render import FORMATS, OUT_DIR, render

__all__ = ["FORMATS", "OUT_DIR", "ProblemSetEntry", "built_samples", "find_browser", "languages", "render",
           "render_problemset", "samples_from_files"]
