"""The input validators of a Kattis/ICPC package, and the flags each test group gives them.

ojpack's own validator gets `--features` and the bounds (`NAME=LO..HI`) on its command line. When the source
has one validator that knows `--features` (ojpack's own exports, through ojval), not a checktestdata script,
and every flag is such a bound, that validator is ojpack's. Otherwise (several validators, a `.ctd` script,
flags that are not bounds, e.g. `nFive=1`, or a validator written for Kattis, which may print on stdout or
refuse an argument it does not know) every validator runs as Kattis runs it, as an `extra_validators` entry:
the input on stdin, the group's own flags as arguments; ojpack's own validator is then a placeholder that
accepts every input.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .programs import Unit, place, units
from .testargs_import import has_own
from ..common.placeholder import permissive_validator
from ..common.writer import Imported

BOUND = re.compile(r"^([A-Za-z_]\w*)=(-?\d+)\.\.(-?\d+)$")   # ojpack's bound flag, NAME=LO..HI


def _all_bounds(flags: dict[str, list[str]]) -> bool:
    return all(BOUND.match(f) for group in flags.values() for f in group)


def _speaks_features(unit: Unit) -> bool:
    """Whether the program knows ojpack's `--features` (ojpack's own validators and exports, through ojval):
    any other is run as Kattis runs it, since what it prints on stdout or does with an unknown argument is
    its own affair (problemtools ignores a validator's stdout)."""
    return any(b"--features" in f.read_bytes() for f in unit.files if f.stat().st_size < 1 << 20)


def input_validators(root: Path, found: list[Path], imp: Imported) -> str:
    """Place the validators; return the path of ojpack's own (`validator:`)."""
    found_units = units(found, "input validator")
    if not found_units:
        flags = sorted({f for group in imp.validator_flags.values() for f in group})
        if flags or has_own(imp.tests):
            imp.note(f"input validator flags {' '.join(flags)}: no input validator to pass them to")
        for t in imp.tests:
            t.validator_args = None
        return permissive_validator(imp)
    plain = [u for u in found_units if u.main.suffix != ".ctd"]
    speaks = bool(plain) and _speaks_features(plain[0])
    if len(found_units) == 1 and speaks and _all_bounds(imp.validator_flags) and not has_own(imp.tests):
        return place(found_units[0], "validators", imp, "input validator")
    top = imp.validator_flags.get("", [])
    for i, unit in enumerate(found_units):
        dest = f"validators/extra/{i + 1}-{unit.main.stem}"
        extra: dict[str, Any] = {"source": place(unit, dest, imp, f"input validator {unit.main.name}")}
        if top:
            extra["flags"] = top
        own = {g: f for g, f in imp.validator_flags.items() if g and f != top}
        if own:
            extra["group_flags"] = own
        imp.extra_validators.append(extra)
    imp.files["validators/validate.py"] = (
        b"# Written by `ojpack import`: the source's input validators run as `extra_validators` (problem.yaml),\n"
        b"# as Kattis runs them (input on stdin, each group's flags as arguments). This one accepts every input.\n"
        b"import sys\n\nsys.stdin.buffer.read()\nsys.exit(42)\n")
    why = (f"{len(found_units)} input validators" if len(found_units) > 1 else
           "a checktestdata script" if not plain else
           "a validator that does not answer ojpack's --features" if not speaks else
           "validator flags that are not NAME=LO..HI bounds")
    imp.note(f"input validators: {why}: each runs as Kattis runs it (problem.yaml extra_validators, with each "
             "group's flags); validators/validate.py only accepts")
    return "validators/validate.py"
