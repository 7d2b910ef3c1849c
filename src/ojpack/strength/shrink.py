"""Cut a failing input down until it is 1-minimal, over the grammar's tree.

A greedy delta-debugger: first whole-input simplifications (every list of a kind at its shortest, every
number of a bound at its minimum, all halved), then ddmin chunk removal on every list, outermost first,
then lowering every number (to its smallest few values, halfway, by one). Passes repeat until none changes anything,
so at the end removing any single element or lowering any number by one was tried and either left the
grammar's bounds or made the two programs agree. Counts are list lengths in the tree, so they follow.
Candidates are tried `workers` at a time; the first one in order that still fails is taken."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from .grammar import Block, Entry, Grammar, Item, walk

Path = tuple[int, ...]


def get(tree: Block, path: Path) -> Entry:
    entry: Entry = tree[path[0]]
    for j, k in zip(path[1::2], path[2::2]):
        entry = entry[j][k]   # type: ignore[index]
    return entry


def put(tree: Block, path: Path, value: Entry) -> Block:
    """A copy of `tree` with the entry at `path` replaced (only the spine is copied)."""
    new = list(tree)
    if len(path) == 1:
        new[path[0]] = value
        return new
    blocks = list(new[path[0]])   # type: ignore[arg-type]
    blocks[path[1]] = put(blocks[path[1]], path[2:], value)   # type: ignore[arg-type]
    new[path[0]] = blocks
    return new


def _map(items: Iterable[Item], block: Block, lists: Callable[[Item, list], list],
         nums: Callable[[str, tuple[int, int], int], int]) -> Block:
    """Apply `lists` to every list and `nums` to every number of a tree (inner blocks first)."""
    out: Block = []
    for it, entry in zip(items, block):
        if isinstance(entry, int):
            out.append(nums(it.bound, it.number, entry))
        elif it.line is not None:
            assert it.line_bound is not None
            out.append(lists(it, [nums(it.line_bound, it.line, v) for v in entry]))   # type: ignore[arg-type]
        else:
            assert it.blocks is not None
            out.append(lists(it, [_map(it.blocks, b, lists, nums) for b in entry]))   # type: ignore[arg-type]
    return out


@dataclass
class Shrinker:
    grammar: Grammar
    fails: Callable[[bytes], bool]       # True: the two programs still disagree on this input
    workers: int = 2
    tests: int = 0                       # candidates actually run
    _memo: dict[bytes, bool] = field(default_factory=dict)

    def shrink(self, tree: Block) -> Block:
        with ThreadPoolExecutor(max_workers=self.workers) as self._pool:
            changed = True
            while changed:
                tree, a = self._fixpoint(tree, self._global)
                tree, b = self._lists(tree)
                tree, c = self._numbers(tree)
                changed = a or b or c
        return tree

    # --- trying candidates ---------------------------------------------------------------------
    def _first(self, candidates: Iterable[Block], current: Block) -> Block | None:
        """The first candidate (in order) that still fails and differs from `current`, `workers` at once."""
        batch: list[tuple[Block, bytes]] = []
        now = self.grammar.render(current)
        for tree in candidates:
            data = self.grammar.render(tree)
            if data == now or self._memo.get(data) is False:
                continue
            batch.append((tree, data))
            if len(batch) == self.workers:
                if (hit := self._try(batch)) is not None:
                    return hit
                batch = []
        return self._try(batch) if batch else None

    def _try(self, batch: list[tuple[Block, bytes]]) -> Block | None:
        todo = [d for _, d in batch if d not in self._memo]
        self.tests += len(todo)
        for d, bad in zip(todo, self._pool.map(self.fails, todo)):
            self._memo[d] = bad
        return next((t for t, d in batch if self._memo[d]), None)

    def _fixpoint(self, tree: Block, candidates: Callable[[Block], Iterator[Block]]) -> tuple[Block, bool]:
        changed = False
        while (hit := self._first(candidates(tree), tree)) is not None:
            tree, changed = hit, True
        return tree, changed

    # --- the three kinds of edits --------------------------------------------------------------
    def _global(self, tree: Block) -> Iterator[Block]:
        items = self.grammar.items
        keep = lambda _b, _r, v: v   # noqa: E731
        same = lambda _it, lst: lst   # noqa: E731
        kinds = {id(it): it for _, it, e in walk(items, tree) if not isinstance(e, int)}
        for kind in kinds.values():
            lo = max(kind.number[0], 0)
            yield _map(items, tree, lambda it, lst, k=kind, lo=lo: lst[:lo] if it is k else lst, keep)
        bounds = {it.line_bound: it.line for _, it, e in walk(items, tree) if it.line is not None}
        bounds |= {it.bound: it.number for _, it, e in walk(items, tree) if isinstance(e, int)}
        for name, (lo, _hi) in bounds.items():
            yield _map(items, tree, same, lambda b, r, v, n=name: r[0] if b == n else v)
            yield _map(items, tree, same, lambda b, r, v, n=name: max(r[0], v // 2) if b == n else v)

    def _lists(self, tree: Block) -> tuple[Block, bool]:
        """ddmin on every list, outermost first; a success keeps the chunk size."""
        changed, s = False, 0
        while True:
            sites = [(p, it) for p, it, e in walk(self.grammar.items, tree) if not isinstance(e, int)]
            if s >= len(sites):
                return tree, changed
            path, it = sites[s]
            lo = max(it.number[0], 0)
            k = len(get(tree, path)) // 2 or 1   # type: ignore[arg-type]
            while k >= 1:
                n = len(get(tree, path))   # type: ignore[arg-type]
                k = min(k, n - lo)
                if k < 1:
                    break
                hit = self._first(self._removals(tree, path, n, k), tree)
                if hit is None:
                    k //= 2
                else:
                    tree, changed = hit, True
            s += 1

    @staticmethod
    def _removals(tree: Block, path: Path, n: int, k: int) -> Iterator[Block]:
        lst = get(tree, path)
        for start in range(0, n, k):   # the last chunk may be shorter: what is left is still >= n - k
            yield put(tree, path, lst[:start] + lst[start + k:])   # type: ignore[index,operator]

    def _numbers(self, tree: Block) -> tuple[Block, bool]:
        changed = False
        sites = [(p, None, it.number) if isinstance(e, int) else (p, i, it.line)
                 for p, it, e in walk(self.grammar.items, tree) if isinstance(e, int) or it.line is not None
                 for i in (range(len(e)) if not isinstance(e, int) else [None])]   # type: ignore[arg-type]
        for path, idx, bound in sites:
            assert bound is not None
            lo = bound[0]
            while True:
                entry = get(tree, path)
                v = entry if idx is None else entry[idx]   # type: ignore[index]
                # the smallest values first (a counterexample reads best with tiny numbers), then halfway, then one less
                tries = (lo, lo + 1, lo + 2, lo + 3, (lo + v) // 2, v - 1)   # type: ignore[operator]
                options = sorted({x for x in tries if lo <= x < v})   # type: ignore[operator]
                hit = self._first((self._lowered(tree, path, idx, x) for x in options), tree)
                if hit is None:
                    break
                tree, changed = hit, True
        return tree, changed

    @staticmethod
    def _lowered(tree: Block, path: Path, idx: int | None, value: int) -> Block:
        if idx is None:
            return put(tree, path, value)
        line = list(get(tree, path))   # type: ignore[arg-type]
        line[idx] = value
        return put(tree, path, line)
