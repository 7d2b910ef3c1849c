"""Named shapes of the input grammar: a tree, a graph, a permutation, a grid — each a header line of
sizes and then its lines, generated valid, checked, shrunk structurally and broken on purpose.

Entries: a tree is its edges ([u, v] or [u, v, w]; n = edges + 1), a graph is [n, edges], a permutation
its values, a grid its rows. Sizes are never stored apart from what they count, so every edit keeps them."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ..problem import Bounds, Shape

Edges = list[list[int]]


def sizes(shape: Shape, entry: Any) -> list[int]:
    """The header's values, in the order of `shape.size`."""
    if shape.kind == "tree":
        return [len(entry) + 1]
    if shape.kind == "graph":
        return [entry[0], len(entry[1])]
    if shape.kind == "permutation":
        return [len(entry)]
    return [len(entry), len(entry[0]) if entry else 0]


def counted(shape: Shape) -> int:
    """Which header value a broken count (Recount mark) is written over: the one that counts lines."""
    return 1 if shape.kind == "graph" else 0


def render(shape: Shape, entry: Any, mark: Any, out: list[str]) -> None:
    head = [str(v) for v in sizes(shape, entry)]
    if mark is not None:
        k = counted(shape)
        head[k] = mark.text(int(head[k]))
    out.append(" ".join(head) + "\n")
    if shape.kind == "tree":
        out += [" ".join(map(str, e)) + "\n" for e in entry]
    elif shape.kind == "graph":
        out += [" ".join(map(str, e)) + "\n" for e in entry[1]]
    elif shape.kind == "permutation":
        out.append(" ".join(map(str, entry)) + "\n")
    else:
        out += [row + "\n" for row in entry]


def parse(shape: Shape, tokens: list[bytes], pos: int, env: dict[str, Any]) -> tuple[int, Any]:
    from .gtext import GrammarError
    need = len(shape.size)
    head = _ints(tokens, pos, need, f"the input ends before the {shape.kind}'s sizes",
                 f"the {shape.kind}'s sizes are not integers")
    pos += need
    for f, v in zip(shape.size, head):
        env[f.name] = v
    if shape.kind == "grid":
        r = head[0]
        if r < 0 or pos + r > len(tokens):
            raise GrammarError(f"the input has not the {r} grid rows it announces")
        return pos + r, [t.decode("latin-1") for t in tokens[pos:pos + r]]
    width = 3 if shape.weights is not None else 2
    count = {"tree": head[0] - 1, "graph": head[-1], "permutation": head[0]}[shape.kind]
    if shape.kind == "tree" and head[0] < 1:
        raise GrammarError(f"a tree of {head[0]} vertices")
    if count < 0:
        raise GrammarError(f"a negative count {count} in the {shape.kind}")
    size = count if shape.kind == "permutation" else count * width
    values = _ints(tokens, pos, size, f"the input ends inside the {shape.kind}",
                   f"the {shape.kind} holds a token that is not an integer")
    pos += size
    if shape.kind == "permutation":
        return pos, values
    edges = [values[i:i + width] for i in range(0, size, width)]
    return pos, edges if shape.kind == "tree" else [head[0], edges]


EXTREME = 0.04        # chance that a number (or a count) sits exactly on its bound


def pick(rng: random.Random, lo: int, hi: int, cap: int) -> int:
    """A number of lo..hi (hi >= lo), at most `cap` above lo unless it sits on a bound (now and then)."""
    x = rng.random()
    if x < EXTREME:
        return hi if x < EXTREME / 2 else lo
    return lo + int(rng.random() * (min(hi, lo + cap) - lo + 1))


def _pick(rng: random.Random, lo: int, hi: int, cap: int) -> int:
    return pick(rng, lo, max(lo, hi), cap)   # a shape's empty range (no room for more edges): its low end


