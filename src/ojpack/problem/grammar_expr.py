"""The small expression language of the input grammar: integer arithmetic over literals, fields read
earlier (`n`) and the problem's declared bounds (`N.max`, `W.min`), ranges `LO..HI` and comparisons.

Parsed with Python's own `ast` (a well-kept parser of exactly this syntax) into a tuple tree that is
evaluated by hand: nothing is ever passed to eval."""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

Bounds = Mapping[str, tuple[int, int]]
Node = tuple

_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "/", ast.Div: "/", ast.Mod: "%", ast.Pow: "^"}
_CMP = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}


class ExprError(ValueError):
    """A mistake in an expression, said in one line."""


@dataclass(frozen=True)
class Expr:
    text: str
    node: Node = field(compare=False)

    @cached_property
    def fields(self) -> frozenset[str]:
        return frozenset(_names(self.node, "field"))

    @property
    def bounds(self) -> frozenset[str]:
        return frozenset(_names(self.node, "bound"))

    @property
    def bare(self) -> str | None:
        """The field this expression is, when it is nothing but one field (a count tied to a list)."""
        return self.node[1] if self.node[0] == "field" else None

    def __call__(self, env: Mapping[str, object], bounds: Bounds) -> int:
        return _eval(self.node, env, bounds)


@dataclass(frozen=True)
class Range:
    lo: Expr
    hi: Expr
    # the last bounds and value of a range that reads no field (the common case, worked out once per set of
    # bounds, not once per number: sampling's hot path); the bounds are held, so their id is never reused
    # (one (bounds, value) pair, replaced whole, so threads judging under other bounds never mix them up)
    _last: list[Any] = field(default_factory=lambda: [None], compare=False, repr=False)

    def __call__(self, env: Mapping[str, object], bounds: Bounds) -> tuple[int, int]:
        last = self._last[0]
        if last is not None and last[0] is bounds:
            return last[1]
        value = self.lo(env, bounds), self.hi(env, bounds)
        if not self.lo.fields and not self.hi.fields:
            self._last[0] = (bounds, value)
        return value

    @property
    def text(self) -> str:
        return self.lo.text if self.lo.text == self.hi.text else f"{self.lo.text}..{self.hi.text}"


@dataclass(frozen=True)
class Compare:
    text: str
    op: str
    left: Expr
    right: Expr

    def holds(self, env: Mapping[str, object], bounds: Bounds) -> bool:
        a, b = self.left(env, bounds), self.right(env, bounds)
        return {"==": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[self.op]


def literal(value: int) -> Expr:
    return Expr(str(value), ("num", value))


def bound_range(name: str) -> Range:
    return Range(Expr(f"{name}.min", ("bound", name, "min")), Expr(f"{name}.max", ("bound", name, "max")))


def expr(text: object) -> Expr:
    """An integer expression: 5, 2e5, 10^9, n, n-1, N.max, min(n, 10), n*(n-1)/2."""
    if isinstance(text, bool) or not isinstance(text, (int, str)):
        raise ExprError(f"expected an integer or an expression, got {text!r}")
    source = str(text).strip()
    try:
        tree = ast.parse(source.replace("^", "**"), mode="eval").body
    except SyntaxError:
        raise ExprError(f"cannot read {source!r} as an expression") from None
    return Expr(source, _node(tree, source))


def parse_range(text: object) -> Range:
    """`LO..HI`; a bound's name alone is that bound's range; one expression is that one value."""
    source = str(text).strip() if isinstance(text, (int, str)) and not isinstance(text, bool) else None
    if source is None:
        raise ExprError(f"expected a range LO..HI, got {text!r}")
    if ".." in source:
        lo, _, hi = source.partition("..")
        return Range(expr(lo), expr(hi))
    if source.isidentifier():
        return bound_range(source)
    one = expr(source)
    return Range(one, one)


def compare(text: object) -> Compare:
    if not isinstance(text, str):
        raise ExprError(f"expected a comparison such as 'u != v', got {text!r}")
    try:
        tree = ast.parse(text.strip().replace("^", "**"), mode="eval").body
    except SyntaxError:
        raise ExprError(f"cannot read {text!r} as a comparison") from None
    if not isinstance(tree, ast.Compare) or len(tree.ops) != 1 or type(tree.ops[0]) not in _CMP:
        raise ExprError(f"{text!r}: write one comparison, A op B, with op one of == != < <= > >=")
    left = ast.get_source_segment(text.strip().replace("^", "**"), tree.left) or ""
    right = ast.get_source_segment(text.strip().replace("^", "**"), tree.comparators[0]) or ""
    return Compare(text.strip(), _CMP[type(tree.ops[0])], Expr(left, _node(tree.left, text)),
                   Expr(right, _node(tree.comparators[0], text)))


def _node(t: ast.AST, source: str) -> Node:
    if isinstance(t, ast.Constant) and isinstance(t.value, (int, float)) and not isinstance(t.value, bool):
        if t.value != int(t.value):
            raise ExprError(f"{source!r}: {t.value} is not an integer")
        return ("num", int(t.value))
    if isinstance(t, ast.Name):
        return ("field", t.id)
    if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name):
        if t.attr not in ("min", "max"):
            raise ExprError(f"{source!r}: a bound has .min and .max, not .{t.attr}")
        return ("bound", t.value.id, t.attr)
    if isinstance(t, ast.BinOp) and type(t.op) in _OPS:
        return ("op", _OPS[type(t.op)], _node(t.left, source), _node(t.right, source))
    if isinstance(t, ast.UnaryOp) and isinstance(t.op, (ast.USub, ast.UAdd)):
        inner = _node(t.operand, source)
        return ("op", "-", ("num", 0), inner) if isinstance(t.op, ast.USub) else inner
    if isinstance(t, ast.Call) and isinstance(t.func, ast.Name) and t.func.id in ("min", "max") \
            and len(t.args) == 2 and not t.keywords:
        return (t.func.id, _node(t.args[0], source), _node(t.args[1], source))
    raise ExprError(f"{source!r}: only integers, fields, bounds (X.min, X.max), + - * / % ^, min() and "
                    "max() may appear in an expression")


def _names(node: Node, kind: str) -> list[str]:
    if node[0] == kind:
        return [node[1]]
    return [n for part in node[1:] if isinstance(part, tuple) for n in _names(part, kind)]


def _eval(node: Node, env: Mapping[str, object], bounds: Bounds) -> int:
    kind = node[0]
    if kind == "num":
        return node[1]
    if kind == "field":
        value = env[node[1]]
        return len(value) if isinstance(value, str) else value   # type: ignore[return-value,arg-type]
    if kind == "bound":
        lo, hi = bounds[node[1]]
        return lo if node[2] == "min" else hi
    a, b = _eval(node[2 if kind == "op" else 1], env, bounds), _eval(node[3 if kind == "op" else 2], env, bounds)
    if kind == "min":
        return min(a, b)
    if kind == "max":
        return max(a, b)
    op = node[1]
    if op in "/%" and b == 0:
        raise ExprError(f"division by zero in {op}")
    return {"+": a + b, "-": a - b, "*": a * b, "/": a // b if b else 0, "%": a % b if b else 0,
            "^": a ** b if 0 <= b <= 64 else 0}[op]
