"""Random valid trees of a grammar, small first: `cap` limits how far a number goes above its lower bound
(grammar.CAPS, growing with the level), a number sits on its bound now and then, and a top-level repeat is
usually packed to its maximal count (many small cases in one file)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..problem import Bounds, Field, Item, Line, Repeat, Seq
from . import shapes
from .gtext import Block, GrammarError

PACK = 0.9            # chance that a top-level list is packed to its maximal length
TRIES = 200           # draws of a line before its comparisons are declared unsatisfiable


def pick(r: random.Random, lo: int, hi: int, cap: int) -> int:
    if hi < lo:
        raise GrammarError(f"an empty range [{lo}, {hi}]")
    return shapes.pick(r, lo, hi, cap)


def _string(r: random.Random, f: Field, length: int) -> str:
    chars = f.alphabet
    assert chars is not None
    few = chars[:1 + int(r.random() * len(chars))] if r.random() < 0.5 else chars   # repeats make cases
    return "".join(few[int(r.random() * len(few))] for _ in range(length))


def _length(f: Field, env: dict[str, Any], bounds: Bounds, r: random.Random, cap: int) -> int:
    assert f.length is not None
    lo, hi = f.length(env, bounds)
    return pick(r, max(lo, 1), hi, cap)


def _line(items: Sequence[Item], it: Line, r: random.Random, cap: int, env: dict[str, Any], bounds: Bounds,
          top: bool, caps: dict[str, int]) -> Any:
    for t in range(TRIES):
        # each failed draw lets the numbers go one further above their lower bound: at cap 0 every field
        # sits on its lowest value, and `u != v` over 1..n would never hold
        cap_t = cap + t
        values = []
        for f in it.fields:
            if f.is_str:
                v: Any = _string(r, f, _length(f, env, bounds, r, cap_t))
            else:
                assert f.range is not None
                lo, hi = f.range(env, bounds)
                hi = max(lo, min(hi, caps.get(f.name, hi)))
                owner = items[f.derived[0]] if f.derived else None
                # "T cases" first in the file: usually as many as may be (many small cases in one spawn)
                first = top and len(it.fields) == 1 and items[0] is it
                if isinstance(owner, Repeat) and first and r.random() < PACK:
                    v = hi
                else:
                    if isinstance(owner, Seq) and owner.distinct:   # no more distinct values than there are
                        assert owner.elem.range is not None
                        try:
                            e_lo, e_hi = owner.elem.range({**env, f.name: hi}, bounds)
                            hi = min(hi, max(e_hi - e_lo + 1, lo))
                        except (KeyError, ValueError):
                            pass
                    v = pick(r, lo, hi, cap_t)
            env[f.name] = v
            values.append(v)
        if all(c.holds(env, bounds) for c in it.asserts):
            return values[0] if len(values) == 1 else values
    raise GrammarError(f"no random line satisfies {', '.join(c.text for c in it.asserts)}")


def _count(it: Seq | Repeat, r: random.Random, cap: int, env: dict[str, Any], bounds: Bounds, top: bool) -> int:
    if it.header is None:
        return it.count(env, bounds)
    assert it.header.range is not None
    lo, hi = it.header.range(env, bounds)
    size = hi if top and isinstance(it, Repeat) and r.random() < PACK else pick(r, max(lo, 0), hi, cap)
    env[it.header.name] = size
    return size


def sample(items: Sequence[Item], r: random.Random, cap: int, env: dict[str, Any], bounds: Bounds,
           top: bool = False, caps: dict[str, int] | None = None) -> Block:
    block: Block = []
    caps = caps or {}
    for it in items:
        if isinstance(it, Line):
            block.append(_line(items, it, r, cap, env, bounds, top, caps))
        elif isinstance(it, Seq):
            size = _count(it, r, cap, env, bounds, top)
            assert it.elem.range is not None
            lo, hi = it.elem.range(env, bounds)
            if it.distinct:
                span = min(hi, max(lo + cap, lo + 2 * size)) - lo + 1
                values = [lo + x for x in r.sample(range(span), min(size, span))]
            else:   # the hot loop of a stress run: one draw per number, no call
                rr, span = r.random, min(hi, lo + cap) - lo + 1
                values = [lo + int(rr() * span) for _ in range(size)]
                if values and rr() < 0.3:   # the bounds themselves, somewhere
                    values[int(rr() * size)] = hi if rr() < 0.5 else lo
            block.append(values)
        elif isinstance(it, Repeat):
            block.append(_repeat(it, r, cap, env, bounds, top))
        else:
            block.append(shapes.sample(it, r, cap, env, bounds))
    return block


def _repeat(it: Repeat, r: random.Random, cap: int, env: dict[str, Any], bounds: Bounds, top: bool) -> list[Block]:
    size = _count(it, r, cap, env, bounds, top)
    free = it.header is not None or it.count.bare is not None   # may come out shorter than drawn
    budget = {name: total(env, bounds) for name, total in it.sums}
    seen: dict[str, set[Any]] = {name: set() for name in it.distinct}
    blocks: list[Block] = []
    plain = not it.distinct and not budget
    only = it.items[0] if len(it.items) == 1 else None
    if plain and isinstance(only, Seq) and only.header is not None and not only.distinct \
            and not only.header.range.lo.fields and not only.header.range.hi.fields:   # type: ignore[union-attr]
        # the commonest repeated block (a counted line of numbers), drawn without a call per number
        assert only.header.range is not None and only.elem.range is not None
        c_lo, c_hi = only.header.range(env, bounds)
        c_lo = max(c_lo, 0)
        rr = r.random
        for _ in range(size):
            n = pick(r, c_lo, c_hi, cap)
            env[only.header.name] = n
            lo, hi = only.elem.range(env, bounds)
            span = min(hi, lo + cap) - lo + 1
            values = [lo + int(rr() * span) for _ in range(n)]
            if values and rr() < 0.3:   # the bounds themselves, somewhere
                values[int(rr() * n)] = hi if rr() < 0.5 else lo
            blocks.append([values])
        return blocks
    for i in range(size):
        if plain:   # the common case, kept lean: a block's fields are out of scope after it anyway
            blocks.append(sample(it.items, r, cap, env, bounds))
            continue
        for _ in range(20 if it.distinct else 1):
            inner = dict(env)
            # what is left of each capped sum, keeping the smallest value for every block still to come
            caps = {name: left - (size - i - 1) for name, left in budget.items()}
            b = sample(it.items, r, cap, inner, bounds, caps=caps)
            if all(inner[name] not in seen[name] for name in it.distinct):
                break
        else:
            if free:
                break
            raise GrammarError(f"no random block keeps {', '.join(it.distinct)} distinct")
        if any(inner[name] > budget[name] for name in budget):
            if free:
                break
            raise GrammarError(f"the sums of {', '.join(budget)} cannot stay within their caps")
        for name in it.distinct:
            seen[name].add(inner[name])
        for name in budget:
            budget[name] -= inner[name]
        blocks.append(b)
    return blocks
