"""Cut a failing input down until it is 1-minimal, over the grammar's tree.

A greedy delta-debugger: first whole-input simplifications (every list of a kind at its shortest, every
number of a field at its lowest, all halved), then shapes cut structurally (a tree's leaf, a graph's edges
or a vertex, a permutation's value, a grid's row or column: shapes.py), then ddmin chunk removal on every
list and string, outermost first (a list's followers — other lists counted by the same field — lose the same
items), then lowering every number (to its smallest few values, halfway, by one) and moving every
character toward its alphabet's first. Passes repeat until none changes anything. Counts are lengths in the
tree, so they follow. With `valid_only`, a candidate that breaks a rule of the grammar (gcheck.py) is never
run. Candidates are tried `workers` at a time; the first one in order that still fails is taken."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from .firstfail import FirstFailing, Keep, outcomes_of
from .grammar import Block, Entry, Grammar
from .gsites import Sites, sites

Path = tuple[int, ...]


def get(tree: Block, path: Path) -> Entry:
    entry: Entry = tree[path[0]]
    for j, k in zip(path[1::2], path[2::2]):
        entry = entry[j][k]
    return entry


def put(tree: Block, path: Path, value: Entry) -> Block:
    """A copy of `tree` with the entry at `path` replaced (only the spine is copied)."""
    new = list(tree)
    if len(path) == 1:
        new[path[0]] = value
        return new
    blocks = list(new[path[0]])
    blocks[path[1]] = put(blocks[path[1]], path[2:], value)
    new[path[0]] = blocks
    return new


def _copy(x: Any) -> Any:
    return [_copy(y) for y in x] if isinstance(x, list) and type(x) is list else x


def shrink_with_grammar(grammar: Grammar, data: bytes, keep: Keep, batch: int = 2) -> bytes:
    """The input shrunk over `grammar`: `keep(candidates)` runs up to `batch` candidates (in parallel, as it
    likes) and gives the index of the first that still reproduces, or None. Every candidate keeps the
    grammar's rules; `data` must follow the grammar (GrammarError otherwise)."""
    shrinker = Shrinker(grammar, workers=batch, keep=keep)
    return grammar.render(shrinker.shrink(grammar.parse(data)))


