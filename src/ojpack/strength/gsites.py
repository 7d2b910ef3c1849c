"""The places of a tree the shrinker and the invalid-input maker edit: lists and strings that may get
shorter (with the lowest length they may have and the lists that must follow them), numbers and characters
that may get smaller (with their lowest value), shapes. Each place reads and replaces its value inside the
entry at its path, so every edit is a `put` of one entry."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..problem import Field, Item, Line, Repeat, Seq, Shape
from .gtext import Block, length_of

Path = tuple[int, ...]


@dataclass(frozen=True)
class Site:
    path: Path
    kind: tuple[Any, ...]          # the grammar place it comes from (the whole-input edits go by it)
    lo: int
    get: Callable[[Any], Any]
    set: Callable[[Any, Any], Any]
    group: tuple[Any, ...] | None = None   # lists that must lose the same items (counted by one field)
    alphabet: str = ""
    field: Field | None = None
    hi: int | None = None


@dataclass
class Sites:
    lists: list[Site] = field(default_factory=list)
    numbers: list[Site] = field(default_factory=list)    # numbers and characters
    shapes: list[tuple[Path, Shape]] = field(default_factory=list)
    want_numbers: bool = True


def _at(k: int | None) -> tuple[Callable[[Any], Any], Callable[[Any, Any], Any]]:
    if k is None:
        return (lambda e: e), (lambda e, v: v)
    return (lambda e: e[k]), (lambda e, v: [*e[:k], v, *e[k + 1:]])


def _inner(outer: tuple[Callable, Callable], i: int) -> tuple[Callable[[Any], Any], Callable[[Any, Any], Any]]:
    """Position i inside the value the outer accessor reaches (a string's character, a list's item)."""
    g, s = outer

    def put(e: Any, v: Any) -> Any:
        old = g(e)
        new = old[:i] + v + old[i + 1:] if isinstance(old, str) else [*old[:i], v, *old[i + 1:]]
        return s(e, new)
    return (lambda e: g(e)[i]), put


def sites(grammar: Any, tree: Block, bounds: Any = None, numbers: bool = True) -> Sites:
    """Every place of `tree`; without `numbers`, only its lists and shapes (cheaper: no place per number)."""
    out = Sites(want_numbers=numbers)
    _walk(grammar.items, tree, (), {}, grammar.bounds if bounds is None else bounds, out)
    return out


def _lo(r: Any, env: dict[str, Any], bounds: Any) -> tuple[int, int] | None:
    try:
        return r(env, bounds)
    except (KeyError, ValueError, TypeError):
        return None


def _walk(items: tuple[Item, ...], block: Block, path: Path, env: dict[str, Any], bounds: Any, out: Sites) -> None:
    local = {f.name: f for it in items if isinstance(it, Line) for f in it.fields if f.derived}

    def counted(name: str | None) -> tuple[int, tuple[Any, ...]] | None:
        """A list counted by a derived field of this block: its lowest length and its group."""
        if name is None or name not in local:
            return None
        got = _lo(local[name].range, env, bounds)
        return (max(got[0], 0) if got else 0), (path, name)

    for j, (it, entry) in enumerate(zip(items, block)):
        p = (*path, j)
        if isinstance(it, Line):
            for k, f in enumerate(it.fields):
                acc = _at(None if len(it.fields) == 1 else k)
                try:
                    v = acc[0](entry)
                except (IndexError, TypeError):
                    continue
                if f.derived:
                    env[f.name] = length_of(items[f.derived[0]], block[f.derived[0]], f.derived[1])
                    continue
                env[f.name] = v
                if f.is_str and isinstance(v, str):
                    assert f.length is not None and f.alphabet is not None
                    exact = f.length.lo.text == f.length.hi.text
                    own = counted(f.length.lo.bare) if exact else None
                    rng = _lo(f.length, env, bounds)
                    if own or (rng and not exact):
                        lo = own[0] if own else rng[0]   # type: ignore[index]
                        out.lists.append(Site(p, (id(it), k), max(lo, 1), *acc, own[1] if own else None,
                                              field=local[f.length.lo.bare] if own else None))
                    for i in range(len(v) if out.want_numbers else 0):
                        out.numbers.append(Site(p, (id(it), k, "char"), 0, *_inner(acc, i), alphabet=f.alphabet))
                elif out.want_numbers and f.range is not None and (rng := _lo(f.range, env, bounds)):
                    out.numbers.append(Site(p, (id(it), k), rng[0], *acc, field=f, hi=rng[1]))
        elif isinstance(it, (Seq, Repeat)):
            if it.header is not None:
                env[it.header.name] = len(entry)
                rng = _lo(it.header.range, env, bounds)
                own = (max(rng[0], 0) if rng else 0, None)
            else:
                own = counted(it.count.bare)   # type: ignore[assignment]
            if own is not None:
                count_field = it.header if it.header is not None else local[it.count.bare]   # type: ignore[index]
                out.lists.append(Site(p, (id(it), -1), own[0], *_at(None), own[1], field=count_field))
            if isinstance(it, Seq):
                rng = _lo(it.elem.range, env, bounds)
                if rng and out.want_numbers:
                    for i in range(len(entry)):
                        out.numbers.append(Site(p, (id(it), "elem"), rng[0], *_inner(_at(None), i),
                                                field=it.elem, hi=rng[1]))
            else:
                for i, b in enumerate(entry):
                    _walk(it.items, b, (*p, i), dict(env), bounds, out)
        else:
            _shape(it, entry, p, env, bounds, out)


def _shape(it: Shape, entry: Any, p: Path, env: dict[str, Any], bounds: Any, out: Sites) -> None:
    from .shapes import sizes
    out.shapes.append((p, it))
    if not out.want_numbers:
        return
    for f, v in zip(it.size, sizes(it, entry)):
        env[f.name] = v
    if it.weights is not None and (rng := _lo(it.weights, env, bounds)):
        edges = entry if it.kind == "tree" else entry[1]
        base = _at(None) if it.kind == "tree" else _at(1)
        for i in range(len(edges)):
            if len(edges[i]) == 3:
                out.numbers.append(Site(p, (id(it), "w"), rng[0], *_inner(_inner(base, i), 2), hi=rng[1]))
    if it.kind == "grid" and it.alphabet:
        for r, row in enumerate(entry):
            for c in range(len(row)):
                out.numbers.append(Site(p, (id(it), "cell"), 0, *_inner(_inner(_at(None), r), c),
                                        alphabet=it.alphabet))
