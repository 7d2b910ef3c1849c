"""problem.yaml with YAML aliases: a billion-laughs file is refused with one line, before anything walks it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ojpack.errors import OjpackError
from ojpack.problem import load_problem, load_yaml


def laughs(levels: int = 9) -> str:
    """A ~1 KB document whose fully expanded value has 9**levels strings."""
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    prev = "a"
    for i in range(1, levels):
        name = f"l{i}"
        lines.append(f"{name}: &{name} [{', '.join(['*' + prev] * 9)}]")
        prev = name
    return "\n".join(lines) + "\n"


def test_a_billion_laughs_problem_yaml_is_refused(tmp_path: Path) -> None:
    (tmp_path / "problem.yaml").write_text("short_name: x\n" + laughs())
    with pytest.raises(OjpackError, match=r"problem.yaml: line [2-4]: YAML aliases \(\*name\) are refused"):
        load_problem(tmp_path)


def test_load_yaml_refuses_aliases_and_reads_the_rest() -> None:
    with pytest.raises(ValueError, match="aliases"):
        load_yaml(laughs())
    assert load_yaml("a: [1, 2]\nb: {c: x}\n") == {"a": [1, 2], "b": {"c": "x"}}
    assert load_yaml("") is None
