"""A generator may write its input as testcase.in in its working folder instead of printing it (BAPCtools'
convention, which imported `{name}` commands use); that folder is capped and only a regular file is read."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import edit_yaml
from ojpack.errors import BuildError
from ojpack.problem.load import load_problem
from ojpack.testdata.builder import build

WRITER = """import os
import sys
from pathlib import Path

how = sys.argv[1]
if how == "file":
    Path("testcase.in").write_text("7 9\\n")
elif how == "link":
    os.symlink("/etc/passwd", "testcase.in")
"""


def with_writer(toy: Path, how: str) -> None:
    (toy / "generators" / "writer.py").write_text(WRITER)
    edit_yaml(toy / "problem.yaml", 'gen: "gen.py --max {x.max} --salt 2"', f'gen: "writer.py {how}"')


def test_an_input_written_as_testcase_in_is_the_test(toy: Path) -> None:
    with_writer(toy, "file")
    build(load_problem(toy))
    assert next((toy / "data" / "secret" / "small").glob("*-r2.in")).read_text() == "7 9\n"


@pytest.mark.parametrize(("how", "said"), [("link", "testcase.in is not a regular file"),
                                           ("nothing", "printed nothing \\(and wrote no testcase.in\\)")])
def test_a_link_or_nothing_written_is_refused_in_one_line(toy: Path, how: str, said: str) -> None:
    with_writer(toy, how)
    with pytest.raises(BuildError, match=said) as e:
        build(load_problem(toy))
    assert "small/02-r2" in str(e.value) and "root:" not in str(e.value) and "\\n" not in str(e.value)
