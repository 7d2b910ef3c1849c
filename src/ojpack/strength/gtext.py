"""Grammar trees ↔ input bytes.

A block's tree is a list with one entry per item: a one-field line's value (an int or a str), a longer
line's list of values, a list's numbers, a repeat's list of blocks, a shape's structure (shapes.py).
Counts are never trusted from the tree: a derived field, a header count and a shape's sizes are written as
the length of what they count (or as a `Recount` mark says, for invalid inputs: spelling.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import OjpackError
from ..problem import Bounds, Field, Item, Line, Repeat, Seq, Shape
from . import shapes

Block = list[Any]


class GrammarError(OjpackError):
    """The package has no grammar, or an input does not follow it."""


def length_of(item: Item, entry: Any, k: int) -> int:
    """The length a derived field counts: a list's or repeat's (k = -1), or the string field k's."""
    if k < 0:
        return len(entry)
    assert isinstance(item, Line)
    value = entry if len(item.fields) == 1 else entry[k]
    return len(value)


def marks_of(items: Sequence[Item], block: Block) -> dict[int, Any]:
    return {m.index: m for m in block[len(items):]} if len(block) > len(items) else {}


def derived_value(items: Sequence[Item], block: Block, f: Field, marks: dict[int, Any]) -> Any:
    """What a derived field is written as: its owner's length, or the owner's Recount mark's text."""
    assert f.derived is not None
    j, k = f.derived
    n = length_of(items[j], block[j], k)
    return marks[j].text(n) if j in marks else n


def render(items: Sequence[Item], block: Block, out: list[str]) -> None:
    marks = marks_of(items, block)
    for j, (it, entry) in enumerate(zip(items, block)):
        if isinstance(it, Line):
            values = [entry] if len(it.fields) == 1 else entry
            out.append(" ".join(str(derived_value(items, block, f, marks)) if f.derived else str(v)
                                for f, v in zip(it.fields, values)))
            out.append("\n")
        elif isinstance(it, Seq):
            if it.header is not None:
                out.append(f"{marks[j].text(len(entry)) if j in marks else len(entry)}\n")
            out.append(" ".join(map(str, entry)))
            out.append("\n")
        elif isinstance(it, Repeat):
            if it.header is not None:
                out.append(f"{marks[j].text(len(entry)) if j in marks else len(entry)}\n")
            inner = it.items
            if len(inner) == 1 and isinstance(inner[0], Seq) and inner[0].header is not None:
                # the commonest repeated block (a counted line of numbers), without a call per block
                for b in entry:
                    if len(b) == 1:
                        out.append(f"{len(b[0])}\n{' '.join(map(str, b[0]))}\n")
                    else:   # a marked block (an invalid input)
                        render(inner, b, out)
            else:
                for b in entry:
                    render(inner, b, out)
        else:
            shapes.render(it, entry, marks.get(j), out)


def parse(items: Sequence[Item], tokens: list[bytes], pos: int, env: dict[str, Any],
          bounds: Bounds) -> tuple[int, Block]:
    block: Block = []
    for it in items:
        if isinstance(it, Line):
            values = []
            for f in it.fields:
                v = _token(tokens, pos, f)
                pos += 1
                env[f.name] = v
                values.append(v)
            block.append(values[0] if len(values) == 1 else values)
        elif isinstance(it, Seq):
            count, pos = _count(it.header, it.count, tokens, pos, env, bounds)
            if pos + count > len(tokens):
                raise GrammarError(f"the input ends inside a line of {count} numbers")
            try:   # the whole line at C speed; token by token only to name the one that is not a number
                block.append(list(map(int, tokens[pos:pos + count])))
            except ValueError:
                block.append([_token(tokens, p, it.elem) for p in range(pos, pos + count)])
            pos += count
        elif isinstance(it, Repeat):
            count, pos = _count(it.header, it.count, tokens, pos, env, bounds)
            if count > len(tokens) - pos + 100_000:   # not worth trying block by block
                raise GrammarError(f"a count of {count} blocks in an input of {len(tokens)} tokens")
            blocks = []
            for _ in range(count):
                pos, b = parse(it.items, tokens, pos, dict(env), bounds)
                blocks.append(b)
            block.append(blocks)
        else:
            pos, entry = shapes.parse(it, tokens, pos, env)
            block.append(entry)
    return pos, block


def _count(header: Field | None, count: Any, tokens: list[bytes], pos: int, env: dict[str, Any],
           bounds: Bounds) -> tuple[int, int]:
    if header is not None:
        n = _token(tokens, pos, header)
        pos += 1
        env[header.name] = n
    else:
        try:
            n = count(env, bounds)
        except (KeyError, ValueError, TypeError) as e:
            raise GrammarError(f"the count {count.text} cannot be worked out ({e})") from None
    if n < 0:
        raise GrammarError(f"a negative count {n} for {header.name if header else count.text}")
    return n, pos


def _token(tokens: list[bytes], pos: int, f: Field) -> Any:
    if pos >= len(tokens):
        raise GrammarError(f"the input ends before the grammar does (expected {f.name})")
    tok = tokens[pos]
    if f.is_str:
        return tok.decode("latin-1")
    try:
        return int(tok)
    except ValueError:
        raise GrammarError(f"{f.name}: {tok[:20].decode('latin-1')!r} is not an integer") from None
