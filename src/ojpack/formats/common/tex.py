"""Problem statements in LaTeX (Polygon sections, Kattis problem.tex) → ojpack Markdown templates.

Only the LaTeX that statements really use is converted (sections, lists, emphasis, verbatim, quotes,
`~`); math stays `$…$` as ojpack's Markdown keeps it. Any other command is left in the text and named in
the report, so a person knows what to look at.
"""

from __future__ import annotations

import re

# Polygon's statement languages (its folder and <name language=…> names) → ISO 639 codes
LANGS = {"english": "en", "chinese": "zh", "russian": "ru", "ukrainian": "uk", "spanish": "es",
         "french": "fr", "german": "de", "portuguese": "pt", "japanese": "ja", "korean": "ko", "polish": "pl",
         "kazakh": "kk", "belarusian": "be", "armenian": "hy", "azerbaijani": "az", "georgian": "ka",
         "uzbek": "uz", "kyrgyz": "ky", "romanian": "ro", "italian": "it", "turkish": "tr", "vietnamese": "vi",
         "persian": "fa", "arabic": "ar", "hebrew": "he", "indonesian": "id", "bulgarian": "bg", "czech": "cs",
         "hungarian": "hu", "dutch": "nl", "swedish": "sv", "bengali": "bn", "hindi": "hi", "thai": "th"}
HEADINGS = {
    "en": {"legend": "Description", "input": "Input Format", "output": "Output Format",
           "interaction": "Interaction", "scoring": "Scoring", "notes": "Notes", "samples": "Samples",
           "in": "Input", "out": "Output"},
    "zh": {"legend": "题目描述", "input": "输入格式", "output": "输出格式", "interaction": "交互方式",
           "scoring": "评分方式", "notes": "说明/提示", "samples": "样例", "in": "输入", "out": "输出"},
    # Polygon's own section names in its Russian and Ukrainian statements
    "ru": {"legend": "Условие", "input": "Входные данные", "output": "Выходные данные",
           "interaction": "Протокол взаимодействия", "scoring": "Система оценки", "notes": "Примечание",
           "samples": "Примеры", "in": "Ввод", "out": "Вывод"},
    "uk": {"legend": "Умова", "input": "Вхідні дані", "output": "Вихідні дані", "interaction": "Протокол взаємодії",
           "scoring": "Оцінювання", "notes": "Примітка", "samples": "Приклади", "in": "Вхід", "out": "Вихід"},
}
MATH = re.compile(r"(\$\$.*?\$\$|\$(?:\\.|[^$\\])*\$)", re.S)
SIMPLE = [(r"\\textbf\{([^{}]*)\}", r"**\1**"), (r"\\(?:emph|textit)\{([^{}]*)\}", r"*\1*"),
          (r"\\texttt\{([^{}]*)\}", r"`\1`"), (r"\\subsection\*?\{([^{}]*)\}", r"\n### \1\n"),
          (r"\\section\*?\{([^{}]*)\}", r"\n## \1\n"), (r"\\begin\{(?:itemize|enumerate|center)\}", ""),
          (r"\\end\{(?:itemize|enumerate|center)\}", ""), (r"\\item\s*", "- "), (r"``|''", '"'),
          (r"~", " "), (r"\\\\", "\n"), (r"\\(?:par|noindent|medskip|bigskip|smallskip)\b", "\n"),
          (r"\\([%&#_{}$])", r"\1")]
KNOWN_LEFT = re.compile(r"\\([A-Za-z]+)")


def problem_name(tex: str) -> tuple[str | None, str]:
    """Kattis problem.tex: (the \\problemname{…} title, the rest)."""
    m = re.search(r"\\problemname\{([^{}]*)\}", tex)
    if not m:
        return None, tex
    return m.group(1).strip(), tex[:m.start()] + tex[m.end():]


TABULAR = re.compile(r"\\begin\{tabular\}\{([^{}]*)\}(.*?)\\end\{tabular\}", re.S)
ALIGN = {"l": "---", "c": ":-:", "r": "--:"}
BOLD = re.compile(r"^\\textbf\{([^{}]*)\}$")


