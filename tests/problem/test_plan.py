"""Expanding the test plan: bound placeholders, paths, order, errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import edit_yaml
from ojpack.errors import ProblemConfigError
from ojpack.problem.plan import make_plan
from ojpack.problem.load import load_problem


def test_placeholders_take_the_subtask_bounds(toy: Path) -> None:
    plan = make_plan(load_problem(toy))
    by_id = {t.id: t for t in plan}
    assert by_id["small/01-r1"].gen == ("gen.py", "--max", "10", "--salt", "1")
    assert by_id["big/01-r1"].gen == ("gen.py", "--max", "100", "--salt", "1")
    assert by_id["sample/01-one"].copy == "generators/sample.in"
    assert [t.id for t in plan] == ["sample/01-one", "small/01-r1", "small/02-r2", "big/01-r1", "big/02-top"]
    assert by_id["big/02-top"].rel == "secret/big/02-top"


def test_unknown_placeholder(toy: Path) -> None:
    edit_yaml(toy / "problem.yaml", "--max {x.max} --top", "--max {y.max} --top")
    with pytest.raises(ProblemConfigError, match=r"line 26: 'tests.big\[1\].gen': placeholder \{y.max\} is not a bound"):
        make_plan(load_problem(toy))


def test_missing_generator(toy: Path) -> None:
    edit_yaml(toy / "problem.yaml", "gen.py --max {x.max} --top", "nogen.py --max {x.max} --top")
    with pytest.raises(ProblemConfigError, match="generators/nogen.py does not exist"):
        make_plan(load_problem(toy))


def test_unbalanced_quote(toy: Path) -> None:
    edit_yaml(toy / "problem.yaml", "--max {x.max} --top", "--max {x.max} '--top")
    with pytest.raises(ProblemConfigError, match="cannot split command"):
        make_plan(load_problem(toy))
