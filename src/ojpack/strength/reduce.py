"""Shrink a failing input that no grammar describes, with the package's validator as the judge of shape.

The input is read as lines of whitespace-separated tokens and written back with single spaces and one
"\\n" per line (what a strict validator wants; if it refuses even that, the input is kept as it is). Passes,
repeated until none changes anything: drop chunks of lines (delta debugging: halves, quarters, ... single
lines), drop chunks of tokens inside a line, lower numbers (to 0, 1, 2, to smaller values already in the
input, halfway, by one), shorten non-numeric tokens. A count cannot follow on its own, as it does in a
grammar tree, so each removal also comes with cheap repairs: an integer before the removed part that is
at least its size (nearest first; one equal to what it would count first of all) is lowered by the same
amount, and, when that integer was also a label in what follows (a tree's n, a graph's n), its highest
label is renamed to one that is no longer used. The validator rejects the repairs that guessed wrong."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from .firstfail import FirstFailing, Keep, outcomes_of

Doc = tuple[tuple[str, ...], ...]
Pos = tuple[int, int]        # (line, token)
COUNTERS = 3                 # nearest integers tried as the count of a removed part, besides exact ones


def _int(token: str) -> int | None:
    body = token[1:] if token.startswith("-") else token
    if not body.isdigit() or not body.isascii() or (body != "0" and body.startswith("0")) or token == "-0":
        return None
    return int(token)


def parse(data: bytes) -> Doc | None:
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError:
        return None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return tuple(tuple(line.split()) for line in lines)


def render(doc: Doc) -> bytes:
    return "".join(" ".join(line) + "\n" for line in doc).encode()


def _ints(doc: Doc) -> Iterator[tuple[Pos, int]]:
    for i, line in enumerate(doc):
        for j, tok in enumerate(line):
            if (v := _int(tok)) is not None:
                yield (i, j), v


def _set(doc: Doc, pos: Pos, token: str) -> Doc:
    i, j = pos
    line = list(doc[i])
    line[j] = token
    return (*doc[:i], tuple(line), *doc[i + 1:])


def _counters(doc: Doc, before: Pos, k: int, counted: Callable[[Pos], int]) -> tuple[list[Pos], bool]:
    """Integers before `before` that could count the removed part of k items: those equal to what they
    would count, `counted(their place)`, or one more (n vertices, n - 1 edges), nearest first; when there
    are none, the nearest ones >= k (each guess costs a validator run). And whether any was exact."""
    earlier = [(p, v) for p, v in _ints(doc) if p < before and v >= k]
    exact = [p for p, v in reversed(earlier) if v - counted(p) in (0, 1)]
    return (exact, True) if exact else ([p for p, _ in reversed(earlier)][:COUNTERS], False)


def _relabel(doc: Doc, pos: Pos, old: int, new: int) -> Iterator[Doc]:
    """`doc` with the integer at `pos` lowered from `old` to `new` and, on the lines after it, every `old`
    renamed: to a label no longer used there (`new` itself first: the last vertex stays the last), else to
    `new` anyway (other numbers, weights, may hold it; the validator and the difference decide)."""
    after = {v for p, v in _ints(doc) if p[0] > pos[0]}
    if old not in after:
        return
    free = next((x for x in range(1, new + 1) if x not in after), None)
    for label in dict.fromkeys(x for x in (new if new not in after else None, free, new) if x is not None):
        if not 1 <= label <= new:
            continue
        out = _set(doc, pos, str(new))
        for p, v in list(_ints(out)):
            if p[0] > pos[0] and v == old:
                out = _set(out, p, str(label))
        yield out


def _repairs(removed: Doc, where: Pos, k: int, counted: Callable[[Pos], int]) -> Iterator[Doc]:
    """`removed` (an input with a part of k items gone at `where`) with its count repaired (and its labels
    renamed), all exact counts of a header line at once when there are several (n = m in "n m"), then, unless a count matched exactly, as it is (a format read to its end has no count)."""
    counters, exact = _counters(removed, where, k, counted)
    every, heads = removed, 0
    for pos in counters:
        v = _int(removed[pos[0]][pos[1]])
        assert v is not None
        yield _set(removed, pos, str(v - k))
        if k == 1:
            yield from _relabel(removed, pos, v, v - 1)
        if exact and _header(removed, pos[0]):
            every, heads = _set(every, pos, str(v - k)), heads + 1
    if heads > 1:
        yield every
    if not exact:
        yield removed


@dataclass
class Reducer:
    keep: Keep
    batch: int = 2

    def __post_init__(self) -> None:
        self._runs: FirstFailing[Doc] = FirstFailing(outcomes_of(self.keep), render, self.batch)

    def first(self, candidates: Iterable[Doc], current: Doc) -> Doc | None:
        """The first candidate, in order, that `keep` takes; `batch` of them at a time."""
        return self._runs.first(candidates, render(current))

    # --- the passes ------------------------------------------------------------------------------
    def lines(self, doc: Doc) -> tuple[Doc, bool]:
        """Chunks of k lines, k halving, from the end (counts sit before what they count); after a cut
        the scan goes on below it rather than starting over."""
        changed = False
        k = max(len(doc) // 2, 1)
        while k >= 1:
            start = len(doc) - 1
            while start >= 0:
                lo = max(start - k + 1, 0)
                removed = doc[:lo] + doc[start + 1:]
                n = len(doc)
                hit = self.first(_repairs(removed, (lo, 0), start + 1 - lo, lambda p: n - 1 - p[0]), doc)
                if hit is not None:
                    doc, changed = hit, True
                start = lo - 1
            k //= 2
        return doc, changed

    def tokens(self, doc: Doc) -> tuple[Doc, bool]:
        changed = False
        for i in range(len(doc)):
            while i < len(doc) and len(doc[i]) > 1 and _listed(doc, i):
                line = doc[i]
                n = len(line)
                cuts = (_repairs((*doc[:i], line[:j] + line[j + k:], *doc[i + 1:]), (i, j), k, lambda _p: n)
                        for k in _halves(len(line)) for j in range(0, len(line), k) if len(line) - k >= 1)
                hit = self.first((d for c in cuts for d in c), doc)
                if hit is None:
                    break
                doc, changed = hit, True
        return doc, changed

    def numbers(self, doc: Doc) -> tuple[Doc, bool]:
        changed = False
        for pos, _ in list(_ints(doc)):
            if pos[0] < len(doc) and pos[1] < len(doc[pos[0]]):
                doc, c = self._lower(doc, pos)
                changed = changed or c
        return doc, changed

    def _lower(self, doc: Doc, pos: Pos) -> tuple[Doc, bool]:
        """The integer at `pos` as low as it goes: the small values first (and, in a header line, one less
        with its label renamed), then a search between the highest value refused and the value now, `batch`
        points at a time (a threshold such as a sum past 2^31 takes a few dozen runs, not a billion)."""
        changed = False
        while True:
            v = _int(doc[pos[0]][pos[1]])
            if v is None or v == 0:
                return doc, changed
            if v < 0:   # toward zero, rarely needed: a few steps
                hit = self.first((_set(doc, pos, str(x)) for x in sorted({0, v // 2 + (v % 2), v + 1}, key=abs)),
                                 doc)
                if hit is None:
                    return doc, changed
                doc, changed = hit, True
                continue
            held = sorted({x for _, x in _ints(doc) if 0 <= x < v}, reverse=True)[:2]
            small = sorted({x for x in (0, 1, 2, *held) if x < v})
            renamed = [*_relabel(doc, pos, v, v - 1), *_compact(doc, pos, v)] if _header(doc, pos[0]) else []
            hit = self.first([*(_set(doc, pos, str(x)) for x in small), *renamed], doc)
            if hit is None:
                break
            doc, changed = hit, True
        lo = max(small, default=-1)   # refused: the lowest value that keeps the difference is above it
        while v - lo > 1:
            points = sorted({lo + (v - lo) * i // (self.batch + 1) for i in range(1, self.batch + 1)} - {lo, v})
            hit = self.first([_set(doc, pos, str(x)) for x in points or [v - 1]], doc)
            if hit is None:
                lo = (points or [v - 1])[-1]
                continue
            got = _int(hit[pos[0]][pos[1]])
            assert got is not None
            lo = max([lo, *(x for x in points if x < got)])
            doc, v, changed = hit, got, True
        return doc, changed

    def strings(self, doc: Doc) -> tuple[Doc, bool]:
        changed = False
        for i in range(len(doc)):
            for j in range(len(doc[i])):
                while j < len(doc[i]) and _int(tok := doc[i][j]) is None and len(tok) > 1:
                    n = len(tok)
                    cuts = (_repairs(_set(doc, (i, j), tok[:c] + tok[c + k:]), (i, j), k, lambda _p: n)
                            for k in _halves(len(tok)) for c in range(0, len(tok), k) if len(tok) - k >= 1)
                    hit = self.first((d for cut in cuts for d in cut), doc)
                    if hit is None:
                        break
                    doc, changed = hit, True
        return doc, changed


def _compact(doc: Doc, pos: Pos, v: int) -> Iterator[Doc]:
    """A gap closed below the count `v` at `pos`: the highest label under v renamed, everywhere after its
    line, to the smallest one no longer used, so that v itself can go down next (the last vertex kept)."""
    after = {x for p, x in _ints(doc) if p[0] > pos[0]}
    free = next((x for x in range(1, v) if x not in after), None)
    high = max((x for x in after if free is not None and free < x < v), default=None)
    if free is None or high is None:
        return
    out = doc
    for p, x in list(_ints(doc)):
        if p[0] > pos[0] and x == high:
            out = _set(out, p, str(free))
    yield out


def _header(doc: Doc, i: int) -> bool:
    """Whether line i heads what follows (its length differs from the next line's: "n m" before the edges
    "u v w"): where a count of labels sits. Renaming labels for a number elsewhere (a weight equal to
    others) would lower it by one step at a time."""
    return i + 1 < len(doc) and len(doc[i]) != len(doc[i + 1])


def _listed(doc: Doc, i: int) -> bool:
    """Whether line i looks like a list worth cutting token by token: no other line is as long (lines of
    fixed fields, such as the edges "u v w" of a graph, are many and alike; each cut costs a validator run)."""
    n = len(doc[i])
    return n > 1 and sum(len(line) == n for line in doc) == 1


def _halves(n: int) -> list[int]:
    out, k = [], n // 2
    while k >= 1:
        out.append(k)
        k //= 2
    return out or [1]


def reduce_text(data: bytes, keep: Keep, batch: int = 2) -> bytes:
    """The text reducer as a shrinker (see shrinkers.py); `batch` candidates go to `keep` at once."""
    doc = parse(data)
    if doc is None:
        return data
    r = Reducer(keep, batch)
    if render(doc) != data and r.keep([render(doc)]) != 0:
        return data   # the validator wants its own spacing: nothing here can keep it
    changed = True
    while changed:
        doc, a = r.lines(doc)
        doc, b = r.tokens(doc)
        doc, c = r.numbers(doc)
        doc, d = r.strings(doc)
        changed = a or b or c or d
    return render(doc)
