"""Statement -> LaTeX: the Kattis `problem.<lang>.tex` and a standalone printable document.

The Markdown source is parsed once with the shared parser and its tokens are written out as LaTeX,
so the LaTeX never drifts from the Markdown and HTML made from the same template.
"""

from __future__ import annotations

import re

from markdown_it.token import Token

from .md import parser
from .model import Statement, StatementError
from .texguard import check_math

_SPECIAL = re.compile(r"[\\{}$&#^_%~]")
_ESCAPES = {"\\": r"\textbackslash{}", "^": r"\textasciicircum{}", "~": r"\textasciitilde{}"}

# Languages that need a CJK class; compiled with xelatex (see the % !TEX line of the standalone file).
CJK = {"zh", "ja", "ko"}


def escape(text: str) -> str:
    return _SPECIAL.sub(lambda m: _ESCAPES.get(m.group(), "\\" + m.group()), text)


def _inline(tokens: list[Token], where: str) -> str:
    out: list[str] = []
    for t in tokens:
        match t.type:
            case "text":
                out.append(escape(t.content))
            case "math_inline":
                out.append(f"${check_math(t.content, where)}$")
            case "math_inline_double":
                out.append(f"\\[{check_math(t.content, where)}\\]")
            case "code_inline":
                out.append(f"\\texttt{{{escape(t.content)}}}")
            case "strong_open":
                out.append("\\textbf{")
            case "em_open":
                out.append("\\emph{")
            case "strong_close" | "em_close" | "link_close":
                out.append("}")
            case "link_open":
                out.append(f"\\href{{{escape(str(t.attrs.get('href', '')))}}}{{")
            case "softbreak":
                out.append("\n")
            case "hardbreak":
                out.append("\\\\\n")
            case _:
                raise StatementError(f"{where}: cannot write the Markdown inline element '{t.type}' as LaTeX")
    return "".join(out)


def _table(tokens: list[Token], start: int, where: str) -> tuple[str, int]:
    """A Markdown table -> tabular; returns the LaTeX and the index just past table_close."""
    rows: list[list[str]] = []
    aligns: list[str] = []
    i = start + 1
    while tokens[i].type != "table_close":
        t = tokens[i]
        if t.type == "tr_open":
            rows.append([])
        elif t.type in ("th_open", "td_open"):
            if len(rows) == 1:
                style = str(t.attrs.get("style", ""))
                aligns.append("c" if "center" in style else "r" if "right" in style else "l")
            cell = _inline(tokens[i + 1].children or [], where)
            rows[-1].append(f"\\textbf{{{cell}}}" if t.type == "th_open" else cell)
        i += 1
    lines = [" & ".join(r) + r" \\" for r in rows]
    body = "\n".join([lines[0], r"\hline", *lines[1:]])
    cols = "|" + "|".join(aligns) + "|"
    return f"\\begin{{center}}\n\\begin{{tabular}}{{{cols}}}\n\\hline\n{body}\n\\hline\n\\end{{tabular}}\n\\end{{center}}\n\n", i + 1


def code_block(text: str) -> str:
    """A code block (a sample) as escaped typewriter lines, not a verbatim environment: `\\end{verbatim}` in the
    text would close one and what follows would be LaTeX again. `\\mbox{}` starts every line so neither an empty
    line nor one starting with `[` or `*` is read as an argument of the `\\\\` before it."""
    lines = [r"\mbox{}" + escape(line).replace(" ", "\\ ") for line in text.rstrip().split("\n")]
    return "\\begin{flushleft}\\ttfamily\n" + "\\\\\n".join(lines) + "\n\\end{flushleft}\n\n"


_HEADINGS = {"h1": "section*", "h2": "section*", "h3": "subsection*", "h4": "subsubsection*"}


def body(markdown: str, where: str) -> str:
    tokens = parser().parse(markdown)
    out: list[str] = []
    i = 0
    while i < len(tokens):
        t = tokens[i]
        match t.type:
            case "heading_open":
                out.append(f"\\{_HEADINGS.get(t.tag, 'paragraph*')}{{{_inline(tokens[i + 1].children or [], where)}}}\n\n")
                i += 3
                continue
            case "inline":
                out.append(_inline(t.children or [], where))
            case "paragraph_close":
                out.append("\n" if t.hidden else "\n\n")  # hidden = a paragraph inside a tight list
            case "bullet_list_open":
                out.append("\\begin{itemize}\n")
            case "bullet_list_close":
                out.append("\\end{itemize}\n\n")
            case "ordered_list_open":
                out.append("\\begin{enumerate}\n")
            case "ordered_list_close":
                out.append("\\end{enumerate}\n\n")
            case "list_item_open":
                out.append("\\item ")
            case "blockquote_open":
                out.append("\\begin{quote}\n")
            case "blockquote_close":
                out.append("\\end{quote}\n\n")
            case "fence" | "code_block":
                out.append(code_block(t.content))
            case "math_block" | "math_block_label":
                out.append(f"\\[\n{check_math(t.content.strip(), where)}\n\\]\n\n")
            case "hr":
                out.append("\\bigskip\\hrule\\bigskip\n\n")
            case "table_open":
                text, i = _table(tokens, i, where)
                out.append(text)
                continue
            case "paragraph_open" | "list_item_close":
                pass
            case _:
                raise StatementError(f"{where}: cannot write the Markdown block '{t.type}' as LaTeX")
        i += 1
    return re.sub(r"\n{3,}", "\n\n", "".join(out)).strip() + "\n"


def render_kattis(statement: Statement) -> str:
    """problemtools' form: \\problemname, then the text; the judge appends the samples from data/sample."""
    return f"\\problemname{{{escape(statement.title)}}}\n\n{body(statement.markdown, statement.where)}"


def render_standalone(statement: Statement) -> str:
    """A complete document: pdflatex for most languages, xelatex (ctexart) for CJK ones."""
    cjk = statement.lang.split("-")[0] in CJK
    head = [
        f"% !TEX program = {'xelatex' if cjk else 'pdflatex'}",
        "\\documentclass[11pt,a4paper]{ctexart}" if cjk else "\\documentclass[11pt,a4paper]{article}",
        *([] if cjk else ["\\usepackage[utf8]{inputenc}", "\\usepackage[T1]{fontenc}"]),
        "\\usepackage[margin=2.2cm]{geometry}",
        "\\usepackage{amsmath,amssymb}",
        "\\usepackage[hidelinks]{hyperref}",
        "\\setlength{\\parindent}{0pt}",
        "\\setlength{\\parskip}{0.6em}",
        "\\pagestyle{empty}",
        "\\begin{document}",
        f"\\begin{{center}}{{\\LARGE\\bfseries {escape(statement.title)}}}\\end{{center}}",
        "",
    ]
    return "\n".join(head) + body(statement.markdown, statement.where) + "\n\\end{document}\n"
