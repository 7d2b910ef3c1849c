"""Inputs that break the format on purpose, and the oracle that names the rule some bytes break.

A marked tree is a grammar tree (grammar.py) in which a number may be a `Spelt` (written otherwise than
canonically: `05`, `+5`, `-0`) and a block may end with `Recount` marks (the count of one of its lists
written as something else than that list's length); Grammar.render writes both. They survive the
shrinker's edits that keep the element they sit on (list cuts, other numbers lowered), so a shrunk input
still breaks the same rule.

The oracle is the grammar itself: a valid input is exactly the canonical rendering of its own parse
(single spaces within a line, `\\n` line ends, nothing else) keeping every rule of the grammar
(gcheck.py) within the bounds in force. Whatever the oracle calls broken is invalid for every validator of the package;
what it calls possibly valid (the package may have rules beyond the grammar) is never reported."""

from __future__ import annotations

from dataclasses import dataclass

from ..problem import Bounds
from .grammar import Grammar, GrammarError


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
    return grammar.violation(tree, bounds)


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
