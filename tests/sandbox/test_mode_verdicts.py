"""The same verdicts in every mode of the sandbox: as root (cgroup v1 here) and as a plain user (the rootless
cage, limits by rlimits alone). A hostile checker flooding its feedback folder, and the packages' own
solutions that run into the memory, time and output limits, are judged by both and must agree."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from ojpack.judging.verdicts import Verdict

from cage_identities import Identity
from test_isolation import TESTS, identity, judged, pytestmark  # noqa: F401  (a fixture, the skip mark)

HOSTILE = TESTS / "judging" / "hostile"


@pytest.fixture(scope="module")
def flooded_toy(identity: Identity, tmp_path_factory) -> Path:
    """The toy problem judged by a checker that writes 100 files of 10 MiB into its feedback folder."""
    base = identity.folder(tmp_path_factory.mktemp("flood"))
    root = base / "toy"
    shutil.copytree(TESTS / "toy", root, ignore=shutil.ignore_patterns("data", ".ojpack", "data.sha256", "build"))
    (root / "checkers").mkdir()
    shutil.copy(HOSTILE / "feedback_flood_checker.cpp", root / "checkers")
    with (root / "problem.yaml").open("a") as f:
        f.write("checker: {type: program, source: checkers/feedback_flood_checker.cpp, convention: kattis}\n")
    identity.own(base)
    yield root
    if identity.driver is not None:
        shutil.rmtree(base, ignore_errors=True)


def test_a_checker_flooding_its_feedback_folder_is_je_in_every_mode(flooded_toy: Path, identity: Identity) -> None:
    verdict, cells = judged(identity, flooded_toy, flooded_toy / "solutions" / "accepted" / "sum.py")
    assert verdict is Verdict.JE and {v for v, _ in cells} == {Verdict.JE}, cells
    assert all("filled its feedback folder (the cap is 16 MiB in 63 files)" in m for _, m in cells), cells
