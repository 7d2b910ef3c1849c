"""The shape a package's YAML must have where a reader relies on it: a key that must hold a mapping and
holds a list, a string or a number is one line naming the file, its line and what was found, instead of a
crash deep in the reader."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from ...errors import OjpackError


def mapping(meta: dict[str, Any], key: str, path: Path) -> dict[str, Any]:
    """meta[key] when it is a mapping ({} when missing or empty); anything else is refused in one line."""
    value = meta.get(key)
    if value is None or value == "":
        return {}
    if isinstance(value, dict):
        return value
    raise OjpackError(f"{at(path, key)}: {key}: expected a mapping, found {describe(value)}")


def describe(value: Any) -> str:
    kind = {list: "a list", str: "a string", bool: "a boolean", int: "a number", float: "a number"}
    return f"{kind.get(type(value), type(value).__name__)} ({str(value)[:40]!r})"


def at(path: Path, key: str) -> str:
    """`path`, with the line of the top-level `key` when the file says where it is."""
    try:
        node = yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return str(path)
    if isinstance(node, yaml.MappingNode):
        for k, _ in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == key:
                return f"{path}, line {k.start_mark.line + 1}"
    return str(path)


def yaml_problem(path: Path, e: Exception) -> str:
    """One line for a YAML file that cannot be read: where (line, column) and what, never PyYAML's
    several-line text."""
    if isinstance(e, UnicodeDecodeError):
        return f"{path}: not UTF-8 text ({e.reason} at byte {e.start})"
    mark = getattr(e, "problem_mark", None)
    where = f", line {mark.line + 1}, column {mark.column + 1}" if mark else ""
    what = getattr(e, "problem", None) or " ".join(str(e).split())
    return f"{path}{where}: invalid YAML: {what}"
