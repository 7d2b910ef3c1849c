"""Statement -> one self-contained HTML page: inline styles, MathML math, copyable samples, no network."""

from __future__ import annotations

import html
import re
from string import Template

from latex2mathml.converter import convert as latex_to_mathml
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from .md import parser
from .model import Statement, StatementError

# The only words the page adds itself; a language not listed here gets the English ones.
UI = {"en": ("Copy", "Copied"), "zh": ("复制", "已复制")}

# The CSP forbids every load from outside the page, so a statement can never depend on the network.
PAGE = Template("""<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>$title</title>
<style>
body { margin: 0; background: #f6f7f9; color: #1f2328; line-height: 1.65;
  font-family: "Noto Sans CJK SC", "Noto Sans", "WenQuanYi Zen Hei", "Helvetica Neue", Arial, sans-serif; }
main { max-width: 52rem; margin: 2rem auto; padding: 1.5rem 2.5rem; background: #fff;
  border: 1px solid #d8dde3; border-radius: 8px; }
h1 { text-align: center; font-size: 1.9rem; margin: .5rem 0 1.5rem; }
h2 { font-size: 1.3rem; border-bottom: 2px solid #e5e9ef; padding-bottom: .2rem; margin-top: 2rem; }
h3 { font-size: 1.05rem; margin: 1.2rem 0 .4rem; }
code { font-family: "DejaVu Sans Mono", "Noto Sans Mono CJK SC", monospace; background: #eef1f4;
  padding: .05rem .3rem; border-radius: 4px; }
math { font-size: 1.08em; }
math[display="block"] { margin: .8rem 0; }
table { border-collapse: collapse; margin: .8rem 0; }
th, td { border: 1px solid #c9d1da; padding: .35rem .9rem; }
th { background: #eef1f4; }
.sample { position: relative; }
.sample pre { background: #f3f5f7; border: 1px solid #d8dde3; border-radius: 6px; padding: .7rem 1rem;
  margin: .3rem 0 1rem; overflow-x: auto; }
.sample pre code { background: none; padding: 0; }
.sample button { position: absolute; top: .4rem; right: .4rem; font-size: .8rem; cursor: pointer;
  border: 1px solid #c9d1da; border-radius: 4px; background: #fff; padding: .1rem .6rem; }
@page { size: A4; margin: 16mm 15mm; }
@media print {
  body { background: #fff; }
  main { border: none; margin: 0 auto; padding: 0; }
  .sample button { display: none; }
  h2, h3 { break-after: avoid; }
  .sample pre, table { break-inside: avoid; }
}
</style>
</head>
<body>
<main>
<h1>$title</h1>
$body</main>
<script>
for (const button of document.querySelectorAll(".sample button")) {
  button.addEventListener("click", async () => {
    const text = button.nextElementSibling.textContent;
    try {
      await navigator.clipboard.writeText(text);
    } catch (e) {
      // No clipboard (file:// in some browsers): select the block so Ctrl+C copies it.
      const range = document.createRange();
      range.selectNodeContents(button.nextElementSibling);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
    }
    button.textContent = button.dataset.done;
    setTimeout(() => { button.textContent = button.dataset.label; }, 1500);
  });
}
</script>
</body>
</html>
""")


# latex2mathml passes a command it does not know through as text (<mi>\\foo</mi>): treat that as an error.
_UNKNOWN_COMMAND = re.compile(r">(\\[A-Za-z]+)<")


def _mathml(latex: str, display: str, where: str) -> str:
    try:
        mathml = latex_to_mathml(latex, display=display)
    except Exception as e:  # latex2mathml raises many unrelated types for bad input
        raise StatementError(f"{where}: cannot convert the formula ${latex}$ to MathML: "
                             f"{type(e).__name__} {e}".rstrip()) from None
    if unknown := _UNKNOWN_COMMAND.search(mathml):
        raise StatementError(f"{where}: the formula ${latex}$ uses {unknown.group(1)}, which MathML conversion does not know")
    return mathml


class _Renderer(RendererHTML):
    """markdown-it's HTML renderer plus math and sample blocks; env: 'ui' = button words, 'where' = for errors."""

    def math_inline(self, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        return _mathml(tokens[idx].content, "inline", env["where"])

    def math_inline_double(self, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        return _mathml(tokens[idx].content, "block", env["where"])

    def math_block(self, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        return _mathml(tokens[idx].content.strip(), "block", env["where"]) + "\n"

    def fence(self, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        label, done = env["ui"]
        text = html.escape(tokens[idx].content.rstrip("\n"))
        return (f'<div class="sample"><button type="button" data-label="{label}" data-done="{done}">{label}</button>'
                f"<pre><code>{text}\n</code></pre></div>\n")

    code_block = fence
    math_block_label = math_block


def render_body(markdown: str, lang: str, where: str) -> str:
    md = parser()
    md.renderer = _Renderer(md)
    return md.render(markdown, {"ui": UI.get(lang, UI["en"]), "where": where})


def render_html(statement: Statement) -> str:
    body = render_body(statement.markdown, statement.lang, statement.where)
    return PAGE.substitute(lang=statement.lang, title=html.escape(statement.title), body=body)