@dataclass
class Shrinker:
    grammar: Grammar
    fails: Callable[[bytes], bool] | None = None   # True: still failing (run `workers` at a time)…
    workers: int = 2
    keep: Keep | None = None                       # …or a runner of whole batches (shrink_with_grammar)
    valid_only: bool = True                        # never run a candidate that breaks the grammar's rules
    _last_sites: tuple[Any, Any, Any] = (None, None, None)

    def __post_init__(self) -> None:
        run = outcomes_of(self.keep) if self.keep is not None else self._run_each
        admit = (lambda tree: self.grammar.violation(tree) is None) if self.valid_only else None
        self._runs: FirstFailing[Block] = FirstFailing(run, self._render, self.workers, admit)

    def shrink(self, tree: Block) -> Block:
        with ThreadPoolExecutor(max_workers=self.workers) as self._pool:
            changed = True
            while changed:
                tree, a = self._fixpoint(tree, self._global)
                tree, b = self._fixpoint(tree, self._shapes)
                tree, c = self._lists(tree)
                tree, d = self._numbers(tree)
                changed = a or b or c or d
        # a marked (invalid) tree is kept as it is: reading it back would drop its marks
        return self.grammar.normal(tree) if self.valid_only else tree

    def _sites(self, tree: Block, numbers: bool = True) -> Sites:
        # the same tree object asks again and again while no candidate is taken: walk it once
        key = (id(tree), numbers)
        if self._last_sites[0] == key and self._last_sites[1] is tree:
            return self._last_sites[2]
        found = sites(self.grammar, tree, numbers=numbers)
        self._last_sites = (key, tree, found)
        return found

    # --- trying candidates ---------------------------------------------------------------------
    def _first(self, candidates: Iterable[Block], current: Block) -> Block | None:
        """The first candidate (in order) that still fails and differs from `current`, `workers` at once."""
        return self._runs.first(candidates, self.grammar.render(current))

    def _render(self, tree: Block) -> bytes | None:
        try:
            return self.grammar.render(tree)
        except (IndexError, TypeError, ValueError):   # a candidate edit the tree's shape cannot take
            return None

    def _run_each(self, batch: list[bytes]) -> list[bool | None]:
        assert self.fails is not None
        return list(self._pool.map(self.fails, batch))

    def _fixpoint(self, tree: Block, candidates: Callable[[Block], Iterator[Block]]) -> tuple[Block, bool]:
        changed = False
        while (hit := self._first(candidates(tree), tree)) is not None:
            tree, changed = hit, True
        return tree, changed

    # --- the kinds of edits --------------------------------------------------------------------
    def _global(self, tree: Block) -> Iterator[Block]:
        s = self._sites(tree)
        for kind in dict.fromkeys(site.kind for site in s.lists):
            yield self._all(tree, [x for x in s.lists if x.kind == kind], lambda x, v: v[:x.lo])
        for kind in dict.fromkeys(site.kind for site in s.numbers):
            group = [x for x in s.numbers if x.kind == kind]
            yield self._all(tree, group, lambda x, v: x.alphabet[0] if x.alphabet else x.lo)
            if not group[0].alphabet:
                yield self._all(tree, group, lambda x, v: max(x.lo, v // 2))

    @staticmethod
    def _all(tree: Block, group: list[Any], edit: Callable[[Any, Any], Any]) -> Block:
        """Every place of `group` edited at once, on a private copy of the tree (one copy, not one per place)."""
        if len(group) == 1:   # one place: only the spine down to it is copied
            x = group[0]
            try:
                entry = get(tree, x.path)
                return put(tree, x.path, x.set(entry, edit(x, x.get(entry))))
            except (IndexError, TypeError):
                return tree
        tree = _copy(tree)
        for x in reversed(group):   # inner places before the lists that hold them
            try:
                holder = tree if len(x.path) == 1 else get(tree, x.path[:-2])[x.path[-2]]
                entry = holder[x.path[-1]]
                holder[x.path[-1]] = x.set(entry, edit(x, x.get(entry)))
            except (IndexError, TypeError):
                pass
        return tree

    def _shapes(self, tree: Block) -> Iterator[Block]:
        from .shapes import smaller
        found = self._sites(tree)
        for path, shape in found.shapes:
            # the numbers after the shape, in its block, that range up to its size (queries u: 1..n): a
            # removed vertex's label is gone, so the labels above it move down with the shape's
            name = shape.size[0].name
            refs = [x for x in found.numbers if x.field is not None and x.field.range is not None
                    and x.field.range.hi.bare == name and x.path[:len(path) - 1] == path[:-1] and x.path > path]
            for entry, gone in smaller(shape, get(tree, path)):
                cut = put(tree, path, entry)
                if gone is not None and refs:
                    cut = self._all(cut, refs, lambda x, v, g=gone: v - 1 if v > g else v)
                yield cut

    def _lists(self, tree: Block) -> tuple[Block, bool]:
        """ddmin on every list and string, outermost first; a success keeps the chunk size."""
        changed, s = False, 0
        while True:
            found = self._sites(tree, numbers=False).lists
            if s >= len(found):
                return tree, changed
            site = found[s]
            k = len(site.get(get(tree, site.path))) // 2 or 1
            while k >= 1:
                found = self._sites(tree, numbers=False).lists
                if s >= len(found):
                    break
                site = found[s]
                n = len(site.get(get(tree, site.path)))
                k = min(k, n - site.lo)
                if k < 1:
                    break
                group = [x for x in found if site.group is not None and x.group == site.group] or [site]
                cuts = (self._all(tree, group, lambda x, v, a=a: v[:a] + v[a + k:]) for a in range(0, n, k))
                hit = self._first(cuts, tree)
                if hit is None:
                    k //= 2
                else:
                    tree, changed = hit, True
            s += 1

    def _numbers(self, tree: Block) -> tuple[Block, bool]:
        changed = False
        found = self._sites(tree).numbers
        for at, site in enumerate(found):
            # the numbers after it, in its block, whose range ends at it (u: 1..n): lowered with it, so a
            # vertex count can drop below the labels in use (they are moved down to the new count)
            name = site.field.name if site.field is not None else None
            deps = [x for x in found[at + 1:] if name and x.field is not None and x.field.range is not None
                    and x.field.range.hi.bare == name and x.path[:len(site.path) - 1] == site.path[:-1]]
            tree, c = self._lower(tree, site, deps)
            changed = changed or c
        return tree, changed

    def _lowered(self, tree: Block, site: Any, deps: list[Any], values: list[Any]) -> Iterator[Block]:
        """`tree` with the number at `site` set to each of `values` in turn, alone and then with its deps."""
        for x in values:
            yield put(tree, site.path, site.set(get(tree, site.path), x))
            if deps and not isinstance(x, str):
                yield self._all(tree, [site, *deps], lambda y, w, x=x: x if y is site else min(w, x))

    def _lower(self, tree: Block, site: Any, deps: list[Any]) -> tuple[Block, bool]:
        """The number at `site` as low as it goes: its smallest few values first (a counterexample reads
        best with tiny numbers), then one less, then a search between the highest value refused and the
        value now, `workers` points at a time, so a threshold (a sum past 2^31) takes a few dozen runs,
        not one run per unit; a character moves toward its alphabet's first."""
        changed, floor, probed = False, None, False
        while True:
            try:
                v = site.get(get(tree, site.path))
            except (IndexError, TypeError):
                return tree, changed
            if isinstance(v, str):
                i = site.alphabet.index(v) if v in site.alphabet else 0
                options: list[Any] = [site.alphabet[j] for j in sorted({0, 1, i // 2, i - 1}) if 0 <= j < i]
            elif floor is None:
                options = sorted({x for x in (site.lo, site.lo + 1, site.lo + 2, site.lo + 3) if site.lo <= x < v})
            elif v - floor <= 1:
                return tree, changed
            elif not probed:   # one less first: a number that cannot move at all costs one run, not a search
                options, probed = [v - 1], True
            else:
                options = sorted({floor + (v - floor) * k // (self.workers + 1)
                                  for k in range(1, self.workers + 1)} - {floor, v}) or [v - 1]
            hit = self._first(self._lowered(tree, site, deps, options), tree)
            if hit is None:
                if isinstance(v, str):
                    return tree, changed
                floor = max(options, default=site.lo - 1)   # all refused: the lowest that keeps it is above
                continue
            got = site.get(get(hit, site.path))
            if not isinstance(got, str) and floor is not None:
                floor = max([floor, *(x for x in options if x < got)])
            tree, changed = hit, True
