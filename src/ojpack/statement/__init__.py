"""Statement templates + the Problem → md, html, tex and pdf, per language.

Takes `statement/<lang>.md.j2` and the numbers of problem.yaml, gives rendered files under
`build/statement/` (`render`); samples come from the built data.
"""

from .model import built_samples, languages, samples_from_files
from .pdf import find_browser
from .render import FORMATS, OUT_DIR, render

__all__ = ["FORMATS", "OUT_DIR", "built_samples", "find_browser", "languages", "render", "samples_from_files"]
