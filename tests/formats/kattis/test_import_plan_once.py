"""An ICPC / BAPCtools import reads generators/generators.yaml once: its root `test_group.yaml:` settings and
its plan come from one parse; one that cannot be parsed is named once and the package's data still comes in."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ojpack.formats.importing import read

from package_files import write_tree

FIXTURES = Path(__file__).parents[1] / "fixtures" / "kattis"


def test_generators_yaml_is_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = shutil.copytree(FIXTURES / "bapc-constants-gen", tmp_path / "src")   # no data/: the plan is all
    reads: list[Path] = []
    real = Path.read_text

    def counted(self: Path, *args: object, **kwargs: object) -> str:
        if self.name == "generators.yaml":
            reads.append(self)
        return real(self, *args, **kwargs)   # type: ignore[arg-type]

    monkeypatch.setattr(Path, "read_text", counted)
    imp = read(source)
    assert any(t.gen for t in imp.tests)   # the plan was used
    assert reads == [source / "generators" / "generators.yaml"]


def test_an_unreadable_generators_yaml_is_named_once_and_the_data_comes_in(tmp_path: Path) -> None:
    source = write_tree(tmp_path / "src", {
        "problem.yaml": "problem_format_version: 2025-09\nname: Echo\nlimits:\n  time_limit: 2\n",
        "data/sample/1.in": "a\n", "data/sample/1.ans": "a\n",
        "data/secret/2.in": "b\n", "data/secret/2.ans": "b\n",
        "generators/generators.yaml": "data: [unclosed\n",
        "submissions/accepted/echo.py": "print(input())\n",
    })
    imp = read(source)
    assert [(t.group, t.name) for t in imp.tests] == [("sample", "1"), ("secret", "2")]
    assert [n for n in imp.notes if "generators.yaml" in n] == [
        next(n for n in imp.notes if n.startswith("generators/generators.yaml: cannot read ("))]
