"""problem.yaml's input grammar (problem/grammar_spec.py, or a checktestdata file: ctd.py) → random valid
inputs, inputs ↔ trees for shrinking (gtext.py), and the rules a tree must keep (gcheck.py).

Counts are not trusted from a tree: they are written as the lengths of the lists they count, so no edit
can make a count disagree with what it announces."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..problem import Bounds, Item, Line, Model, Problem, Repeat, Seq, compile_grammar
from .gcheck import check
from .gsample import sample
from .gtext import Block, GrammarError, parse, render

Entry = Any
__all__ = ["CAPS", "Block", "Entry", "Grammar", "GrammarError", "load_grammar", "walk"]

# Magnitude caps of successive random inputs: small inputs first, then ever larger, then again.
CAPS = (0, 1, 2, 3, 5, 8, 13, 30, 60, 120, 250, 1000, 5000, 10**9)


@dataclass(frozen=True)
class Grammar:
    model: Model
    bounds: dict[str, tuple[int, int]] = field(default_factory=dict)   # the global bounds: sampling, parsing

    @property
    def items(self) -> tuple[Item, ...]:
        return self.model.items

    # --- random inputs -------------------------------------------------------------------------
    def sample(self, rng: random.Random, level: int) -> tuple[bytes, int]:
        """A random input and its number of elementary cases; `level` picks the magnitude cap (CAPS, cycling)."""
        tree = sample(self.items, rng, CAPS[level % len(CAPS)], {}, self.bounds, top=True)
        return self.render(tree), self.units(tree)

    # --- bytes ---------------------------------------------------------------------------------
    def render(self, tree: Block) -> bytes:
        out: list[str] = []
        render(self.items, tree, out)
        return "".join(out).encode("latin-1")

    def parse(self, data: bytes) -> Block:
        """The tree of an input (its tokens in grammar order); GrammarError if it does not fit."""
        tokens = data.split()
        pos, tree = parse(self.items, tokens, 0, {}, self.bounds)
        if pos != len(tokens):
            raise GrammarError(f"{len(tokens) - pos} tokens left over after the grammar's last item")
        return tree

    def violation(self, tree: Block, bounds: Bounds | None = None) -> str | None:
        """The first rule of the grammar `tree` breaks within `bounds` (the global ones by default)."""
        return check(self.items, tree, {}, self.bounds if bounds is None else bounds)

    def normal(self, tree: Block) -> Block:
        """The tree as read back from its own rendering (derived counts brought up to date)."""
        return self.parse(self.render(tree))

    def units(self, tree: Block) -> int:
        """Elementary cases in a tree: the lengths of its top-level lists (games in a file) in the older
        form; otherwise the cases of a file that starts with their count (T, then T blocks), or one."""
        if self.model.legacy:
            counted = [len(e) for it, e in zip(self.items, tree)
                       if isinstance(it, Repeat) or (isinstance(it, Seq) and it.header is not None)]
            return sum(counted) or 1
        first = self.items[0] if self.items else None
        if isinstance(first, Line) and len(first.fields) == 1 and first.fields[0].derived is not None:
            j = first.fields[0].derived[0]
            if isinstance(self.items[j], Repeat):
                return len(tree[j]) or 1
        return 1


def load_grammar(problem: Problem) -> Grammar:
    spec = problem.spec.grammar
    if not spec:
        raise GrammarError("problem.yaml has no 'grammar:' section; stress and strength need the input's shape")
    bounds = problem.bounds_for("sample")
    model = compile_grammar(spec, problem.spec.bounds)
    if model is None:
        from .ctd import read_ctd   # only for a checktestdata grammar
        assert spec[0].checktestdata is not None
        model = read_ctd(problem.path(spec[0].checktestdata))
    return Grammar(model, bounds)


def walk(items: Sequence[Item], block: Block, path: tuple[int, ...] = ()) -> Iterator[tuple[tuple[int, ...], Item, Entry]]:
    """Every entry of a tree with its path (entry index, then block index, entry index, ...), outermost first."""
    for i, (it, entry) in enumerate(zip(items, block)):
        yield (*path, i), it, entry
        if isinstance(it, Repeat):
            for j, b in enumerate(entry):
                yield from walk(it.items, b, (*path, i, j))
