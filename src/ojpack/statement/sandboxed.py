"""The jinja environment statement templates run in: a package's template is code from whoever wrote the
package, so it gets Jinja's immutable sandbox (no underscore attributes, no unsafe methods, nothing that
mutates a value), only the globals a statement can use, and a cap on the size of `*` and `**` results.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

__all__ = ["NotText", "SecurityError", "environment"]

# What a statement may call besides the context it is given: no cycler/joiner/lipsum (cycler's __init__ was the
# classic way out of a plain environment), nothing that reaches a module.
GLOBALS = ("range", "dict", "namespace")
MAX_SIZE = 1_000_000   # characters or items a single `*` may make; digits a `**` may make


class NotText(jinja2.TemplateError):
    """A template file that is not UTF-8 text, or a link out of the folder; the message names the file."""


class _Loader(jinja2.FileSystemLoader):
    """Templates from the statement folder only: a symbolic link to a file elsewhere (/etc/shadow, included into
    the statement) is refused, and so is a file that is not UTF-8 text."""

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str | None, Callable[[], bool]]:
        top = Path(self.searchpath[0]).resolve()
        path = (top / template).resolve()
        if path.exists() and not path.is_relative_to(top):
            raise NotText(f"{template}: is a link to {path}, outside the statement folder; refused")
        try:
            return super().get_source(environment, template)
        except UnicodeDecodeError as e:
            raise NotText(f"{template}: not UTF-8 text (byte 0x{e.object[e.start]:02x} at offset {e.start})") from None


class _StatementEnvironment(ImmutableSandboxedEnvironment):
    intercepted_binops = frozenset({"*", "**"})

    def call_binop(self, context: jinja2.runtime.Context, operator_: str, left: Any, right: Any) -> Any:
        if operator_ == "**":
            _check_power(left, right)
            return left ** right
        _check_repeat(left, right)
        return operator.mul(left, right)


def _check_power(base: Any, exponent: Any) -> None:
    if isinstance(base, int) and isinstance(exponent, int) and abs(base) > 1 and exponent > 0:
        if exponent * max(abs(base).bit_length(), 1) > MAX_SIZE * 4:   # ~4 bits a decimal digit
            raise SecurityError(f"{base} ** {exponent} is too large for a statement")


def _check_repeat(left: Any, right: Any) -> None:
    for seq, times in ((left, right), (right, left)):
        if isinstance(seq, (str, list, tuple)) and isinstance(times, int) and len(seq) * times > MAX_SIZE:
            raise SecurityError(f"a {type(seq).__name__} of length {len(seq)} repeated {times} times is too large for a statement")


def environment(folder: Path, filters: dict[str, Callable[..., Any]]) -> jinja2.Environment:
    """A sandboxed environment that loads templates from `folder` only."""
    env = _StatementEnvironment(
        loader=_Loader(str(folder)),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
    )
    env.globals = {name: env.globals[name] for name in GLOBALS}
    env.filters.update(filters)
    return env
