"""problem.yaml's `grammar:` section, read strictly into the model (grammar_model.py).

Every mistake is one Invalid naming the key it is about (`grammar[2].line[1]`), so the loader adds its line.
A field takes its range from the bound of its name unless it gives one (`u: 1..n`); names in ranges are
fields read before (in this block or an enclosing one) and bounds as `X.min` / `X.max`, so no bound is
typed twice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .grammar_expr import Compare, Expr, ExprError, Range, bound_range, compare, expr, parse_range
from .grammar_model import Field, Item, Line, Model, Repeat, Seq, Shape, expand_alphabet
from .strict import Invalid, Place, rule

KINDS = ("number", "line", "repeat", "list", "tree", "graph", "permutation", "grid", "checktestdata")
SHAPE_SIZE = {"tree": 1, "permutation": 1, "graph": 2, "grid": 2}
# which keys go with which kind of item (beyond the kind's own key)
ALLOWED = {"number": {"line", "blocks"}, "line": {"assert"}, "repeat": {"items", "distinct", "sum", "assert"},
           "list": {"count", "distinct"}, "tree": {"weights", "base"},
           "graph": {"weights", "base", "connected", "simple"}, "permutation": {"base"}, "grid": {"alphabet"},
           "checktestdata": set()}


@dataclass(frozen=True, kw_only=True)
class GrammarItem:
    """One item of the input's shape (see `ojpack schema`); read into grammar_model by compile_grammar."""
    ALONE = True   # `grammar: {checktestdata: x.ctd}` is read as a list of that one item
    number: str | None = None
    line: Any = None
    blocks: list[GrammarItem] | None = None
    repeat: Any = None
    items: list[GrammarItem] | None = None
    list_: Any = rule(None, alias="list")
    count: Any = None
    distinct: Any = None
    assert_: list[str] | None = rule(None, alias="assert")
    sum_: dict[str, Any] | None = rule(None, alias="sum")
    tree: Any = None
    graph: Any = None
    permutation: Any = None
    grid: Any = None
    weights: Any = None
    connected: bool | None = None
    simple: bool | None = None
    alphabet: str | None = None
    base: int | None = None
    checktestdata: str | None = None

    def given(self) -> dict[str, Any]:
        keys = {"list_": "list", "assert_": "assert", "sum_": "sum"}
        return {keys.get(k, k): v for k, v in vars(self).items() if v is not None}


def compile_grammar(items: list[GrammarItem], bounds: dict[str, Any], at: Place = ("grammar",)) -> Model | None:
    """The model, or None for a checktestdata grammar (read from its file by the strength package)."""
    if not items:
        return Model(())
    if any(it.checktestdata is not None for it in items):
        if len(items) != 1 or len(items[0].given()) != 1:
            raise Invalid(at, "a checktestdata grammar stands alone: grammar: {checktestdata: input.ctd}")
        return None
    legacy = all(it.number is not None for it in items)
    return Model(_Compiler(set(bounds)).block(items, {}, at), legacy)


