"""Invalid inputs made from the valid tests: what a strict validator must reject.

From each test's tree (its grammar parse) come, at the first and last place of every number, string and
list of the grammar: the range's minimum − 1 and maximum + 1 (of the test's own subtask, so a subtask test
may break only its subtask's bound), zero, −1 and a huge number; numbers spelt `05`, `+5`, `-0`, `5.0`; a
character outside a string's alphabet; a count announcing one more or one less than follows, a list one
longer than its count allows; a comparison made false (`u == v` where `u != v`); a value repeated where
values are distinct; a shape broken (a tree with a cycle, a disconnected graph, a self-loop, a permutation
with a value twice, a ragged grid: shapes.py); and whole-file edits (BOM, CRLF, tabs, doubled, leading,
trailing and missing spaces, blank lines, missing or extra final newline, trailing bytes, truncation, empty
file). Only what the grammar oracle (spelling.broken_rule) calls broken is kept, so every input is invalid."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..problem import Bounds, Line, Repeat, Seq, Shape
from . import shapes
from .grammar import Block, Grammar, walk
from .gsites import Site, sites
from .shrink import Path, get, put
from .spelling import Recount, Spelt

HUGE = 10 ** 20
BOM = b"\xef\xbb\xbf"


def _first(old: bytes, new: bytes) -> Callable[[bytes], bytes]:
    return lambda d: d.replace(old, new, 1)


# name → bytes edit of a whole rendered input
EDITS: dict[str, Callable[[bytes], bytes]] = {
    "a byte-order mark": lambda d: BOM + d,
    "CRLF line ends": lambda d: d.replace(b"\n", b"\r\n"),
    "a CR before the first line end": _first(b"\n", b"\r\n"),
    "no final newline": lambda d: d[:-1] if d.endswith(b"\n") else d,
    "an extra final newline": lambda d: d + b"\n",
    "a blank line after the first": _first(b"\n", b"\n\n"),
    "trailing bytes": lambda d: d + b"x\n",
    "an extra number at the end": lambda d: d + b"1\n",
    "a NUL byte at the end": lambda d: d + b"\x00",
    "a space at the end of the file": lambda d: d + b" ",
    "a leading space": lambda d: b" " + d,
    "a tab for a space": _first(b" ", b"\t"),
    "a double space": _first(b" ", b"  "),
    "a missing space": _first(b" ", b""),
    "a space at the end of a line": _first(b"\n", b" \n"),
    "a line break for a space": _first(b" ", b"\n"),
    "a space for a line break": _first(b"\n", b" "),
    "the file cut in half": lambda d: d[:len(d) // 2],
    "an empty file": lambda d: b"",
}


@dataclass(frozen=True)
class InvalidInput:
    kind: str            # what was done, without the test's values: the key failures are grouped by
    group: str           # whose bounds the validator gets
    test: str            # the valid test it was made from
    tree: Block          # a marked tree (spelling.py)
    edit: str = ""       # a name in EDITS, applied to the rendered tree

    def render(self, grammar: Grammar) -> bytes:
        data = grammar.render(self.tree)
        return EDITS[self.edit](data) if self.edit else data


def _with_mark(tree: Block, path: Path, mark: Recount) -> Block:
    """A copy of `tree` whose block holding the entry at `path` carries `mark`."""
    if len(path) == 1:
        return [*tree, mark]
    blocks = list(get(tree, path[:-2]))
    blocks[path[-2]] = _with_mark(blocks[path[-2]], path[-1:], mark)
    return put(tree, path[:-2], blocks)


def _ends(found: list[Site]) -> Iterator[Site]:
    """Each grammar place's first and last occurrence in the tree."""
    places: dict[tuple[Any, ...], list[Site]] = {}
    for s in found:
        places.setdefault(s.kind, []).append(s)
    for group in places.values():
        yield from {id(group[0]): group[0], id(group[-1]): group[-1]}.values()


def _values(lo: int, hi: int) -> Iterator[tuple[str, int]]:
    seen = set()
    for label, v in (("its minimum - 1", lo - 1), ("its maximum + 1", hi + 1), ("0", 0), ("-1", -1),
                     ("a huge number", HUGE)):
        if not lo <= v <= hi and v not in seen:
            seen.add(v)
            yield label, v


def _set(tree: Block, s: Site, value: Any) -> Block:
    return put(tree, s.path, s.set(get(tree, s.path), value))


