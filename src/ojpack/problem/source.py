"""Read problem.yaml strictly: a key given twice is an error (YAML would silently keep the last), and
every key's line is remembered so that later errors can point at it."""

from __future__ import annotations

from typing import Any

import yaml

from .noalias import refuse_aliases
from .strict import Place, dotted

# libyaml's parser when PyYAML has it: the pure-Python one costs ~10 ms of every command's start.
_PARSER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class DuplicateKey(ValueError):
    def __init__(self, key: str, line: int, first: int) -> None:
        super().__init__(f"line {line}: key '{key}' is given twice (first on line {first})")
        self.line = line


def read_yaml(text: str) -> tuple[Any, dict[Place, int]]:
    """The document as Python values, and the 1-based line of every mapping key and list item.

    Raises yaml.YAMLError for bad YAML, DuplicateKey for a key given twice in one mapping and AliasRefused
    for an alias (walking aliased nodes grows exponentially)."""
    node = yaml.compose(text, Loader=_PARSER)
    if node is None:
        return None, {}
    refuse_aliases(node)
    lines: dict[Place, int] = {}
    _walk(node, (), lines)
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_document(node), lines
    finally:
        loader.dispose()


def _walk(node: yaml.Node, at: Place, lines: dict[Place, int]) -> None:
    if isinstance(node, yaml.MappingNode):
        first: dict[str, int] = {}
        for key_node, value_node in node.value:
            name = str(key_node.value)
            line = key_node.start_mark.line + 1
            if name in first and name != "<<":
                raise DuplicateKey(dotted((*at, name)), line, first[name])
            first[name] = line
            lines[(*at, name)] = line
            _walk(value_node, (*at, name), lines)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            lines[(*at, i)] = item.start_mark.line + 1
            _walk(item, (*at, i), lines)


def line_of(lines: dict[Place, int], at: Place) -> int | None:
    """The line of `at`, or of its nearest enclosing key that has one."""
    for end in range(len(at), 0, -1):
        if (found := lines.get(tuple(at[:end]))) is not None:
            return found
    return None
