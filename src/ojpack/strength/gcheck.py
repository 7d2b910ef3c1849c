"""The grammar's rules on a tree: every number within its range (worked out from the fields before it and
the bounds in force), every string within its length and alphabet, comparisons, distinct values, capped
sums, list lengths equal to their counts, shapes whole. The first rule broken is named; None: all hold."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..problem import Bounds, Field, Item, Line, Repeat, Seq
from . import shapes
from .gtext import Block, length_of, marks_of


def _field(f: Field, v: Any, env: dict[str, Any], bounds: Bounds) -> str | None:
    if f.is_str:
        if not isinstance(v, str):
            return f"{f.name} is not a string"
        assert f.length is not None and f.alphabet is not None
        lo, hi = f.length(env, bounds)
        if not lo <= len(v) <= hi:
            return f"{f.name} has {len(v)} characters, outside [{lo}, {hi}]"
        if bad := set(v) - set(f.alphabet):
            return f"{f.name} holds {sorted(bad)[0]!r}, outside its alphabet"
        return None
    assert f.range is not None
    if isinstance(v, str):
        return f"{f.name} = {v!r} is not an integer"
    lo, hi = f.range(env, bounds)
    return None if lo <= v <= hi else f"{f.name} = {v} is outside [{lo}, {hi}]"


def _count(it: Seq | Repeat, entry: list, env: dict[str, Any], bounds: Bounds, owned: bool) -> str | None:
    if it.header is not None:
        env[it.header.name] = len(entry)
        return _field(it.header, len(entry), env, bounds)
    if owned:
        return None
    want = it.count(env, bounds)
    return None if len(entry) == want else f"{len(entry)} items where the count {it.count.text} is {want}"


def check(items: Sequence[Item], block: Block, env: dict[str, Any], bounds: Bounds) -> str | None:
    marks = marks_of(items, block)
    if marks:
        return "a count is written otherwise than as its list's length"
    owned = {f.derived for it in items if isinstance(it, Line) for f in it.fields if f.derived}
    for j, (it, entry) in enumerate(zip(items, block)):
        try:
            bad = _item(items, block, j, it, entry, env, bounds, owned)
        except (KeyError, ValueError, TypeError, IndexError) as e:
            bad = f"the input does not fit the grammar here ({type(e).__name__}: {e})"
        if bad:
            return bad
    return None


def _item(items: Sequence[Item], block: Block, j: int, it: Item, entry: Any, env: dict[str, Any],
          bounds: Bounds, owned: set[Any]) -> str | None:
    if isinstance(it, Line):
        values = [entry] if len(it.fields) == 1 else entry
        if len(values) != len(it.fields):
            return f"a line of {len(values)} values where {len(it.fields)} are due"
        for f, v in zip(it.fields, values):
            if f.derived:
                v = length_of(items[f.derived[0]], block[f.derived[0]], f.derived[1])
            env[f.name] = v
            if bad := _field(f, v, env, bounds):
                return bad
        for c in it.asserts:
            if not c.holds(env, bounds):
                return f"{c.text} does not hold ({c.left.text} = {c.left(env, bounds)}, " \
                       f"{c.right.text} = {c.right(env, bounds)})"
        return None
    if isinstance(it, Seq):
        if bad := _count(it, entry, env, bounds, (j, -1) in owned):
            return bad
        assert it.elem.range is not None
        lo, hi = it.elem.range(env, bounds)
        try:   # the whole line at C speed; one by one only to name the number out of range
            fine = not entry or (lo <= min(entry) and max(entry) <= hi)
        except TypeError:
            fine = False
        for v in () if fine else entry:
            if bad := _field(it.elem, v, env, bounds):
                return bad
        if it.distinct and len(set(entry)) != len(entry):
            return f"the values of {it.elem.name} are not distinct"
        return None
    if isinstance(it, Repeat):
        if bad := _count(it, entry, env, bounds, (j, -1) in owned):
            return bad
        totals = {name: 0 for name, _ in it.sums}
        seen: dict[str, set[Any]] = {name: set() for name in it.distinct}
        for b in entry:
            inner = dict(env)
            if bad := check(it.items, b, inner, bounds):
                return bad
            for name in it.distinct:
                if inner[name] in seen[name]:
                    return f"{name} = {inner[name]} appears twice where its values are distinct"
                seen[name].add(inner[name])
            for name in totals:
                value = inner[name]
                totals[name] += len(value) if isinstance(value, str) else value
        for name, total in it.sums:
            if totals[name] > (cap := total(env, bounds)):
                return f"the sum of {name} is {totals[name]}, over {total.text} = {cap}"
        return None
    return shapes.check(it, entry, env, bounds)
