"""A Polygon package's statement: statement-sections/<language>/*.tex (or a whole
statements/<language>/problem.tex) → statement/problem.<lang>.md.j2."""

from __future__ import annotations

import re
from pathlib import Path

from ...problem import LANGUAGE
from ..common import tex
from ..common.writer import Imported

SECTIONS = ("legend", "input", "output", "interaction", "scoring", "notes")


def statements(root: Path, imp: Imported) -> None:
    top = root / "statement-sections"
    if not top.is_dir():
        _whole_statements(root, imp)
        return
    for folder in sorted(p for p in top.iterdir() if p.is_dir()):
        sections = {k: tex.to_markdown((folder / f"{k}.tex").read_text(encoding="utf-8", errors="replace"),
                                       f"statement-sections/{folder.name}/{k}.tex", imp.notes)
                    for k in SECTIONS if (folder / f"{k}.tex").is_file()}
        _put_statement(folder.name, tex.template(tex.LANGS.get(folder.name, folder.name), sections), imp)
        lang = tex.LANGS.get(folder.name, folder.name)
        for f in folder.iterdir():
            rel = f"statement-sections/{folder.name}/{f.name}"
            if f.stem in SECTIONS and f.suffix == ".tex":
                imp.took(rel, f"Markdown in the {lang} statement template")
            elif f.name.startswith("example."):
                imp.took(rel, "not needed: the statement shows the sample tests")
            elif f.name == "name.tex":
                imp.took(rel, "not needed: the titles are problem.xml's")
        known = {f"{k}.tex" for k in SECTIONS} | {"name.tex"}
        for extra in sorted(p.name for p in folder.iterdir() if p.is_file() and p.name not in known
                            and not p.name.startswith("example.")):
            imp.note(f"statement-sections/{folder.name}/{extra}: not carried over")


# Polygon's olymp.sty macros in a whole statements/<language>/problem.tex (packages without sections).
OLYMP = [(r"\\InputFile", "\n## {input}\n"), (r"\\OutputFile", "\n## {output}\n"), (r"\\Note", "\n## {notes}\n"),
         (r"\\Scoring", "\n## {scoring}\n"), (r"\\Interaction", "\n## {interaction}\n"), (r"\\Examples?", ""),
         (r"\\exmp(?:file)?\{[^{}]*\}\{[^{}]*\}%?", "")]


def _whole_statements(root: Path, imp: Imported) -> None:
    found = sorted((root / "statements").glob("*/problem.tex")) if (root / "statements").is_dir() else []
    if not found:
        imp.note("no statement-sections/ or statements/<language>/problem.tex: no statement to import")
    for path in found:
        lang = tex.LANGS.get(path.parent.name, path.parent.name)
        text = path.read_text(encoding="utf-8", errors="replace")
        m = re.search(r"\\begin\{problem\}(?:\{[^{}]*\}){5}(.*?)\\end\{problem\}", text, re.S)
        body = m.group(1) if m else text
        heads = tex.HEADINGS.get(lang, tex.HEADINGS["en"])
        for pattern, repl in OLYMP:
            body = re.sub(pattern, lambda _m, r=repl: r.format(**heads), body)
        where = f"statements/{path.parent.name}/problem.tex"
        _put_statement(path.parent.name, tex.template(lang, {"body": tex.to_markdown(body, where, imp.notes)}), imp)


def _put_statement(folder: str, text: str, imp: Imported) -> None:
    """The statement in its own language, as problem.yaml's title in that language wants it; a folder whose
    name is no language ojpack knows is kept aside."""
    lang = tex.LANGS.get(folder, folder)
    if LANGUAGE.match(lang):
        imp.files[f"statement/problem.{lang}.md.j2"] = text.encode()
    else:
        imp.files[f"statement/imported/problem.{lang}.md.j2"] = text.encode()
        imp.note(f"the {folder} statement is kept in statement/imported/ (its language has no code ojpack knows)")
