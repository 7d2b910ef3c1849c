"""problem.yaml's input grammar → random valid inputs, and inputs ↔ trees for shrinking.

A tree mirrors the grammar: a block is a list with one entry per grammar item; the entry of a plain
number is an int, of a counted `line` the list of its numbers, of counted `blocks` the list of its
blocks. Counts are not stored: they are always the lengths of their lists, so no edit can make a count
disagree with what it announces."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Union

from ..errors import OjpackError
from ..problem import Problem

Entry = Union[int, list[int], list["Block"]]
Block = list[Entry]
Bounds = dict[str, tuple[int, int]]

# Magnitude caps of successive random inputs: small inputs first, then ever larger, then again.
CAPS = (0, 1, 2, 3, 5, 8, 13, 30, 60, 120, 250, 1000, 5000, 10**9)
EXTREME = 0.04        # chance that a number (or a count) sits exactly on its bound
PACK = 0.9            # chance that a top-level list is packed to its maximal length


class GrammarError(OjpackError):
    """The package has no grammar, or an input does not follow it."""


@dataclass(frozen=True)
class Item:
    """A grammar item with its bounds resolved."""
    number: tuple[int, int]
    bound: str
    line: tuple[int, int] | None = None
    line_bound: str | None = None
    blocks: tuple[Item, ...] | None = None


@dataclass(frozen=True)
class Grammar:
    items: tuple[Item, ...]

    # --- random inputs -------------------------------------------------------------------------
    def sample(self, rng: random.Random, level: int) -> tuple[bytes, int]:
        """A random input and its number of elementary cases; `level` picks the magnitude cap (CAPS,
        cycling). Written straight to text (the tree is parsed back only when an input is kept)."""
        out: list[str] = []
        units = _sample(self.items, rng, CAPS[level % len(CAPS)], out, top=True)
        return "".join(out).encode(), units

    # --- bytes ---------------------------------------------------------------------------------
    def render(self, tree: Block) -> bytes:
        out: list[str] = []
        _render(self.items, tree, out)
        return "".join(out).encode()

    def parse(self, data: bytes) -> Block:
        """The tree of an input (its tokens in grammar order); GrammarError if it does not fit."""
        tokens = data.split()
        try:
            values = list(map(int, tokens))
        except ValueError:
            raise GrammarError("the input holds a token that is not an integer") from None
        pos, tree = _parse(self.items, values, 0)
        if pos != len(values):
            raise GrammarError(f"{len(values) - pos} tokens left over after the grammar's last item")
        return tree

    def units(self, tree: Block) -> int:
        """Elementary cases in a tree: the lengths of its top-level lists (games in a file)."""
        return sum(len(e) for it, e in zip(self.items, tree) if it.blocks is not None or it.line is not None) or 1


def load_grammar(problem: Problem) -> Grammar:
    if not problem.spec.grammar:
        raise GrammarError("problem.yaml has no 'grammar:' section; stress and strength need the input's shape")
    bounds = problem.bounds_for("sample")

    def resolve(raw: Sequence) -> tuple[Item, ...]:
        return tuple(Item(bounds[r.number], r.number, bounds[r.line] if r.line else None, r.line,
                          resolve(r.blocks) if r.blocks else None) for r in raw)

    return Grammar(resolve(problem.spec.grammar))


def _pick(r: Callable[[], float], lo: int, hi: int, cap: int) -> int:
    if r() < EXTREME:
        return hi if r() < 0.5 else lo
    return lo + int(r() * (min(hi, lo + cap) - lo + 1))


@cache
def _numerals(lo: int, hi: int) -> tuple[str, ...] | None:
    """Every value of a bound as text, so a line is joined from ready strings (str() is the hot spot)."""
    return tuple(map(str, range(lo, hi + 1))) if hi - lo <= 100_000 else None


def _sample(items: Sequence[Item], rng: random.Random, cap: int, out: list[str], top: bool = False) -> int:
    """Append one random block's text to `out`; returns the top-level list lengths (the units)."""
    r = rng.random
    units = 0
    for it in items:
        lo, hi = it.number
        if it.blocks is None and it.line is None:
            out.append(f"{_pick(r, lo, hi, cap)}\n")
            continue
        # Many small cases in one file: a top-level list is usually as long as it may be.
        size = hi if top and it.blocks is not None and r() < PACK else _pick(r, max(lo, 0), hi, cap)
        units += size
        out.append(f"{size}\n")
        if it.line is not None:
            a_lo, a_hi = it.line
            span = min(a_hi, a_lo + cap) - a_lo + 1
            names = _numerals(a_lo, a_hi)
            if names is None:
                nums = [str(a_lo + int(r() * span)) for _ in range(size)]
            else:
                nums = [names[int(r() * span)] for _ in range(size)]
            if nums and r() < 0.3:   # the bounds themselves, somewhere
                nums[int(r() * size)] = str(a_hi if r() < 0.5 else a_lo)
            out.append(" ".join(nums))
            out.append("\n")
        else:
            assert it.blocks is not None
            for _ in range(size):
                _sample(it.blocks, rng, cap, out)
    return units or 1


def _render(items: Sequence[Item], block: Block, out: list[str]) -> None:
    # A block may end with marks (spelling.Recount, for invalid inputs): a count written otherwise.
    marks = {m.index: m for m in block[len(items):]} if len(block) > len(items) else {}   # type: ignore[union-attr]
    for i, (it, entry) in enumerate(zip(items, block)):
        if isinstance(entry, int):
            out.append(f"{entry}\n")
            continue
        count = marks[i].text(len(entry)) if i in marks else len(entry)   # type: ignore[union-attr]
        if it.line is not None:
            out.append(f"{count}\n{' '.join(map(str, entry))}\n")
        else:
            out.append(f"{count}\n")
            assert it.blocks is not None
            for b in entry:
                _render(it.blocks, b, out)   # type: ignore[arg-type]


def _parse(items: Sequence[Item], values: list[int], pos: int) -> tuple[int, Block]:
    block: Block = []
    for it in items:
        if pos >= len(values):
            raise GrammarError(f"the input ends before the grammar does (expected {it.bound})")
        count = values[pos]
        pos += 1
        if it.blocks is None and it.line is None:
            block.append(count)
        elif count < 0:
            raise GrammarError(f"a negative count {count} for {it.bound}")
        elif it.line is not None:
            if pos + count > len(values):
                raise GrammarError(f"the input ends inside a line of {count} numbers")
            block.append(values[pos:pos + count])
            pos += count
        else:
            assert it.blocks is not None
            blocks: list[Block] = []
            for _ in range(count):
                pos, b = _parse(it.blocks, values, pos)
                blocks.append(b)
            block.append(blocks)
    return pos, block


def walk(items: Sequence[Item], block: Block, path: tuple[int, ...] = ()) -> Iterator[tuple[tuple[int, ...], Item, Entry]]:
    """Every entry of a tree with its path (entry index, then block index, entry index, ...), outermost first."""
    for i, (it, entry) in enumerate(zip(items, block)):
        yield (*path, i), it, entry
        if it.blocks is not None:
            for j, b in enumerate(entry):   # type: ignore[arg-type]
                yield from walk(it.blocks, b, (*path, i, j))   # type: ignore[arg-type]
