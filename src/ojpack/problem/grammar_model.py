"""The input grammar's model, as the toolkit generates, parses, shrinks and breaks inputs from it.

A block is a sequence of items, each one or more lines of the input:
  Line     one line of fields (integers within a range, strings over an alphabet), with comparisons
  Seq      one line of `count` integers (optionally distinct)
  Repeat   `count` blocks (optionally distinct in some fields, with capped sums)
  Shape    a header line and a tree / graph / permutation / grid, generated valid and shrunk whole
Legacy items (`number:` with `line:` or `blocks:`) are a Seq or a Repeat with a `header`: their count is
written on a line of its own just before them.

A field of a Line may be `derived`: a later item of the same block uses it as its count (or a string's
length), and the field is then always written as that item's length, so no edit can break the count."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union

from .grammar_expr import Compare, Expr, Range

ShapeKind = Literal["tree", "graph", "permutation", "grid"]


@dataclass(frozen=True)
class Field:
    name: str
    range: Range | None = None          # an integer's range
    alphabet: str | None = None         # a string's characters, in order (the first is the smallest)
    length: Range | None = None         # a string's length
    derived: tuple[int, int] | None = None   # (item, field in that item or -1): what this field counts

    @property
    def is_str(self) -> bool:
        return self.alphabet is not None


@dataclass(frozen=True)
class Line:
    fields: tuple[Field, ...]
    asserts: tuple[Compare, ...] = ()


@dataclass(frozen=True)
class Seq:
    elem: Field
    count: Expr
    header: Field | None = None
    distinct: bool = False


@dataclass(frozen=True)
class Repeat:
    items: tuple[Item, ...]
    count: Expr
    header: Field | None = None
    distinct: tuple[str, ...] = ()
    sums: tuple[tuple[str, Expr], ...] = ()


@dataclass(frozen=True)
class Shape:
    """tree: `n` then n-1 edges `u v [w]`; graph: `n m` then m edges; permutation: `n` then a line of
    1..n in some order; grid: `r c` then r rows of c characters. `size` are the header's fields."""
    kind: ShapeKind
    size: tuple[Field, ...]
    weights: Range | None = None
    connected: bool = True
    simple: bool = True
    alphabet: str | None = None
    base: int = 1

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.size)


Item = Union[Line, Seq, Repeat, Shape]


@dataclass(frozen=True)
class Model:
    items: tuple[Item, ...]
    legacy: bool = False        # only number / line / blocks items (the old grammar)


def expand_alphabet(text: str) -> str:
    """`a-z0-9` → every character in order; a `-` first or last is itself."""
    out: list[str] = []
    i = 0
    while i < len(text):
        if i + 2 < len(text) and text[i + 1] == "-":
            lo, hi = text[i], text[i + 2]
            if ord(lo) > ord(hi):
                raise ValueError(f"alphabet {text!r}: {lo}-{hi} runs backwards")
            out += [chr(c) for c in range(ord(lo), ord(hi) + 1)]
            i += 3
        else:
            out.append(text[i])
            i += 1
    chars = "".join(dict.fromkeys(out))
    if not chars or any(c.isspace() or not c.isprintable() or not c.isascii() for c in chars):
        raise ValueError(f"alphabet {text!r}: give printable ASCII characters other than spaces (a-z, 0-9, .#): "
                         "a character of the input is one byte")
    return chars
