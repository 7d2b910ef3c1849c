"""The input grammar (random inputs, parse, render) and the shrinker, without running any program."""

from __future__ import annotations

import random
from functools import reduce
from operator import xor
from pathlib import Path

import pytest

from conftest import REPO
from ojpack.problem import load_problem
from ojpack.strength import GrammarError, load_grammar
from ojpack.strength.grammar import CAPS, Block
from ojpack.strength.shrink import Shrinker
from ojpack.testdata import load_validator, validate_bytes
from ojpack.cache import Cache


@pytest.fixture(scope="module")
def problem():   # noqa: ANN201
    return load_problem(REPO)


def test_random_inputs_are_valid_and_grow(problem, tmp_path: Path) -> None:   # noqa: ANN001
    grammar = load_grammar(problem)
    validator = load_validator(problem, Cache(tmp_path))
    bounds = problem.bounds_for("sample")
    sizes = []
    for k in range(14):   # one full round of magnitudes, smallest first
        data, units = grammar.sample(random.Random(k), k)
        verdict = validate_bytes(validator, data, bounds)
        assert verdict.valid, (k, verdict.message)
        tree = grammar.parse(data)
        assert grammar.render(tree) == data and grammar.units(tree) == units == int(data.split()[0])
        piles = sorted(a for (g,) in tree[0] for a in g)
        sizes.append(piles[len(piles) // 2])
        extremes = piles[-1] == bounds["a"][1]
    # the typical pile grows from one stone to thousands over a round; the bound itself shows up too
    assert sizes[0] == 1 and sizes[-1] > 1000 and extremes
    assert all(size <= CAPS[k] + 1 for k, size in enumerate(sizes))


def test_parse_refuses_what_the_grammar_cannot_read(problem) -> None:   # noqa: ANN001
    grammar = load_grammar(problem)
    assert grammar.parse(b"2\n1\n5\n2\n1 1\n") == [[[[5]], [[1, 1]]]]   # counts are list lengths
    for bad in (b"2\n1\n5\n", b"1\n1\n5 6\n", b"1\nx\n"):
        with pytest.raises(GrammarError):
            grammar.parse(bad)


def neighbours(tree: Block, lo_n: int, lo_a: int) -> list[Block]:
    """Every one-step smaller input inside the bounds: a game or a pile removed, a pile lowered by one."""
    games = tree[0]
    out: list[Block] = []
    for i, (piles,) in enumerate(games):
        if len(games) > 1:
            out.append([games[:i] + games[i + 1:]])
        for j, a in enumerate(piles):
            if len(piles) > lo_n:
                out.append([games[:i] + [[piles[:j] + piles[j + 1:]]] + games[i + 1:]])
            if a > lo_a:
                out.append([games[:i] + [[piles[:j] + [a - 1] + piles[j + 1:]]] + games[i + 1:]])
    return out


def test_shrinking_reaches_a_1_minimal_input_with_counts_following(problem) -> None:   # noqa: ANN001
    grammar = load_grammar(problem)

    # A made-up difference: some game of at least 3 piles has XOR 6, and there are at least 4 games.
    def differs(data: bytes) -> bool:
        games = grammar.parse(data)[0]
        return len(games) >= 4 and any(len(p) >= 3 and reduce(xor, p) == 6 for (p,) in games)

    start = [[[[7, 9, 8]]] + [[[4000, 5]] for _ in range(40)]]
    assert differs(grammar.render(start))
    shrinker = Shrinker(grammar, differs, workers=2)
    small = shrinker.shrink(start)
    data = grammar.render(small)
    assert differs(data)
    assert grammar.parse(data) == small and int(data.split()[0]) == len(small[0]) == 4
    for other in neighbours(small, 1, 1):
        assert not differs(grammar.render(other)), grammar.render(other)
