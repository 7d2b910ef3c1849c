"""Inputs that break the format on purpose, and the oracle that names the rule some bytes break.

A marked tree is a grammar tree (grammar.py) in which a number may be a `Spelt` (written otherwise than
canonically: `05`, `+5`, `-0`) and a block may end with `Recount` marks (the count of one of its lists
written as something else than that list's length); Grammar.render writes both. They survive the
shrinker's edits that keep the element they sit on (list cuts, other numbers lowered), so a shrunk input
still breaks the same rule.

The oracle is the grammar itself: a valid input is exactly the canonical rendering of its own parse
(one number per line or single spaces within a line, `\\n` line ends, nothing else) with every number
within the bounds in force. Whatever the oracle calls broken is invalid for every validator of the package;
what it calls possibly valid (the package may have rules beyond the grammar) is never reported."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .grammar import Block, Bounds, Grammar, GrammarError, Item


class Spelt(int):
    """A number with its own spelling."""
    text: str

    def __new__(cls, value: int, text: str) -> Spelt:
        obj = super().__new__(cls, value)
        obj.text = text
        return obj

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        return self.text


@dataclass(frozen=True)
class Recount:
    """The count of the block's entry `index` is written as `spell.format(len + delta)`."""
    index: int
    delta: int = 0
    spell: str = "{}"

    def text(self, length: int) -> str:
        return self.spell.format(length + self.delta)


def broken_rule(grammar: Grammar, data: bytes, bounds: Bounds) -> str | None:
    """The rule `data` breaks, or None when it follows the grammar byte for byte within `bounds`."""
    try:
        tree = grammar.parse(data)
    except GrammarError as e:
        return f"does not follow the grammar: {e}"
    canonical = grammar.render(tree)
    if canonical != data:
        return _difference(canonical, data)
    return _out_of_bounds(grammar.items, tree, bounds)


def _show(data: bytes, at: int) -> str:
    if at >= len(data):
        return "end of file"
    if data.startswith(b"\xef\xbb\xbf", at):
        return "a byte-order mark"
    return repr(data[at:at + 1].decode("latin-1"))


def _difference(want: bytes, got: bytes) -> str:
    lo, hi = 0, min(len(want), len(got))   # the longest common prefix, by halving (slices compare in C)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if want[:mid] == got[:mid]:
            lo = mid
        else:
            hi = mid - 1
    at = lo
    line = got.count(b"\n", 0, at) + 1
    column = at - (got.rfind(b"\n", 0, at) + 1) + 1
    return f"line {line}, column {column}: the format has {_show(want, at)} here, the input {_show(got, at)}"


def _out_of_bounds(items: Sequence[Item], block: Block, bounds: Bounds) -> str | None:
    def outside(name: str, value: int, what: str) -> str | None:
        lo, hi = bounds[name]
        return None if lo <= value <= hi else f"{what} = {value} is outside {name}'s bounds [{lo}, {hi}]"

    for it, entry in zip(items, block):
        if isinstance(entry, int):
            bad = outside(it.bound, entry, it.bound)
        else:
            bad = outside(it.bound, len(entry), it.bound)
            if bad is None and it.line is not None and entry:
                assert it.line_bound is not None
                lo, hi = bounds[it.line_bound]
                if not (lo <= min(entry) and max(entry) <= hi):   # type: ignore[type-var]
                    bad = next(b for v in entry   # type: ignore[union-attr]
                               if (b := outside(it.line_bound, v, it.line_bound)))
            elif bad is None:
                assert it.blocks is not None
                bad = next((b for sub in entry   # type: ignore[union-attr]
                            if (b := _out_of_bounds(it.blocks, sub, bounds))), None)   # type: ignore[arg-type]
        if bad:
            return bad
    return None
