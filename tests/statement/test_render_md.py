"""Statement -> Markdown for Luogu/Hydro, and the shared parser's dialect."""

from __future__ import annotations

from pathlib import Path

from ojpack.problem.load import load_problem
from ojpack.statement.md import parser, render_md
from ojpack.statement.model import Sample, render_statement


def test_markdown_keeps_math_and_has_title_and_samples(package_copy: Path) -> None:
    sample = Sample(1, "s", "2\n3\n3 5 1\n1\n1", "John\nBrother")
    text = render_md(render_statement(load_problem(package_copy), "zh", [sample]))
    assert text.startswith("# 小约翰的游戏\n\n## 题目描述\n")
    assert r"$1 \le T \le 500$" in text and r"$1 \le n \le 50$" in text
    assert "### 输入 #1\n\n```text\n2\n3\n3 5 1\n1\n1\n```" in text
    assert "### 输出 #1\n\n```text\nJohn\nBrother\n```" in text
    assert "{{" not in text and "{%" not in text


def test_parser_dialect() -> None:
    tokens = parser().parse("costs $5 and $6; $x_1$ is math\n\n| a | b |\n|---|---|\n| $T$ | 1 |\n\n$$\nx^2\n$$\n")
    types = [t.type for t in tokens]
    inline = [c.type for c in tokens[1].children or []]
    assert inline.count("math_inline") == 1 and "table_open" in types and "math_block" in types
    assert parser().render("<b>raw</b>") == "<p>&lt;b&gt;raw&lt;/b&gt;</p>\n"  # no raw HTML from templates


def test_a_sum_subtask_shows_its_points_per_test(package_copy: Path) -> None:
    from conftest import edit_yaml

    yaml_file = package_copy / "problem.yaml"
    before = {lang: render_md(render_statement(load_problem(package_copy), lang, [])) for lang in ("en", "zh")}
    assert "points per test" not in before["en"] and "按测试点计分" not in before["zh"]
    edit_yaml(yaml_file, "  - group: subtask1\n    score: 20\n", "  - group: subtask1\n    score: 20\n    aggregation: sum\n")
    n = len(load_problem(package_copy).spec.tests["subtask1"])
    split = [20 // n + (1 if i < 20 % n else 0) for i in range(n)]
    en = render_md(render_statement(load_problem(package_copy), "en", []))
    zh = render_md(render_statement(load_problem(package_copy), "zh", []))
    assert f"| 1 | 20 ({' + '.join(map(str, split))}) |" in en and f"| 1 | 20 ({' + '.join(map(str, split))}) |" in zh
    assert "points per test (in parentheses)" in en and "按测试点计分" in zh
    assert "only when every test in it is answered correctly" in en   # the other subtasks are still all or nothing
