"""A test's own output validator arguments (problem.yaml `tests.<g>[].checker_args`) in the judge formats.

ICPC 2025-09 gives each test case its own `<name>.yaml` (`output_validator_args`). Legacy Kattis has
only a folder's testdata.yaml, whose `output_validator_flags` come after problem.yaml's `validator_flags`
(as problemtools joins them): a folder whose tests all say the same gets that; any other mix is named as
lost, and so is every test's own value on DOMjudge, which reads problem.yaml's flags alone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ..common.package import Package
from ...testdata import BuiltTest
from ..common.checkers import default_validator_flags
from ..common.write import text, yaml_text


def package_args(pkg: Package) -> list[str]:
    """What a test without arguments of its own gets (the interactor's or the checker program's, or the
    rule as flags)."""
    if pkg.interactor is not None:
        return list(pkg.interactor_args)
    return list(pkg.checker_args) if pkg.checker_type == "program" else default_validator_flags(pkg)


def case_files(pkg: Package, tests: Sequence[BuiltTest], folder: Path) -> None:
    """ICPC 2025-09: `<name>.yaml` beside each test that has arguments of its own."""
    for t in tests:
        if (args := pkg.test_checker_args.get(t.id)) is not None:
            text(folder / f"{t.input.stem}.yaml", yaml_text({"output_validator_args": list(args)}))


def folder_flags(pkg: Package, tests: Sequence[BuiltTest], where: str, lost: list[str]) -> dict[str, str]:
    """Legacy Kattis: the testdata.yaml key that gives a folder's tests their own arguments ({} when none
    has any; when they differ among its tests, or do not extend problem.yaml's flags, said in `lost`)."""
    own = {pkg.test_checker_args.get(t.id) for t in tests}
    if own <= {None}:   # no test has arguments of its own (or the folder has no tests: a task without samples)
        return {}
    prefix = package_args(pkg)
    args = [list(a) if a is not None else prefix for a in own]
    if len({tuple(a) for a in args}) == 1 and args[0][:len(prefix)] == prefix:
        return {"output_validator_flags": " ".join(args[0][len(prefix):])}
    lost.append(f"{where}: its tests' own output validator arguments differ from test to test; the format "
                "sets them per folder: left out")
    return {}


def lost_everywhere(pkg: Package, target: str) -> list[str]:
    """A format with one set of output validator flags for all tests: each test's own is named as lost."""
    if not pkg.test_checker_args:
        return []
    return [f"{len(pkg.test_checker_args)} tests' own output validator arguments (checker_args): {target} "
            "passes the same flags to every test; left out"]
