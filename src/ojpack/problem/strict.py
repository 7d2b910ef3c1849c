"""Parsed YAML → frozen dataclasses, strictly: unknown keys, missing keys, wrong types and broken
constraints are errors that carry the exact place of the key (`Invalid.at`), so load.py can name it and
its line.

Hand-written rather than pydantic or msgspec: pydantic cost every command ~150 ms of imports and class
building before it did anything (problem.yaml has some twenty models), and msgspec reports a place inside
a mapping as `$.tests[...]`, losing the key that both the message and the line lookup need.

Strict means no coercion: `memory: true` is not 1 MiB and `time: "1"` is not one second; an integer is
a fine float. A dataclass declares constraints with `rule()`; its `__post_init__` checks what spans several
fields (it runs on direct construction too) by raising ValueError, or Invalid with the place
(relative to the object) of the key the rule is about. Two hooks for the odd shape: a static
`reshape(raw)` rewrites a class's raw mapping before it is read, and `EXTRA_KEYS_INTO = "field"` collects the
keys it does not declare into that field instead of rejecting them."""

from __future__ import annotations

import dataclasses
import difflib
import functools
import re
import types
import typing
from typing import Any, Literal, get_args, get_origin

Place = tuple[str | int, ...]
_NOT_GIVEN = object()


class Invalid(Exception):
    """The first thing wrong, at `at`; `got` is the offending value when it is worth quoting. A message
    that `names_key` already says which key it is about."""

    def __init__(self, at: Place, message: str, got: Any = _NOT_GIVEN, names_key: bool = False) -> None:
        super().__init__(message)
        self.at = at
        self.message = message
        self.got = got
        self.names_key = names_key

    def describe(self) -> str:
        key = dotted(self.at)
        if self.names_key:
            return self.message
        quoted = self.got is not _NOT_GIVEN and not isinstance(self.got, (dict, list))
        return f"'{key}': {self.message}" + (f" (got {self.got!r})" if quoted else "")


def dotted(at: Place) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in at).lstrip(".") or "(top level)"


def rule(default: Any = dataclasses.MISSING, *, factory: Any = None, alias: str | None = None,
         gt: float | None = None, ge: float | None = None, le: float | None = None,
         min_length: int | None = None, pattern: str | None = None) -> Any:
    """A dataclass field with constraints; `alias` is its key in the YAML when that is a Python keyword."""
    meta = {k: v for k, v in (("alias", alias), ("gt", gt), ("ge", ge), ("le", le),
                              ("min_length", min_length), ("pattern", pattern)) if v is not None}
    if factory is not None:
        return dataclasses.field(default_factory=factory, metadata=meta)
    return dataclasses.field(default=default, metadata=meta)


def convert(raw: Any, kind: Any, at: Place = ()) -> Any:
    """`raw` as a value of type `kind` (a dataclass, list[X], dict[str, X], X | None, Literal, a scalar)."""
    origin = get_origin(kind)
    if origin in (types.UnionType, typing.Union):
        options = [a for a in get_args(kind) if a is not type(None)]
        if raw is None and len(options) < len(get_args(kind)):
            return None
        if len(options) != 1:
            raise TypeError(f"{kind}: only X | None is supported")
        return convert(raw, options[0], at)
    if origin is Literal:
        allowed = get_args(kind)
        if any(raw == a and type(raw) is type(a) for a in allowed):
            return raw
        raise Invalid(at, f"should be one of {', '.join(repr(a) for a in allowed)}", raw)
    if origin is list:
        if isinstance(raw, dict) and getattr(get_args(kind)[0], "ALONE", False):
            raw = [raw]   # a class that may stand alone where a list of it goes (grammar: {checktestdata: ...})
        if not isinstance(raw, list):
            raise Invalid(at, "should be a list", raw)
        return [convert(item, get_args(kind)[0], (*at, i)) for i, item in enumerate(raw)]
    if origin is dict:
        if not isinstance(raw, dict):
            raise Invalid(at, "should be a mapping", raw)
        for k in raw:
            if not isinstance(k, str):
                raise Invalid((*at, k), "a key should be a string", k)
        return {k: convert(v, get_args(kind)[1], (*at, k)) for k, v in raw.items()}
    if dataclasses.is_dataclass(kind):
        return _object(raw, kind, at)
    return _scalar(raw, kind, at)


_SCALARS = {str: "a string", int: "an integer", float: "a number", bool: "true or false"}


def _scalar(raw: Any, kind: Any, at: Place) -> Any:
    if kind is Any:
        return raw
    if kind not in _SCALARS:
        raise TypeError(f"{kind}: not a type problem.yaml can hold")
    # bool is an int to Python, never to us; an int is a fine float
    ok = type(raw) is kind or (kind is float and type(raw) is int)
    if not ok:
        raise Invalid(at, f"should be {_SCALARS[kind]}", raw)
    return float(raw) if kind is float else raw


