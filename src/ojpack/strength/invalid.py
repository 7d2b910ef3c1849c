"""Invalid inputs made from the valid tests: what a strict validator must reject.

From each test's tree (its grammar parse) come, for every bound the grammar names, at its first and last
place: the bound's minimum − 1 and maximum + 1 (of the test's own subtask, so a subtask test may break only
its subtask's bound), zero, −1 and a huge number; a count announcing one more or one less than follows;
numbers spelt `05`, `+5`, `-0`, `5.0`; and whole-file edits (BOM, CRLF, tabs, doubled, leading, trailing
and missing spaces, blank lines, missing or extra final newline, trailing bytes, truncation, empty file).
Only what the grammar oracle (spelling.broken_rule) calls broken is kept, so every input is invalid."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .grammar import Block, Bounds, Grammar, Item, walk
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
        return [*tree, mark]   # type: ignore[list-item]
    blocks = list(get(tree, path[:-2]))   # type: ignore[arg-type]
    blocks[path[-2]] = _with_mark(blocks[path[-2]], path[-1:], mark)
    return put(tree, path[:-2], blocks)


def _sites(items: tuple[Item, ...], tree: Block) -> Iterator[tuple[Path, Item, object]]:
    """Each grammar item's first and last place in the tree."""
    places: dict[int, list[tuple[Path, Item, object]]] = {}
    for path, it, entry in walk(items, tree):
        places.setdefault(id(it), []).append((path, it, entry))
    for found in places.values():
        yield from {found[0][0]: found[0], found[-1][0]: found[-1]}.values()


def _values(lo: int, hi: int) -> Iterator[tuple[str, int]]:
    seen = set()
    for label, v in (("its minimum - 1", lo - 1), ("its maximum + 1", hi + 1), ("0", 0), ("-1", -1),
                     ("a huge number", HUGE)):
        if not lo <= v <= hi and v not in seen:
            seen.add(v)
            yield label, v


def _resized(it: Item, entry: list, size: int) -> list:
    if size <= len(entry):
        return entry[:size]
    filler = entry[-1] if entry else (it.line[0] if it.line else None)
    return entry + [filler] * (size - len(entry))


def invalid_inputs(grammar: Grammar, tree: Block, group: str, test: str, bounds: Bounds) -> Iterator[InvalidInput]:
    """Every invalid input made from one valid test's tree (not yet filtered by the oracle)."""
    def make(kind: str, t: Block, edit: str = "") -> InvalidInput:
        return InvalidInput(kind, group, test, t, edit)

    for path, it, entry in _sites(grammar.items, tree):
        lo, hi = bounds[it.bound]
        if isinstance(entry, int):
            for label, v in _values(lo, hi):
                yield make(f"{it.bound} = {label}", put(tree, path, v))
            for spell in ("0{}", "+{}", "{}.0"):
                yield make(f"{it.bound} spelt {spell.format('v')}", put(tree, path, Spelt(entry, spell.format(entry))))
            yield make(f"{it.bound} spelt -0", put(tree, path, Spelt(0, "-0")))
            continue
        lst: list = entry   # type: ignore[assignment]
        for label, v in _values(lo, hi):
            if v < 0 or v - len(lst) > 100_000 or (v > len(lst) and not lst):
                yield make(f"count {it.bound} = {label}", _with_mark(tree, path, Recount(path[-1], spell=str(v))))
            else:
                yield make(f"count {it.bound} = {label}", put(tree, path, _resized(it, lst, v)))
        for delta in (1, -1):
            yield make(f"count {it.bound} announces {delta:+} item", _with_mark(tree, path, Recount(path[-1], delta)))
        for spell in ("0{}", "+{}"):
            yield make(f"count {it.bound} spelt {spell.format('v')}",
                       _with_mark(tree, path, Recount(path[-1], spell=spell)))
        if it.line is not None and lst:
            assert it.line_bound is not None
            a_lo, a_hi = bounds[it.line_bound]
            for idx in dict.fromkeys((0, len(lst) - 1)):
                line = list(lst)
                for label, v in _values(a_lo, a_hi):
                    line[idx] = v
                    yield make(f"{it.line_bound} = {label}", put(tree, path, list(line)))
                for spell in ("0{}", "+{}", "{}.0"):
                    line[idx] = Spelt(lst[idx], spell.format(lst[idx]))
                    yield make(f"{it.line_bound} spelt {spell.format('v')}", put(tree, path, list(line)))
                line[idx] = Spelt(0, "-0")
                yield make(f"{it.line_bound} spelt -0", put(tree, path, list(line)))
    for name in EDITS:
        yield make(name, tree, name)

