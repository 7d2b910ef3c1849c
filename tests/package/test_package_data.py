"""The real package's data: reproducible from a clean copy, matching the committed lock, fully covered."""

from __future__ import annotations

from functools import reduce
from operator import xor
from pathlib import Path

import pytest

from conftest import copy_package
from ojpack.testdata.builder import build
from ojpack.testdata.data import BuiltTest
from ojpack.problem.load import load_problem
from ojpack.testdata.stats import collect


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[BuiltTest]]:
    root = copy_package(tmp_path_factory.mktemp("pkg"))
    result = build(load_problem(root))  # cold: no cache in the copy
    # The committed lock is the CI drift check: a cold rebuild must give exactly the locked bytes.
    assert result.lock_status == "unchanged", "regenerated data drifted from data.sha256"
    return root, result.tests


def test_every_bound_and_class_is_hit(built: tuple[Path, list[BuiltTest]]) -> None:
    root, tests = built
    s = collect(load_problem(root), tests)
    assert s.features_missing == [] and s.classes_missing == [] and s.gaps == []
    assert {"T=min", "T=max", "T>255", "n=min", "n=max", "a=min", "a=max"} <= set(s.features_hit)
    assert set(s.classes_hit) == {"S0", "T0", "S1", "S2", "T2"}


def test_no_constant_answer_passes_a_subtask(built: tuple[Path, list[BuiltTest]]) -> None:
    root, tests = built
    for group in load_problem(root).groups:
        answers = [t.answer.read_text().split() for t in tests if t.group == group]
        for word in ("John", "Brother"):
            assert any(a != [word] * len(a) for a in answers), f"printing {word} always passes {group}"


def games_of(text: str) -> tuple[int, list[list[int]]]:
    tokens = list(map(int, text.split()))
    games, pos, out = tokens[0], 1, []
    for _ in range(games):
        n = tokens[pos]
        out.append(tokens[pos + 1: pos + 1 + n])
        pos += 1 + n
    return games, out


def test_subtask_bounds_hold_and_are_reached(built: tuple[Path, list[BuiltTest]]) -> None:
    """Read independently of the validator: each subtask's files stay inside its bounds and reach them."""
    root, tests = built
    problem = load_problem(root)
    for group in problem.groups:
        b = problem.bounds_for(group)
        files = [games_of(t.input.read_text()) for t in tests if t.group == group]
        counts = [games for games, _ in files]
        sizes = [len(g) for _, gs in files for g in gs]
        piles = [p for _, gs in files for g in gs for p in g]
        assert (min(counts), max(counts)) == b["T"], group
        assert (min(sizes), max(sizes)) == b["n"], group
        assert (min(piles), max(piles)) == b["a"], group
        assert any(c > 255 for c in counts), f"{group}: no file overflows an 8-bit game counter"
    assert problem.bounds_for("subtask1")["a"] == (1, 1)                     # the all-ones subtask
    assert problem.bounds_for("subtask2")["n"][1] <= 6 and problem.bounds_for("subtask2")["a"][1] <= 12


def test_every_class_that_can_occur_occurs_in_each_subtask(built: tuple[Path, list[BuiltTest]]) -> None:
    root, tests = built
    s = collect(load_problem(root), tests)
    assert {k for k, v in s.subtasks["subtask1"]["classes"].items() if v} == {"S0", "T0"}
    for group in ("subtask2", "subtask3"):
        assert {k for k, v in s.subtasks[group]["classes"].items() if v} == {"S0", "T0", "S1", "S2", "T2"}
    for group, facts in s.subtasks.items():
        assert set(facts["answers"]) == {"John", "Brother"}, group
        assert {"T=min", "T=max", "n=min", "n=max", "a=min", "a=max"} <= set(facts["features"]), group


def test_answers_follow_the_anti_nim_rule(built: tuple[Path, list[BuiltTest]]) -> None:
    """An independent reading of every file against the rule in problem.md."""
    _, tests = built
    for t in tests:
        tokens = list(map(int, t.input.read_text().split()))
        games, pos, want = tokens[0], 1, []
        for _ in range(games):
            n = tokens[pos]
            piles = tokens[pos + 1: pos + 1 + n]
            pos += 1 + n
            all_ones = all(p == 1 for p in piles)
            win = (n % 2 == 0) if all_ones else reduce(xor, piles) != 0
            want.append("John" if win else "Brother")
        assert t.answer.read_text().split() == want, t.id


def test_no_two_tests_share_an_input(built: tuple[Path, list[BuiltTest]]) -> None:
    """Judges' tools (BAPCtools) refuse duplicate test cases, and a duplicate tests nothing new."""
    _, tests = built
    seen: dict[bytes, str] = {}
    for t in tests:
        data = t.input.read_bytes()
        assert data not in seen, f"{t.id} repeats {seen[data]}"
        seen[data] = t.id