def sample(shape: Shape, rng: random.Random, cap: int, env: dict[str, Any], bounds: Bounds) -> Any:
    first = shape.size[0]
    assert first.range is not None
    lo, hi = first.range(env, bounds)
    b = shape.base
    weight = (lambda: _pick(rng, *shape.weights(env, bounds), cap)) if shape.weights else None   # type: ignore[misc]
    if shape.kind == "grid":
        r = _pick(rng, max(lo, 1), hi, cap)
        env[first.name] = r
        assert shape.size[1].range is not None and shape.alphabet is not None
        c = _pick(rng, max(shape.size[1].range(env, bounds)[0], 1), shape.size[1].range(env, bounds)[1], cap)
        env[shape.size[1].name] = c
        common = rng.choice(shape.alphabet)
        dense = rng.random()
        return ["".join(common if rng.random() > dense else rng.choice(shape.alphabet) for _ in range(c))
                for _ in range(r)]
    n = _pick(rng, max(lo, 1), hi, cap)
    env[first.name] = n
    if shape.kind == "permutation":
        values = list(range(b, b + n))
        if rng.random() < 0.9:
            rng.shuffle(values)
        return values
    if shape.kind == "tree":
        edges = _spanning(rng, n, b)
        return [e + [weight()] for e in edges] if weight else edges
    m_field = shape.size[1]
    for _ in range(50):   # a vertex count that leaves room for an edge count within its range
        env[first.name] = n
        assert m_field.range is not None
        m_lo, m_hi = m_field.range(env, bounds)
        most = n * (n - 1) // 2 if shape.simple else m_hi
        least = n - 1 if shape.connected else 0
        if max(m_lo, least) <= min(m_hi, most):
            break
        n = _pick(rng, max(lo, 1), hi, cap)
    m = _pick(rng, max(m_lo, least), min(m_hi, most), cap)
    env[m_field.name] = m
    edges = _spanning(rng, n, b)[:m] if shape.connected else []
    present = {(min(u, v), max(u, v)) for u, v in edges}
    while len(edges) < m:
        u, v = rng.randrange(b, b + n), rng.randrange(b, b + n)
        key = (min(u, v), max(u, v))
        if shape.simple and (u == v or key in present):
            continue
        present.add(key)
        edges.append([u, v])
    rng.shuffle(edges)
    return [n, [e + [weight()] for e in edges] if weight else edges]


def _spanning(rng: random.Random, n: int, b: int) -> Edges:
    """A random tree's edges: random parents, or a path, or a star (the extremes some solutions miss)."""
    style = rng.random()
    label = list(range(b, b + n))
    rng.shuffle(label)
    edges = []
    for v in range(1, n):
        p = v - 1 if style < 0.15 else 0 if style < 0.25 else rng.randrange(max(0, v - 3) if style < 0.4 else 0, v)
        edges.append([label[p], label[v]] if rng.random() < 0.5 else [label[v], label[p]])
    rng.shuffle(edges)
    return edges


def _connected(n: int, edges: Edges, b: int) -> bool:
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x
    parts = n
    for e in edges:
        a, c = find(e[0] - b), find(e[1] - b)
        if a != c:
            parent[a] = c
            parts -= 1
    return parts <= 1


def check(shape: Shape, entry: Any, env: dict[str, Any], bounds: Bounds) -> str | None:
    """The first rule the shape breaks, or None; sets the sizes' fields in `env`."""
    for f, v in zip(shape.size, sizes(shape, entry)):
        assert f.range is not None
        lo, hi = f.range(env, bounds)
        if not lo <= v <= hi:
            return f"{f.name} = {v} is outside [{lo}, {hi}]"
        env[f.name] = v
    b, n = shape.base, sizes(shape, entry)[0]
    if shape.kind == "grid":
        assert shape.alphabet is not None
        c = sizes(shape, entry)[1]
        for i, row in enumerate(entry):
            if len(row) != c:
                return f"grid row {i + 1} has {len(row)} characters, not {c}"
            if bad := set(row) - set(shape.alphabet):
                return f"grid row {i + 1} holds {sorted(bad)[0]!r}, outside the alphabet"
        return None
    if shape.kind == "permutation":
        return None if sorted(entry) == list(range(b, b + n)) else f"not a permutation of {b}..{b + n - 1}"
    edges = entry if shape.kind == "tree" else entry[1]
    seen = set()
    for e in edges:
        if not all(b <= x < b + n for x in e[:2]):
            return f"edge {e[0]} {e[1]} names a vertex outside {b}..{b + n - 1}"
        if e[0] == e[1] and (shape.kind == "tree" or shape.simple):
            return f"a self-loop {e[0]} {e[1]}"
        key = (min(e[0], e[1]), max(e[0], e[1]))
        if key in seen and (shape.kind == "tree" or shape.simple):
            return f"the edge {e[0]} {e[1]} is given twice"
        seen.add(key)
        if shape.weights is not None:
            lo, hi = shape.weights(env, bounds)
            if len(e) != 3 or not lo <= e[2] <= hi:
                return f"edge weight {e[2] if len(e) == 3 else '?'} is outside [{lo}, {hi}]"
    if (shape.kind == "tree" or shape.connected) and not _connected(n, edges, b):
        return f"the {shape.kind} is not connected" + (" (it has a cycle)" if shape.kind == "tree" else "")
    return None


def _drop_vertex(edges: Edges, x: int) -> Edges:
    return [[u - (u > x), v - (v > x), *rest] for u, v, *rest in edges if x not in (u, v)]