def _table(m: re.Match[str]) -> str:
    """A tabular → a Markdown table (its first row the header); rules (\\hline) are dropped."""
    rows = [r.replace("\\hline", "").strip() for r in re.split(r"\\\\", m.group(2))]
    cells = [[c.strip() for c in re.split(r"(?<!\\)&", r)] for r in rows if r]
    if not cells:
        return ""
    if all(BOLD.match(c) for c in cells[0]):   # a Markdown header row is bold already
        cells[0] = [BOLD.sub(r"\1", c) for c in cells[0]]
    width = max(len(r) for r in cells)
    align = [ALIGN[c] for c in m.group(1) if c in ALIGN][:width]
    align += ["---"] * (width - len(align))
    lines = ["| " + " | ".join(r + [""] * (width - len(r))) + " |" for r in cells]
    lines.insert(1, "|" + "|".join(align) + "|")
    return "\n\n" + "\n".join(lines) + "\n\n"


def to_markdown(tex: str, where: str, notes: list[str]) -> str:
    tex = re.sub(r"(?m)(?<!\\)%.*$", "", tex)   # comments
    tex = TABULAR.sub(_table, tex)   # before math is split off: cells hold math
    out: list[str] = []
    for part in MATH.split(tex):
        if MATH.fullmatch(part):
            out.append(part)
            continue
        part = re.sub(r"\\begin\{verbatim\}\n?(.*?)\\end\{verbatim\}", lambda m: f"\n```\n{m.group(1)}```\n",
                      part, flags=re.S)
        for pattern, repl in SIMPLE:
            part = re.sub(pattern, repl, part)
        out.append(part)
    text = re.sub(r"\n{3,}", "\n\n", "".join(out)).strip()
    left = sorted({m.group(1) for seg in MATH.split(text) if not MATH.fullmatch(seg)
                   for m in KNOWN_LEFT.finditer(seg)})
    if left:
        notes.append(f"{where}: LaTeX commands left as they are in the Markdown: "
                     + ", ".join(f"\\{c}" for c in left))
    return text


JINJA_OPENER = re.compile(r"\{[{%#]")


def raw(markdown: str) -> str:
    """Statement text inside a jinja template must not be read as jinja ({{, {%, {# are common in TeX, and a
    hostile package puts `{% endraw %}{{ … }}` there): every opener becomes an expression that prints it, so no
    template syntax survives. (A {% raw %} block is not enough: the text itself can close it.)"""
    return JINJA_OPENER.sub(lambda m: '{{ "' + m.group() + '" }}', markdown) + "\n" if markdown else ""


def template(lang: str, sections: dict[str, str]) -> str:
    """An ojpack statement template: the converted sections, the samples from the built data (ojpack puts
    them in, except for Kattis, which prints its own)."""
    h = HEADINGS.get(lang, HEADINGS["en"])
    before = [k for k in ("legend", "input", "output", "interaction") if sections.get(k)]
    after = [k for k in ("scoring", "notes") if sections.get(k)]
    parts = ["{#- Imported by `ojpack import`: the text is the source's, converted from LaTeX. -#}\n"]
    if sections.get("body"):   # a whole statement with its own headings (Kattis, ICPC)
        parts.append(raw(sections["body"] + "\n"))
    for k in before:
        parts.append(raw(f"## {h[k]}\n\n{sections[k]}\n"))
    parts.append("{% if samples %}\n\n## " + h["samples"] + "\n{% for s in samples %}\n\n"
                 f"{h['in']} {{{{ s.index }}}}\n\n```\n{{{{ s.input }}}}\n```\n\n"
                 f"{h['out']} {{{{ s.index }}}}\n\n```\n{{{{ s.answer }}}}\n```\n"
                 "{% endfor %}\n{% endif %}\n")
    for k in after:
        parts.append(raw(f"\n## {h[k]}\n\n{sections[k]}\n"))
    return "".join(parts)
