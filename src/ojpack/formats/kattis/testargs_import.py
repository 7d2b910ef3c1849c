"""Validator arguments per test group and per test (Kattis legacy, ICPC 2023-07 / 2025-09, BAPCtools).

A test's input and output validator arguments are the nearest ones set on the way down from `data/` to it:
each folder's `test_group.yaml` (2025-09) or `testdata.yaml` (legacy, 2023-07) may set
`input_validator_args` / `input_validator_flags` and `output_validator_args` / `output_validator_flags`
(a key that is there replaces its parent's value, as BAPCtools and problemtools read them), and a 2025-09
test case's own `<name>.yaml` last. Before BAPCtools has generated `data/`, generators.yaml says the same
through a directory's `test_group.yaml:` mapping and a case's `yaml:` mapping (generators.py).

ojpack keeps the package's value (`checker.args` or rule, an extra validator's `flags`) and each group's
input flags (`group_flags`); a test whose own value differs from those gets it on its test line
(`checker_args`, `validator_args`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ...problem import default_rule
from ..common.writer import Imported, TestIn

Args = list[str] | None   # None: not set here, the parent's apply
INPUT_KEYS = ("input_validator_args", "input_validator_flags")
OUTPUT_KEYS = ("output_validator_args", "output_validator_flags")


def as_args(value: Any) -> list[str]:
    """Validator arguments: a list, a string, or (2025-09) a map per validator name (all merged)."""
    if isinstance(value, dict):
        return [str(a) for v in value.values() for a in (v if isinstance(v, list) else str(v).split())]
    if isinstance(value, list):
        return [str(a) for a in value]
    return str(value or "").split()


def settings_args(meta: Any) -> tuple[Args, Args]:
    """The input and output validator arguments a settings mapping sets (None where it sets none)."""
    if not isinstance(meta, dict):
        return None, None
    found = [next((as_args(meta[k]) for k in keys if k in meta), None) for keys in (INPUT_KEYS, OUTPUT_KEYS)]
    return found[0], found[1]


def over(parent: tuple[Args, Args], child: tuple[Args, Args]) -> tuple[Args, Args]:
    return (child[0] if child[0] is not None else parent[0]), (child[1] if child[1] is not None else parent[1])


Reader = Callable[[Path], dict[str, Any]]


def from_data(root: Path, imp: Imported, read_group: Reader, read_case: Reader | None, out_prefix: list[str]) -> None:
    """Each test copied from data/ gets the arguments its folders (read by `read_group`) and its own
    `<name>.yaml` (read by `read_case`; None: the format has none) set, the output ones after `out_prefix` (legacy problem.yaml's validator_flags), before
    `finish` keeps only those that differ from the package's."""
    data = root / "data"
    memo: dict[Path, tuple[Args, Args]] = {}

    def folder_args(folder: Path) -> tuple[Args, Args]:
        if folder not in memo:
            parent = folder_args(folder.parent) if folder != data else (None, None)
            memo[folder] = over(parent, settings_args(read_group(folder)))
        return memo[folder]

    for t in imp.tests:
        path = root / t.origin
        if t.gen or not t.origin.startswith("data/") or not path.is_file():
            continue
        found = folder_args(path.parent)
        if read_case is not None and path.with_suffix(".yaml").is_file():
            found = over(found, settings_args(read_case(path.with_suffix(".yaml"))))
        t.validator_args = found[0]
        t.checker_args = None if found[1] is None else [*out_prefix, *found[1]]


def finish(imp: Imported, out_default: list[str]) -> None:
    """Keep a test's own arguments only where they differ from what its group or the package gives; a checker
    that takes none (a testlib program) or a default-validator flag ojpack does not know drops them, named;
    an interactor takes them, as a Kattis-convention checker program does."""
    program = imp.interactor or imp.checker.get("type") == "program"
    takes = bool(imp.interactor) or imp.checker.get("type") != "program" or imp.checker.get("convention") == "kattis"
    dropped: set[str] = set()
    for t in imp.tests:
        group = imp.validator_flags.get(t.group, imp.validator_flags.get("", []))
        if t.validator_args == group:
            t.validator_args = None
        if t.checker_args is None or t.checker_args == out_default:
            t.checker_args = None
            continue
        unknown = default_rule(t.checker_args)[1] if not program else []
        if not takes or unknown:
            dropped.add(" ".join(t.checker_args))
            t.checker_args = None
    for args in sorted(dropped):
        imp.note(f"output validator arguments {args!r} of some tests are not carried over ("
                 + ("the testlib checker runs without)" if not takes else "a flag ojpack does not know)"))
    own = sum(1 for t in imp.tests if t.checker_args is not None or t.validator_args is not None)
    if own:
        imp.note(f"{own} tests have validator arguments of their own (their test group's or test case's yaml): "
                 "checker_args / validator_args on their test lines")


def has_own(tests: list[TestIn]) -> bool:
    return any(t.validator_args is not None for t in tests)
