"""Templates + problem.yaml -> Markdown source: numbers follow problem.yaml, mistakes name template and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import edit_yaml
from ojpack.problem.load import load_problem
from ojpack.testdata.data import BuiltTest
from ojpack.statement.model import Sample, built_samples, StatementError, languages, render_statement, samples_from_files, tex_number

SAMPLES = [Sample(1, "first", "2\n3\n3 5 1\n1\n1", "John\nBrother"), Sample(2, "second", "1\n2\n1 1", "John")]


def test_languages_are_the_templates_present(package_copy: Path) -> None:
    assert languages(load_problem(package_copy)) == ["en", "zh"]


def test_numbers_come_from_problem_yaml(package_copy: Path) -> None:
    before = {lang: render_statement(load_problem(package_copy), lang, SAMPLES).markdown for lang in ("en", "zh")}
    assert r"$1 \le a_i \le 5000$" in before["en"] and r"$1 \le a_i \le 5000$" in before["zh"]
    yaml = package_copy / "problem.yaml"
    edit_yaml(yaml, "a: {min: 1, max: 5000", "a: {min: 1, max: 3000")
    edit_yaml(yaml, "bounds: {n: {max: 6}, a: {max: 12}}", "bounds: {n: {max: 5}, a: {max: 9}}")
    edit_yaml(yaml, "score: 20", "score: 15")
    edit_yaml(yaml, "score: 30", "score: 35")
    edit_yaml(yaml, "time: 1.0", "time: 2.5")
    edit_yaml(yaml, "memory: 128", "memory: 256")
    problem = load_problem(package_copy)
    for lang in ("en", "zh"):
        text = render_statement(problem, lang, SAMPLES).markdown
        assert text != before[lang]
        assert r"$1 \le a_i \le 3000$" in text and "5000" not in text
        assert r"| 1 | 15 | $a_i = 1$ |" in text and r"| 2 | 35 | $1 \le n \le 5$" in text
        assert r"$1 \le a_i \le 9$ |" in text and "| 3 | 50 |" in text and "12" not in text
        assert "2.5" in text and "256 MiB" in text and "128" not in text


def test_the_pile_lower_bound_is_stated(package_copy: Path) -> None:
    problem = load_problem(package_copy)
    assert "**every pile has at least 1 stone**" in render_statement(problem, "en", []).markdown
    assert "**每堆石子至少有 1 颗**" in render_statement(problem, "zh", []).markdown
    edit_yaml(package_copy / "problem.yaml", "a: {min: 1,", "a: {min: 2,")
    edit_yaml(package_copy / "problem.yaml", "bounds: {a: {max: 1}}", "bounds: {a: {max: 2}}")
    problem = load_problem(package_copy)
    assert "**every pile has at least 2 stones**" in render_statement(problem, "en", []).markdown
    assert "**每堆石子至少有 2 颗**" in render_statement(problem, "zh", []).markdown


def test_subtask_table_and_scoring_rule(package_copy: Path) -> None:
    problem = load_problem(package_copy)
    en, zh = (render_statement(problem, lang, []).markdown for lang in ("en", "zh"))
    assert "| 1 | 20 | $a_i = 1$ |" in en and "| 3 | 50 | none |" in en and "| 3 | 50 | 无 |" in zh
    assert r"| 2 | 30 | $1 \le n \le 6$; $1 \le a_i \le 12$ |" in en
    assert "only when every test in it is answered correctly" in en and "score no points" in en
    assert "所有测试点全部正确" in zh and "不计分" in zh


def test_case_sensitivity_note_follows_the_checker(package_copy: Path) -> None:
    assert "case-sensitive" in render_statement(load_problem(package_copy), "en", []).markdown
    assert "区分大小写" in render_statement(load_problem(package_copy), "zh", []).markdown
    edit_yaml(package_copy / "problem.yaml", "case_sensitive: true", "case_sensitive: false")
    problem = load_problem(package_copy)
    assert "case-sensitive" not in render_statement(problem, "en", []).markdown
    assert "区分大小写" not in render_statement(problem, "zh", []).markdown


def test_samples_in_order_and_absent_when_not_given(package_copy: Path) -> None:
    problem = load_problem(package_copy)
    text = render_statement(problem, "en", SAMPLES).markdown
    blocks = [text.index(f"```text\n{body}\n```") for s in SAMPLES for body in (s.input, s.answer)]
    assert blocks == sorted(blocks)
    assert "### Input #2" in text and "### Output #2" in text
    bare = render_statement(problem, "en", []).markdown
    assert "## Samples" not in bare and "```" not in bare
    assert "## 输入输出样例" not in render_statement(problem, "zh", []).markdown


def test_samples_from_files_strip_the_final_newline(tmp_path: Path) -> None:
    (tmp_path / "a.in").write_text("1\n2 3\n")
    (tmp_path / "a.ans").write_text("5\n")
    assert samples_from_files([("a", tmp_path / "a.in", tmp_path / "a.ans")]) == [Sample(1, "a", "1\n2 3", "5")]
    with pytest.raises(StatementError, match="cannot read sample file .*missing.in"):
        samples_from_files([("b", tmp_path / "missing.in", tmp_path / "a.ans")])


def test_built_samples_keeps_only_the_sample_group(tmp_path: Path) -> None:
    for stem, text in (("s1", "1"), ("s2", "2"), ("x", "9")):
        (tmp_path / f"{stem}.in").write_text(text + "\n")
        (tmp_path / f"{stem}.ans").write_text(text * 2 + "\n")
    tests = [BuiltTest(g, i, n, f"{g}/{i:02d}-{n}", tmp_path / f"{n}.in", tmp_path / f"{n}.ans")
             for g, i, n in (("sample", 1, "s2"), ("sub", 1, "x"), ("sample", 2, "s1"))]
    assert built_samples(tests) == [Sample(1, "s2", "2", "22"), Sample(2, "s1", "1", "11")]


def test_missing_key_names_template_line_and_key(package_copy: Path) -> None:
    template = package_copy / "statement" / "problem.en.md.j2"
    template.write_text("## Input\n\nFine: ${{ bounds.T.max }}$.\n\nBroken: {{ bounds.q.max }}\n", encoding="utf-8")
    with pytest.raises(StatementError) as e:
        render_statement(load_problem(package_copy), "en", [])
    message = str(e.value)
    assert "statement/problem.en.md.j2" in message and "line 5" in message and "'q'" in message
    template.write_text("{{ bound.T.max }}\n", encoding="utf-8")
    with pytest.raises(StatementError, match=r"problem\.en\.md\.j2: line 1: undefined value: 'bound' is undefined"):
        render_statement(load_problem(package_copy), "en", [])


def test_mistake_inside_a_macro_names_the_macro_file(package_copy: Path) -> None:
    macros = package_copy / "statement" / "_macros.j2"
    macros.write_text(macros.read_text().replace("{{ s.answer }}", "{{ s.output }}"))
    with pytest.raises(StatementError, match=r"^statement/_macros\.j2: line \d+: undefined value: .*'output'"):
        render_statement(load_problem(package_copy), "en", SAMPLES)
    assert "## Samples" not in render_statement(load_problem(package_copy), "en", []).markdown  # not reached


def test_syntax_error_names_template_and_line(package_copy: Path) -> None:
    (package_copy / "statement" / "problem.zh.md.j2").write_text("ok\n\n{% for s in samples %}\nno end\n")
    with pytest.raises(StatementError, match=r"statement/problem\.zh\.md\.j2: line \d+: template syntax error"):
        render_statement(load_problem(package_copy), "zh", [])


def test_unknown_language(package_copy: Path) -> None:
    with pytest.raises(StatementError, match=r"no statement template .*problem\.fr\.md\.j2 .*en, zh"):
        render_statement(load_problem(package_copy), "fr", [])


def test_no_templates_at_all(toy: Path) -> None:
    with pytest.raises(StatementError, match="no statement templates"):
        languages(load_problem(toy))


def test_generic_toolkit_renders_any_problem(toy: Path) -> None:
    """The toy (add two numbers) has no story in common with the package: only its template matters."""
    (toy / "statement").mkdir()
    (toy / "statement" / "problem.en.md.j2").write_text(
        "## Task\n\nAdd. {% for s in subtasks %}[{{ s.score }}: "
        "{% for k, b in s.tightened.items() %}${{ k }} \\le {{ b.max | num }}${% endfor %}]{% endfor %}\n")
    st = render_statement(load_problem(toy), "en", [])
    assert st.title == "Addition" and st.markdown == "## Task\n\nAdd. [30: $x \\le 10$][70: ]\n"


@pytest.mark.parametrize(("value", "tex"), [
    (7, "7"), (5000, "5000"), (12000, "12000"), (10000, "10^{4}"), (200000, "2 \\times 10^{5}"),
    (-1000000, "-10^{6}"), (10001, "10001"),
])
def test_tex_number(value: int, tex: str) -> None:
    assert tex_number(value) == tex
