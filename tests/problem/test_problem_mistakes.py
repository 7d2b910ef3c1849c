"""problem.yaml mistakes a new user makes: each gets one line naming the key and its line, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import edit_yaml
from ojpack.errors import BuildError, ProblemConfigError
from ojpack.problem.load import load_problem
from ojpack.testdata.builder import build


def load_error(root: Path) -> str:
    with pytest.raises(ProblemConfigError) as e:
        load_problem(root)
    msg = str(e.value)
    assert "Traceback" not in msg and msg.count("\n") == 0, msg
    return msg


def line_of(root: Path, text: str) -> int:
    lines = (root / "problem.yaml").read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if text in line)


@pytest.mark.parametrize(("old", "new", "key"), [
    ('{name: r2, gen: "gen.py --max {x.max} --salt 2"}', '{name: r2, gen: ""}', "'tests.small[1].gen'"),
    ("{name: one, copy: generators/sample.in}", '{name: one, copy: ""}', "'tests.sample[0].copy'"),
])
def test_empty_gen_or_copy(toy: Path, old: str, new: str, key: str) -> None:
    edit_yaml(toy / "problem.yaml", old, new)
    msg = load_error(toy)
    assert f"line {line_of(toy, new)}:" in msg and key in msg and "at least 1 character" in msg


def test_a_key_given_twice(toy: Path) -> None:
    edit_yaml(toy / "problem.yaml", "bounds:\n", "limits: {time: 2.0, memory: 64}\nbounds:\n")
    msg = load_error(toy)
    first, second = line_of(toy, "limits: {time: 1.0"), line_of(toy, "limits: {time: 2.0")
    assert f"line {second}: key 'limits' is given twice (first on line {first})" in msg


def test_a_nested_key_given_twice(toy: Path) -> None:
    edit_yaml(toy / "problem.yaml", "  x: {min: 1, max: 100}", "  x: {min: 1, max: 100, max: 5}")
    assert "key 'bounds.x.max' is given twice" in load_error(toy)


def test_a_key_given_twice_inside_a_list_is_named_as_other_errors_name_it(toy: Path) -> None:
    edit_yaml(toy / "problem.yaml", "- {name: r2, gen:", "- {name: r2, name: r3, gen:")
    assert f"line {line_of(toy, 'name: r3')}: key 'tests.small[1].name' is given twice" in load_error(toy)


def test_memory_true_is_not_one_mebibyte(toy: Path) -> None:
    edit_yaml(toy / "problem.yaml", "memory: 256", "memory: true")
    msg = load_error(toy)
    assert f"line {line_of(toy, 'memory: true')}:" in msg
    assert "'limits.memory': should be an integer (got True)" in msg


def test_placeholder_that_is_not_a_bound(toy: Path) -> None:
    edit_yaml(toy / "problem.yaml", "--max {x.max} --top", "--max {x.mid} --top")
    msg = load_error(toy)
    assert f"line {line_of(toy, '{x.mid}')}: 'tests.big[1].gen': placeholder {{x.mid}} is not a bound" in msg


@pytest.mark.parametrize("path", ["../outside.in", "/etc/hostname"])
def test_copy_outside_the_package(toy: Path, path: str) -> None:
    (toy.parent / "outside.in").write_text("1 2\n")
    edit_yaml(toy / "problem.yaml", "copy: generators/sample.in", f"copy: {path}")
    msg = load_error(toy)
    assert "'tests.sample[0].copy'" in msg and "is outside the package folder" in msg
    assert f"line {line_of(toy, path)}" in msg


def test_sample_that_breaks_a_bound_names_it(toy: Path) -> None:
    # The sample is "1 2": a global bound x <= 1 is broken by it; the error must say which bound and where.
    edit_yaml(toy / "problem.yaml", "  x: {min: 1, max: 100}", "  x: {min: 1, max: 1}")
    edit_yaml(toy / "problem.yaml", "{x: {max: 10}}", "{x: {max: 1}}")
    with pytest.raises(BuildError) as e:
        build(load_problem(toy))
    line = line_of(toy, "  x: {min: 1, max: 1}")
    assert f"sample/01-one: the input made by `copy generators/sample.in` is invalid: it breaks bound x in [1, 1] " \
           f"(problem.yaml line {line}: 'bounds.x')" in str(e.value)