class _Compiler:
    def __init__(self, bounds: set[str]) -> None:
        self.bounds = bounds

    def block(self, raw: list[GrammarItem], outer: dict[str, Field], at: Place) -> tuple[Item, ...]:
        if not raw:
            raise Invalid(at, "a block needs at least one item")
        scope = dict(outer)
        items: list[Item] = []
        local: dict[str, int] = {}        # Line fields of this block → their item index
        for i, it in enumerate(raw):
            item = self.item(it, scope, (*at, i))
            items.append(item)
            for f in _fields_of(item):
                scope[f.name] = f
                if isinstance(item, Line):
                    local[f.name] = i
                else:
                    local.pop(f.name, None)
        return tuple(_derive(items, local))

    def item(self, it: GrammarItem, scope: dict[str, Field], at: Place) -> Item:
        given = it.given()
        kinds = [k for k in KINDS if k in given and not (k == "line" and "number" in given)]
        if len(kinds) != 1:
            raise Invalid(at, f"an item is one of {', '.join(KINDS)}" + (f"; this one has {kinds}" if kinds else ""))
        kind = kinds[0]
        extra = sorted(set(given) - {kind} - ALLOWED[kind])
        if extra:
            raise Invalid((*at, extra[0]), f"'{extra[0]}' does not go with '{kind}'", names_key=False)
        if kind == "checktestdata":
            raise Invalid((*at, kind), "a checktestdata grammar stands alone: grammar: {checktestdata: input.ctd}")
        if kind == "number":
            return self.legacy(it, scope, at)
        if kind == "line":
            if not isinstance(it.line, list) or not it.line:
                raise Invalid((*at, "line"), "a line is a list of fields: [n, m] or [u: 1..n, v: 1..n]", it.line)
            fields: list[Field] = []
            for j, raw in enumerate(it.line):
                f = self.field(raw, {**scope, **{g.name: g for g in fields}}, (*at, "line", j))
                if f.name in [g.name for g in fields]:
                    raise Invalid((*at, "line", j), f"field {f.name!r} appears twice on this line")
                fields.append(f)
            inner = {**scope, **{f.name: f for f in fields}}
            return Line(tuple(fields), self.asserts(it.assert_, inner, at))
        if kind == "list":
            elem = self.field(it.list_, scope, (*at, "list"))
            if elem.is_str:
                raise Invalid((*at, "list"), "a list holds integers (a string is a field of a line)")
            if it.count is None:
                raise Invalid(at, "a list needs 'count' (a field read before, or an expression)")
            return Seq(elem, self.expr(it.count, scope, (*at, "count")), distinct=self.flag(it.distinct, at))
        if kind == "repeat":
            count = self.expr(it.repeat, scope, (*at, "repeat"))
            if not it.items:
                raise Invalid(at, "'repeat' needs 'items': the block repeated")
            inner = self.block(it.items, scope, (*at, "items"))
            names = {f.name for i in inner for f in _fields_of(i)}
            distinct = self.names(it.distinct, names, (*at, "distinct"))
            sums = []
            for name, total in (it.sum_ or {}).items():
                if name not in names:
                    raise Invalid((*at, "sum", name), f"{name!r} is not a field of the repeated block")
                sums.append((name, self.expr(total, scope, (*at, "sum", name))))
            if it.assert_:
                raise Invalid((*at, "assert"), "put comparisons on the line whose fields they compare")
            return Repeat(inner, count, distinct=distinct, sums=tuple(sums))
        return self.shape(kind, it, scope, at)

    def legacy(self, it: GrammarItem, scope: dict[str, Field], at: Place) -> Item:
        name = it.number
        assert name is not None
        header = self.bound_field(name, (*at, "number"))
        if it.line is not None and it.blocks is not None:
            raise Invalid(at, "a grammar item counts either a 'line' or 'blocks', not both")
        if it.line is not None:
            if not isinstance(it.line, str):
                raise Invalid((*at, "line"), "after 'number', 'line' names the bound of the counted numbers", it.line)
            return Seq(self.bound_field(it.line, (*at, "line")), _field_expr(name), header)
        if it.blocks is not None:
            return Repeat(self.block(it.blocks, {**scope, name: header}, (*at, "blocks")), _field_expr(name), header)
        return Line((header,))

    def shape(self, kind: str, it: GrammarItem, scope: dict[str, Field], at: Place) -> Shape:
        raw = getattr(it, kind)
        raw = raw if isinstance(raw, list) else [raw]
        if len(raw) != SHAPE_SIZE[kind]:
            want = {"tree": "its vertex count: tree: n", "permutation": "its length: permutation: n",
                    "graph": "vertex and edge counts: graph: [n, m]", "grid": "rows and columns: grid: [r, c]"}
            raise Invalid((*at, kind), f"a {kind} names {want[kind]}", getattr(it, kind))
        size: list[Field] = []
        for j, r in enumerate(raw):
            f = self.field(r, {**scope, **{g.name: g for g in size}}, (*at, kind) if len(raw) == 1 else (*at, kind, j))
            if f.is_str:
                raise Invalid((*at, kind), f"a {kind}'s size is an integer field")
            size.append(f)
        weights = self.range(it.weights, scope | {f.name: f for f in size}, (*at, "weights")) \
            if it.weights is not None else None
        alphabet = None
        if kind == "grid":
            if it.alphabet is None:
                raise Invalid(at, "a grid needs 'alphabet' (its cells' characters, e.g. '.#')")
            alphabet = self.chars(it.alphabet, (*at, "alphabet"))
        base = it.base if it.base is not None else 1
        if base not in (0, 1):
            raise Invalid((*at, "base"), "vertices are numbered from 0 or from 1", base)
        return Shape(kind, tuple(size), weights, it.connected is not False, it.simple is not False,  # type: ignore[arg-type]
                     alphabet, base)

    # --- pieces ----------------------------------------------------------------------------------
    def field(self, raw: Any, scope: dict[str, Field], at: Place) -> Field:
        if isinstance(raw, str) and raw.isidentifier():
            return self.bound_field(raw, at)
        if not isinstance(raw, dict) or len(raw) != 1:
            raise Invalid(at, "a field is a bound's name (n) or name: range (u: 1..n) or name: {alphabet: a-z, "
                              "length: 1..n}", raw)
        (name, spec), = raw.items()
        if not isinstance(name, str) or not name.isidentifier():
            raise Invalid(at, "a field's name is a word of letters, digits and _", name)
        if isinstance(spec, dict):
            unknown = sorted(set(spec) - {"alphabet", "length"})
            if unknown or "alphabet" not in spec:
                raise Invalid((*at, name), "a string field is {alphabet: a-z, length: 1..n}" +
                              (f" ('{unknown[0]}' is not a key of it)" if unknown else ""))
            chars = self.chars(spec["alphabet"], (*at, name, "alphabet"))
            length = self.range(spec.get("length", 1), scope, (*at, name, "length"))
            return Field(name, alphabet=chars, length=length)
        return Field(name, self.range(spec, scope, (*at, name)))

    def bound_field(self, name: Any, at: Place) -> Field:
        if not isinstance(name, str) or name not in self.bounds:
            raise Invalid(at, f"{name!r} is not among bounds {sorted(self.bounds)}: name a bound, or give the "
                              f"field its range ({name}: LO..HI)")
        return Field(name, bound_range(name))

    def range(self, raw: Any, scope: dict[str, Field], at: Place) -> Range:
        if isinstance(raw, str) and raw.strip() in scope:   # a field read before: exactly its value
            raw = f"{raw.strip()}..{raw.strip()}"
        try:
            r = parse_range(raw)
        except ExprError as e:
            raise Invalid(at, str(e)) from None
        if r.lo.node[0] == "bound" and r.lo.text.endswith(".min") and r.lo.node[1] not in self.bounds:
            raise Invalid(at, f"{r.lo.node[1]!r} is neither a bound {sorted(self.bounds)} nor a range LO..HI", raw)
        self.check(r.lo, scope, at)
        self.check(r.hi, scope, at)
        return r

    def expr(self, raw: Any, scope: dict[str, Field], at: Place) -> Expr:
        try:
            e = expr(raw)
        except ExprError as err:
            raise Invalid(at, str(err)) from None
        self.check(e, scope, at)
        return e

    def check(self, e: Expr, scope: dict[str, Field], at: Place) -> None:
        for name in sorted(e.fields):
            if name not in scope:
                hint = f" (for the bound, write {name}.min or {name}.max)" if name in self.bounds else ""
                raise Invalid(at, f"{name!r} is not a field read before this point{hint}", e.text)
            if scope[name].is_str and e.bare is None:
                raise Invalid(at, f"{name!r} is a string; only its length can count, as a bare name", e.text)
        for name in sorted(e.bounds):
            if name not in self.bounds:
                raise Invalid(at, f"{name!r} is not among bounds {sorted(self.bounds)}", e.text)

    def asserts(self, raw: list[str] | None, scope: dict[str, Field], at: Place) -> tuple[Compare, ...]:
        out = []
        for j, text in enumerate(raw or []):
            try:
                c = compare(text)
            except ExprError as e:
                raise Invalid((*at, "assert", j), str(e)) from None
            self.check(c.left, scope, (*at, "assert", j))
            self.check(c.right, scope, (*at, "assert", j))
            out.append(c)
        return tuple(out)

    def names(self, raw: Any, names: set[str], at: Place) -> tuple[str, ...]:
        if raw is None:
            return ()
        listed = [raw] if isinstance(raw, str) else raw
        if not isinstance(listed, list) or any(n not in names for n in listed):
            raise Invalid(at, f"list fields of the repeated block {sorted(names)} whose values differ", raw)
        return tuple(listed)

    @staticmethod
    def flag(raw: Any, at: Place) -> bool:
        if raw is not None and not isinstance(raw, bool):
            raise Invalid((*at, "distinct"), "a list's 'distinct' is true or false", raw)
        return bool(raw)

    @staticmethod
    def chars(raw: Any, at: Place) -> str:
        if not isinstance(raw, str):
            raise Invalid(at, "an alphabet is a string such as a-z or '.#'", raw)
        try:
            return expand_alphabet(raw)
        except ValueError as e:
            raise Invalid(at, str(e)) from None