def invalid_inputs(grammar: Grammar, tree: Block, group: str, test: str, bounds: Bounds) -> Iterator[InvalidInput]:
    """Every invalid input made from one valid test's tree (not yet filtered by the oracle)."""
    def make(kind: str, t: Block, edit: str = "") -> InvalidInput:
        return InvalidInput(kind, group, test, t, edit)

    found = sites(grammar, tree, bounds)
    for s in _ends(found.numbers):
        value = s.get(get(tree, s.path))
        if s.alphabet:
            bad = next((c for c in "?A0z#. _" if c not in s.alphabet and not c.isspace()), "?")
            yield make("a character outside the alphabet", _set(tree, s, bad))
            continue
        name = s.field.name if s.field is not None else "an edge weight"
        for label, v in _values(s.lo, s.hi if s.hi is not None else s.lo):
            yield make(f"{name} = {label}", _set(tree, s, v))
        for spell in ("0{}", "+{}", "{}.0"):
            yield make(f"{name} spelt {spell.format('v')}", _set(tree, s, Spelt(value, spell.format(value))))
        yield make(f"{name} spelt -0", _set(tree, s, Spelt(0, "-0")))
    for s in _ends(found.lists):
        value = s.get(get(tree, s.path))
        name = s.field.name if s.field is not None else "a count"
        if isinstance(value, str) and s.field is None:
            yield make("a string one character longer", _set(tree, s, value + (value[-1:] or "a")))
            if len(value) > 1:
                yield make("a string one character shorter", _set(tree, s, value[:-1]))
        elif s.field is not None and s.field.range is not None:
            try:
                lo, hi = s.field.range({}, bounds)
            except (KeyError, ValueError, TypeError):
                lo = hi = None
            for label, v in _values(lo, hi) if lo is not None and hi is not None else ():
                if v < 0 or v - len(value) > 100_000 or (v > len(value) and not value):
                    yield make(f"count {name} = {label}", _with_mark(tree, s.path, Recount(s.path[-1], spell=str(v))))
                else:
                    resized = value[:v] if v <= len(value) else value + value[-1:] * (v - len(value))
                    yield make(f"count {name} = {label}", _set(tree, s, resized))
        for delta in (1, -1):
            yield make(f"count {name} announces {delta:+} item", _with_mark(tree, s.path, Recount(s.path[-1], delta)))
        for spell in ("0{}", "+{}"):
            yield make(f"count {name} spelt {spell.format('v')}", _with_mark(tree, s.path, Recount(s.path[-1], spell=spell)))
    yield from (make(k, t) for k, t in _rules(grammar, tree, bounds))
    for name in EDITS:
        yield make(name, tree, name)


def _rules(grammar: Grammar, tree: Block, bounds: Bounds) -> Iterator[tuple[str, Block]]:
    """Comparisons made false, values repeated where distinct, shapes broken: at each item's first place."""
    done: set[int] = set()
    for path, it, entry in walk(grammar.items, tree):
        if id(it) in done:
            continue
        done.add(id(it))
        if isinstance(it, Line) and it.asserts and len(it.fields) > 1:
            names = [f.name for f in it.fields]
            for c in it.asserts:
                left, right = c.left.bare, c.right.bare
                if left in names and right in names:
                    a = entry[names.index(left)]
                    for v in (a, a - 1, a + 1):
                        row = list(entry)
                        row[names.index(right)] = v
                        yield f"{c.text} made false", put(tree, path, row)
        elif isinstance(it, Seq) and it.distinct and len(entry) >= 2:
            yield f"{it.elem.name} twice where distinct", put(tree, path, [entry[0], entry[0], *entry[2:]])
        elif isinstance(it, Repeat) and it.distinct and len(entry) >= 2:
            for name in it.distinct:
                first = _field_path(it, name)
                if first is None:
                    continue
                j, k = first
                a = _line_value(it.items[j], entry[0][j], k)
                b1 = list(entry[1])
                b1[j] = a if k is None else [*entry[1][j][:k], a, *entry[1][j][k + 1:]]
                yield f"{name} twice where distinct", put(tree, path, [entry[0], b1, *entry[2:]])
        if isinstance(it, Repeat) and it.sums and entry:
            for name, _ in it.sums:
                if (raised := _raised(it, entry, name, bounds)) is not None:
                    yield f"the sum of {name} over its cap", put(tree, path, raised)
        if isinstance(it, Shape):
            for kind, broken in shapes.broken(it, entry):
                yield kind, put(tree, path, broken)


def _raised(it: Repeat, blocks: list[Block], name: str, bounds: Bounds) -> list[Block] | None:
    """The blocks with the summed field at its largest in each (a count field: its list made that long)."""
    for j, item in enumerate(it.items):
        if not isinstance(item, Line):
            continue
        for k, f in enumerate(item.fields):
            if f.name != name or f.range is None:
                continue
            try:
                hi = f.range({}, bounds)[1]
            except (KeyError, ValueError, TypeError):
                return None
            if hi > 100_000:
                return None
            out = []
            for b in blocks:
                b = list(b)
                if f.derived is not None and f.derived[1] < 0 and b[f.derived[0]]:
                    owned, owner = b[f.derived[0]], it.items[f.derived[0]]
                    more = range(hi - len(owned))
                    fresh = isinstance(owner, Seq) and owner.distinct and all(isinstance(v, int) for v in owned)
                    used = set(owned)
                    unused = (v for v in itertools.count(1) if v not in used)   # the smallest values not in it
                    b[f.derived[0]] = owned + [next(unused) if fresh else owned[-1] for _ in more]
                elif f.derived is None:
                    b[j] = hi if len(item.fields) == 1 else [*b[j][:k], hi, *b[j][k + 1:]]
                out.append(b)
            return out
    return None


def _field_path(it: Repeat, name: str) -> tuple[int, int | None] | None:
    for j, item in enumerate(it.items):
        if isinstance(item, Line):
            for k, f in enumerate(item.fields):
                if f.name == name and not f.derived:
                    return j, (None if len(item.fields) == 1 else k)
    return None


def _line_value(it: Any, entry: Any, k: int | None) -> Any:
    return entry if k is None else entry[k]