def _object(raw: Any, kind: type, at: Place) -> Any:
    reshape = getattr(kind, "reshape", None)
    if reshape is not None:
        raw = reshape(raw)
    if not isinstance(raw, dict):
        raise Invalid(at, "should be a mapping of keys", raw)
    fields = _fields(kind)
    extra_into = getattr(kind, "EXTRA_KEYS_INTO", None)   # the one model whose unknown keys are data
    # Unknown keys before missing ones: a typo also leaves its real key missing, and the typo explains both.
    for k in raw:
        if k not in fields and extra_into is None:
            raise _unknown((*at, k), fields)
    values: dict[str, Any] = {}
    for key, (f, hint) in fields.items():
        if key not in raw:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise Invalid((*at, key), f"missing key '{dotted((*at, key))}'", names_key=True)
            continue
        value = convert(raw[key], hint, (*at, key))
        _constrain(value, f.metadata, (*at, key), raw[key])
        values[f.name] = value
    if extra_into is not None:
        values[extra_into] = {k: v for k, v in raw.items() if k not in fields}
    try:
        return kind(**values)
    except Invalid as e:      # __post_init__ naming the key it is about, relative to this object
        raise Invalid((*at, *e.at), e.message, e.got, e.names_key) from None
    except ValueError as e:   # __post_init__: a rule across fields
        raise Invalid(at, str(e)) from None


def _unknown(at: Place, fields: dict[str, Any]) -> Invalid:
    valid = sorted(fields)
    near = difflib.get_close_matches(str(at[-1]), valid, n=1)
    hint = f"; did you mean '{near[0]}'?" if near else f"; valid keys: {', '.join(valid)}"
    return Invalid(at, f"unknown key '{dotted(at)}'{hint}", names_key=True)


def _constrain(value: Any, meta: Any, at: Place, got: Any) -> None:
    """`got` is the value as written, quoted in the error."""
    if value is None or not meta:
        return
    if "gt" in meta and not value > meta["gt"]:
        raise Invalid(at, f"should be greater than {meta['gt']}", got)
    if "ge" in meta and not value >= meta["ge"]:
        raise Invalid(at, f"should be greater than or equal to {meta['ge']}", got)
    if "le" in meta and not value <= meta["le"]:
        raise Invalid(at, f"should be less than or equal to {meta['le']}", got)
    if "min_length" in meta and len(value) < meta["min_length"]:
        n = meta["min_length"]
        what = "character" if isinstance(value, str) else "item"
        raise Invalid(at, f"should have at least {n} {what}{'' if n == 1 else 's'}", got)
    if "pattern" in meta and not re.search(meta["pattern"], value):
        raise Invalid(at, f"should match {meta['pattern']}", got)


@functools.cache
def _fields(kind: type) -> dict[str, tuple[dataclasses.Field, Any]]:
    """YAML key → (field, resolved type), once per class."""
    hints = typing.get_type_hints(kind)
    return {f.metadata.get("alias", f.name): (f, hints[f.name]) for f in dataclasses.fields(kind)
            if f.init and f.name != getattr(kind, "EXTRA_KEYS_INTO", None)}


def shape_errors(raw: Any, kind: Any, at: Place = ()) -> tuple[list[Invalid], list[Invalid]]:
    """Every unknown key and every missing key in the whole document, by walking it against the dataclasses
    (what `convert` stops at one by one), so a new problem.yaml's mistakes of one kind come in one run.
    Values of the wrong shape are left for `convert` to name."""
    unknown: list[Invalid] = []
    missing: list[Invalid] = []
    origin = get_origin(kind)
    if origin in (types.UnionType, typing.Union):
        options = [a for a in get_args(kind) if a is not type(None)]
        if raw is not None and len(options) == 1:
            return shape_errors(raw, options[0], at)
    elif origin is list and isinstance(raw, (list, dict)):
        for i, item in enumerate(raw if isinstance(raw, list) else [raw]):
            u, m = shape_errors(item, get_args(kind)[0], (*at, i))
            unknown += u
            missing += m
    elif origin is dict and isinstance(raw, dict):
        for k, v in raw.items():
            u, m = shape_errors(v, get_args(kind)[1], (*at, k))
            unknown += u
            missing += m
    elif dataclasses.is_dataclass(kind):
        reshape = getattr(kind, "reshape", None)
        raw = reshape(raw) if reshape is not None else raw
        if not isinstance(raw, dict):
            return [], []
        fields = _fields(kind)
        if getattr(kind, "EXTRA_KEYS_INTO", None) is None:
            unknown += [_unknown((*at, k), fields) for k in raw if k not in fields]
        for key, (f, hint) in fields.items():
            if key in raw:
                u, m = shape_errors(raw[key], hint, (*at, key))
                unknown += u
                missing += m
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                missing.append(Invalid((*at, key), f"missing key '{dotted((*at, key))}'", names_key=True))
    return unknown, missing
