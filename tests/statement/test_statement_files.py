"""A problem whose solutions read and write named files (problem.yaml's io): its statement says which, in
its language, whatever the template says; a template that names them itself gets no second line."""

from __future__ import annotations

from pathlib import Path

from conftest import edit_yaml
from ojpack.problem.load import load_problem
from ojpack.statement.model import render_statement


def with_io(root: Path, io: str) -> None:
    edit_yaml(root / "problem.yaml", "limits:\n", f"io: {io}\nlimits:\n")


def test_the_files_open_the_statement_in_its_language(package_copy: Path) -> None:
    with_io(package_copy, "{input: game.in, output: game.out}")
    problem = load_problem(package_copy)
    en = render_statement(problem, "en", []).markdown
    zh = render_statement(problem, "zh", []).markdown
    assert en.startswith("Input file: `game.in`. Output file: `game.out`.\n\n")
    assert zh.startswith("输入文件：`game.in`。输出文件：`game.out`。\n\n")


def test_one_file_and_one_stream(package_copy: Path) -> None:
    with_io(package_copy, "{output: game.out}")
    en = render_statement(load_problem(package_copy), "en", []).markdown
    assert en.startswith("Input: standard input. Output file: `game.out`.\n\n")


def test_standard_streams_add_nothing(package_copy: Path) -> None:
    en = render_statement(load_problem(package_copy), "en", []).markdown
    assert "Input file" not in en and "standard input." not in en.splitlines()[0]


def test_a_template_that_names_the_files_is_left_as_it_is(package_copy: Path) -> None:
    with_io(package_copy, "{input: game.in, output: game.out}")
    template = package_copy / "statement" / "problem.en.md.j2"
    template.write_text("Read `{{ io.input }}`, write `{{ io.output }}`.\n\n" + template.read_text())
    en = render_statement(load_problem(package_copy), "en", []).markdown
    assert en.startswith("Read `game.in`, write `game.out`.") and "Input file:" not in en
