"""Statement -> Markdown as Luogu and Hydro show it; also the one Markdown parser the other formats share."""

from __future__ import annotations

from markdown_it import MarkdownIt
from mdit_py_plugins.dollarmath import dollarmath_plugin

from .model import Statement


def parser() -> MarkdownIt:
    """CommonMark + tables + $…$ / $$…$$ math: the dialect Luogu and Hydro accept, so one source serves all."""
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    # allow_digits=False keeps "costs $5 and $6" from becoming math, as on those judges.
    return md.use(dollarmath_plugin, allow_digits=False, double_inline=True)


def render_md(statement: Statement) -> str:
    return f"# {statement.title}\n\n{statement.markdown}"