def smaller(shape: Shape, entry: Any) -> Iterator[tuple[Any, int | None]]:
    """Structurally smaller shapes, biggest cuts first (the caller keeps only valid ones), each with the
    vertex label it removed (labels above it moved down by one), if it removed one."""
    b = shape.base
    if shape.kind == "grid":
        for i in range(len(entry)):
            yield entry[:i] + entry[i + 1:], None
        for j in range(len(entry[0]) if entry else 0):
            yield [row[:j] + row[j + 1:] for row in entry], None
        return
    if shape.kind == "permutation":
        for x in sorted(entry, reverse=True):
            yield [v - (v > x) for v in entry if v != x], x
        return
    edges = entry if shape.kind == "tree" else entry[1]
    n = sizes(shape, entry)[0]
    degree: dict[int, int] = {}
    for u, v, *_ in edges:
        degree[u] = degree.get(u, 0) + 1
        degree[v] = degree.get(v, 0) + 1
    if shape.kind == "graph":
        k = len(edges) // 2
        while k >= 1:
            for start in range(0, len(edges), k):
                yield [n, edges[:start] + edges[start + k:]], None
            k //= 2
    for x in range(b + n - 1, b - 1, -1):   # a leaf or isolated vertex, its edge with it, the labels above moved down
        if degree.get(x, 0) <= 1:
            cut = _drop_vertex(edges, x)
            yield (cut if shape.kind == "tree" else [n - 1, cut]), x


def broken(shape: Shape, entry: Any) -> Iterator[tuple[str, Any]]:
    """(what is wrong, the entry) for inputs that break the shape while keeping its counts."""
    b = shape.base
    if shape.kind == "grid":
        if entry and entry[0]:
            bad = next((c for c in "?#.xX0@" if c not in (shape.alphabet or "")), "?")
            yield "a grid cell outside the alphabet", [bad + entry[0][1:], *entry[1:]]
            yield "a grid row one character short", [entry[0][:-1], *entry[1:]]
            yield "a grid row one character long", [entry[0] + entry[0][-1], *entry[1:]]
        return
    if shape.kind == "permutation":
        if len(entry) >= 2:
            yield "a permutation with a value twice", [entry[0], entry[0], *entry[2:]]
        if entry:
            yield "a permutation value past n", [*entry[:-1], b + len(entry)]
        return
    edges = entry if shape.kind == "tree" else entry[1]
    n = sizes(shape, entry)[0]
    wrap = (lambda e: e) if shape.kind == "tree" else (lambda e: [n, e])
    if edges:
        u = edges[0][0]
        yield f"a self-loop in the {shape.kind}", wrap([[u, u, *edges[0][2:]], *edges[1:]])
        yield f"a vertex past n in the {shape.kind}", wrap([[edges[0][0], b + n, *edges[0][2:]], *edges[1:]])
        yield f"a vertex below {b} in the {shape.kind}", wrap([[b - 1, edges[0][1], *edges[0][2:]], *edges[1:]])
    if len(edges) >= 2:
        yield f"an edge twice in the {shape.kind}", wrap([*edges[:-1], list(edges[0])])
    if shape.kind == "tree" and n >= 3:
        yield "a tree with a cycle", _cycle(edges, n, b)
    if shape.kind == "graph" and shape.connected and n >= 2:
        x = b + n - 1   # vertex n cut off: its edges moved to other pairs
        others = [(u, v) for u in range(b, x) for v in range(u + 1, x)]
        used = {(min(e[0], e[1]), max(e[0], e[1])) for e in edges if x not in e[:2]}
        free = iter([p for p in others if p not in used] if shape.simple else others * len(edges))
        moved = [e if x not in e[:2] else [*next(free, (b, b)), *e[2:]] for e in edges]
        yield "a disconnected graph", wrap(moved)


def _cycle(edges: Edges, n: int, b: int) -> Edges:
    """The tree with one leaf's edge replaced by an edge closing a cycle among the other vertices."""
    degree: dict[int, int] = {}
    for u, v, *_ in edges:
        degree[u] = degree.get(u, 0) + 1
        degree[v] = degree.get(v, 0) + 1
    leaf = next(i for i, e in enumerate(edges) if degree[e[0]] == 1 or degree[e[1]] == 1)
    rest = edges[:leaf] + edges[leaf + 1:]
    have = {(min(u, v), max(u, v)) for u, v, *_ in rest}
    cut = edges[leaf][0] if degree[edges[leaf][0]] == 1 else edges[leaf][1]
    pair = next(((u, v) for u in range(b, b + n) for v in range(u + 1, b + n)
                 if cut not in (u, v) and (u, v) not in have), (edges[0][0], edges[0][1]))
    return rest[:leaf] + [[*pair, *edges[leaf][2:]]] + rest[leaf:]


def _ints(tokens: list[bytes], pos: int, n: int, short: str, bad: str) -> list[int]:
    """The n integers at pos; `short` or `bad` (as a GrammarError) when they are missing or not integers."""
    from .gtext import GrammarError
    if pos + n > len(tokens):
        raise GrammarError(short)
    try:
        return [int(t) for t in tokens[pos:pos + n]]
    except ValueError:
        raise GrammarError(bad) from None