def _field_expr(name: str) -> Expr:
    return Expr(name, ("field", name))


def _fields_of(item: Item) -> tuple[Field, ...]:
    if isinstance(item, Line):
        return item.fields
    if isinstance(item, Shape):
        return item.size
    return (item.header,) if item.header is not None else ()


def _derive(items: list[Item], local: dict[str, int]) -> list[Item]:
    """Mark each Line field that a later item of the block counts (the first such item owns it)."""
    owners: dict[str, tuple[int, int]] = {}
    for j, item in enumerate(items):
        counts: list[tuple[str | None, int]] = []
        if isinstance(item, (Seq, Repeat)) and item.header is None:
            counts.append((item.count.bare, -1))
        if isinstance(item, Line):
            counts += [(f.length.lo.bare if f.length.lo.text == f.length.hi.text else None, k)
                       for k, f in enumerate(item.fields) if f.length is not None]
        for name, k in counts:
            if name is not None and name in local and local[name] < j and name not in owners:
                owners[name] = (j, k)
    out = []
    for item in items:
        if isinstance(item, Line) and any(f.name in owners for f in item.fields):
            fields = tuple(Field(f.name, f.range, f.alphabet, f.length, owners.get(f.name)) for f in item.fields)
            item = Line(fields, item.asserts)
        out.append(item)
    return out
