"""File input/output (problem.yaml's io) in every mode of the sandbox: as root and as a plain user (the
rootless cage, whose capped working folder the exec helper makes in a user namespace of its own). A run with
files always takes a one-shot cage (its folder is a detached mount); the build's other runs stay pooled."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import edit_yaml
from ojpack.judging.verdicts import Verdict

from cage_identities import Identity
from test_isolation import TESTS, identity, judged, pytestmark  # noqa: F401  (the fixture, the skip mark)

FILE_SUM = "a, b = map(int, open('sum.in').read().split())\nopen('sum.out', 'w').write(f'{a + b}\\n')\n"
LINKED = ("import os\na, b = map(int, open('sum.in').read().split())\nopen('mine.txt', 'w').write(f'{a + b}\\n')\n"
          "os.symlink('mine.txt', 'sum.out')\n")


@pytest.fixture(scope="module")
def files_toy(identity: Identity, tmp_path_factory) -> Path:
    base = identity.folder(tmp_path_factory.mktemp("fileio"))
    root = shutil.copytree(TESTS / "toy", base / "toy")
    edit_yaml(root / "problem.yaml", "limits: {time: 1.0, memory: 256, output: 1}",
              "limits: {time: 1.0, memory: 256, output: 1}\nio: {input: sum.in, output: sum.out}")
    (root / "solutions" / "accepted" / "sum.py").write_text(FILE_SUM)
    (root / "linked.py").write_text(LINKED)
    identity.own(base)
    identity.build(base, root)
    yield root
    if identity.driver is not None:
        shutil.rmtree(base, ignore_errors=True)


def test_a_file_solution_is_right_and_a_linked_answer_wrong(files_toy: Path, identity: Identity) -> None:
    verdict, cells = judged(identity, files_toy, files_toy / "solutions" / "accepted" / "sum.py")
    assert verdict is Verdict.AC and len(cells) == 5, cells
    verdict, cells = judged(identity, files_toy, files_toy / "linked.py")
    assert verdict is Verdict.WA and all(m == "its output file sum.out is not a regular file" for _, m in cells)
