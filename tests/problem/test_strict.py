"""strict.convert: parsed YAML into frozen dataclasses, every mistake placed exactly."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass
from typing import Literal

import pytest

from ojpack.problem.strict import Invalid, convert, rule


@dataclass(frozen=True, kw_only=True)
class Inner:
    low: int
    high: int = rule(10, le=100)

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise ValueError("low is above high")
        if self.low < 0:
            raise Invalid(("low",), "a rule naming its key", self.low)


@dataclass(frozen=True, kw_only=True)
class Outer:
    time: float = rule(1.0, gt=0)
    mode: Literal["a", "b"] = "a"
    zero: Literal[0] = 0
    copy_: str | None = rule(None, alias="copy", min_length=1)
    name: str = rule("x", pattern=r"^[a-z]+$")
    inner: dict[str, Inner] = rule(factory=dict)
    items: list[Inner] = rule(factory=list)


def error(raw: object) -> Invalid:
    with pytest.raises(Invalid) as e:
        convert(raw, Outer)
    return e.value


def test_a_good_document_becomes_frozen_objects() -> None:
    got = convert({"time": 2, "copy": "f.in", "inner": {"x.y": {"low": 1}}, "items": [{"low": 2, "high": 3}]}, Outer)
    assert got.time == 2.0 and isinstance(got.time, float)
    assert got.copy_ == "f.in" and got.inner["x.y"] == Inner(low=1, high=10) and got.items == [Inner(low=2, high=3)]
    with pytest.raises(FrozenInstanceError):
        got.time = 3  # type: ignore[misc]


@pytest.mark.parametrize(("raw", "at", "said"), [
    ({"time": True}, ("time",), "'time': should be a number (got True)"),
    ({"time": "1"}, ("time",), "'time': should be a number (got '1')"),
    ({"time": 0}, ("time",), "'time': should be greater than 0 (got 0)"),
    ({"zero": False}, ("zero",), "'zero': should be one of 0 (got False)"),
    ({"mode": "c"}, ("mode",), "'mode': should be one of 'a', 'b' (got 'c')"),
    ({"copy": ""}, ("copy",), "'copy': should have at least 1 character (got '')"),
    ({"name": "X1"}, ("name",), "'name': should match ^[a-z]+$ (got 'X1')"),
    ({"inner": {"x.y": {"low": 1, "high": 101}}}, ("inner", "x.y", "high"),
     "'inner.x.y.high': should be less than or equal to 100 (got 101)"),
    ({"inner": {"k": {}}}, ("inner", "k", "low"), "missing key 'inner.k.low'"),
    ({"items": [{"low": 1}, {"low": 5, "hihg": 1}]}, ("items", 1, "hihg"),
     "unknown key 'items[1].hihg'; did you mean 'high'?"),
    ({"items": [{"low": 50, "high": 20}]}, ("items", 0), "'items[0]': low is above high"),
    ({"items": [{"low": 1}, {"low": -1}]}, ("items", 1, "low"), "'items[1].low': a rule naming its key (got -1)"),
    ({"inner": {1: {"low": 1}}}, ("inner", 1), "'inner[1]': a key should be a string (got 1)"),
    ({"items": {"low": 1}}, ("items",), "'items': should be a list"),
    ([1], (), "'(top level)': should be a mapping of keys"),
])
def test_each_mistake_is_placed_and_said(raw: object, at: tuple, said: str) -> None:
    e = error(raw)
    assert e.at == at
    assert e.describe() == said


def test_an_unknown_key_with_no_near_name_lists_the_valid_ones() -> None:
    assert error({"zzzzzz": 1}).describe() == \
        "unknown key 'zzzzzz'; valid keys: copy, inner, items, mode, name, time, zero"


def test_a_cross_field_rule_also_guards_direct_construction() -> None:
    with pytest.raises(ValueError, match="low is above high"):
        Inner(low=3, high=2)
