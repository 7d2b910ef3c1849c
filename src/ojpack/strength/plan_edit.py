"""Append a `copy:` test to problem.yaml's plan, touching nothing else in the file.

The file is edited as text (comments and layout stay as they are): yaml.compose gives the position of
the group's last plan line, and one line in the same style goes right after it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import re

import yaml

from ..errors import OjpackError
from ..problem import Problem, load_problem
from ..testdata import load_validator, validate_bytes
from ..cache import cache_for

MANUAL = "generators/manual"
TEST_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")   # as problem.yaml's schema wants it


@dataclass(frozen=True)
class Added:
    name: str
    group: str
    file: Path


def check_name(problem: Problem, name: str) -> None:
    """Refuse a name that cannot become a new test (before any work is spent finding its input)."""
    if not TEST_NAME.match(name):
        raise OjpackError(f"test name {name!r} must match [a-z0-9][a-z0-9_-]*")
    taken = [g for g, lines in problem.spec.tests.items() if any(t.name == name for t in lines)]
    if taken:
        raise OjpackError(f"tests.{taken[0]} already has a test named {name!r}")
    if problem.path(f"{MANUAL}/{name}.in").exists():
        raise OjpackError(f"{MANUAL}/{name}.in already exists; choose another name")


def add_copy_test(problem: Problem, name: str, data: bytes) -> Added:
    """Store `data` as generators/manual/NAME.in and plan it in the first subtask group whose bounds the
    package's validator accepts it under."""
    check_name(problem, name)
    rel = f"{MANUAL}/{name}.in"
    target = problem.path(rel)
    validator = load_validator(problem, cache_for(problem.root))
    group = next((g for g in problem.groups if validate_bytes(validator, data, problem.bounds_for(g)).valid), None)
    if group is None:
        verdict = validate_bytes(validator, data, problem.bounds_for("sample"))
        raise OjpackError(f"the validator accepts the input in no subtask group: {verdict.message or 'rejected'}")
    yaml_file = problem.path("problem.yaml")
    before = yaml_file.read_text(encoding="utf-8")
    after = _insert(before, group, f"{{name: {name}, copy: {rel}}}")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    yaml_file.write_text(after, encoding="utf-8")
    try:
        load_problem(problem.root)
    except OjpackError:
        yaml_file.write_text(before, encoding="utf-8")
        raise
    return Added(name, group, target)


def _insert(text: str, group: str, entry: str) -> str:
    root = yaml.compose(text)
    tests = _value(root, "tests")
    seq = _value(tests, group) if tests is not None else None
    if not isinstance(seq, yaml.SequenceNode) or not seq.value or seq.flow_style:
        raise OjpackError(f"problem.yaml: cannot find the block list tests.{group} to append to")
    last = seq.value[-1]
    lines = text.splitlines(keepends=True)
    first_line = lines[seq.value[0].start_mark.line]
    indent = first_line[:len(first_line) - len(first_line.lstrip())]
    end = last.end_mark.line + (1 if last.end_mark.column else 0)   # the line after the last item
    if end > 0 and not lines[end - 1].endswith("\n"):
        lines[end - 1] += "\n"
    lines.insert(end, f"{indent}- {entry}\n")
    return "".join(lines)


def _value(node: yaml.Node | None, key: str) -> yaml.Node | None:
    if not isinstance(node, yaml.MappingNode):
        return None
    return next((v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == key), None)
