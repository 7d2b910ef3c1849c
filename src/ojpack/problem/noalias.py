"""YAML without aliases: `*name` repeats a node, and nested repeats grow exponentially (the "billion laughs":
a 1 KB file whose values, walked or turned into text, take gigabytes). Packages never need them, so a
document with one is refused with its line, before anything walks or prints it."""

from __future__ import annotations

from typing import Any

import yaml

# libyaml's parser when PyYAML has it (as source.py: the pure-Python one is slow to start)
_PARSER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class AliasRefused(ValueError):
    def __init__(self, line: int) -> None:
        super().__init__(f"line {line}: YAML aliases (*name) are refused: they can repeat a value "
                         "exponentially; write the value out")
        self.line = line


def refuse_aliases(node: yaml.Node | None) -> None:
    """Raise AliasRefused if any collection node appears twice in the composed tree (what an alias makes).
    Each node is visited once, so this is linear in the file however the aliases nest."""
    seen: set[int] = set()
    todo = [(node, 1)] if node is not None else []   # (node, the line it is used on)
    while todo:
        n, line = todo.pop()
        if isinstance(n, yaml.ScalarNode):
            continue
        if id(n) in seen:
            raise AliasRefused(line)
        seen.add(id(n))
        if isinstance(n, yaml.MappingNode):
            todo += [(v, k.start_mark.line + 1) for k, v in n.value] + [(k, k.start_mark.line + 1) for k, _ in n.value]
        elif isinstance(n, yaml.SequenceNode):
            todo += [(v, n.start_mark.line + 1) for v in n.value]


def load_yaml(text: str) -> Any:
    """yaml.safe_load, refusing aliases (AliasRefused, a ValueError) and bad YAML (yaml.YAMLError)."""
    node = yaml.compose(text, Loader=_PARSER)
    if node is None:
        return None
    refuse_aliases(node)
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_document(node)
    finally:
        loader.dispose()


class _NoAliasDumper(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:
        return True


def dump_yaml(data: Any, **options: Any) -> str:
    """yaml.safe_dump that writes a value shared between two places out twice rather than as an alias
    (which load_yaml and problem.yaml refuse)."""
    return yaml.dump(data, Dumper=_NoAliasDumper, **options)
