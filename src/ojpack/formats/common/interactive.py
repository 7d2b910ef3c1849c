"""Interactors in the exports: the Kattis convention ojpack uses is the one of the Kattis, ICPC 2025-09 and
DOMjudge formats (an output validator run in interactive mode), so those carry it as it is. The other
targets refuse an interactive problem by name (`refuse`, called for every target by `run.export`): their
data alone would judge nothing.
"""

from __future__ import annotations

from pathlib import Path

from .package import CannotHold, Package
from .write import copy, text

FOLDER = "interactor"
# Targets with no place for a Kattis-convention interactor, and why.
CANNOT = {
    "hydro": "Hydro runs testlib interactors; this one follows the Kattis convention",
    "cms": "a CMS Communication task needs a manager in CMS's own protocol",
    "uoj": "UOJ's interaction mode runs a testlib interactor",
    "luogu": "Luogu takes an interactor through its web page, not in the data zip",
    "qduoj": "QDUOJ has no interactive problems",
}


def mark_interactive(pkg: Package, meta: dict[str, object]) -> None:
    """Legacy Kattis / DOMjudge problem.yaml: the output validator is an interactor. Validator flags reach
    the interactor as extra arguments: its own, and no default validator's."""
    if pkg.interactor is not None:
        meta["validation"] = "custom interactive"
        meta.pop("validator_flags", None)
        if pkg.interactor_args:
            meta["validator_flags"] = " ".join(pkg.interactor_args)


def ship_dialogues(pkg: Package, folder: Path) -> None:
    """Each sample's dialogue as `<name>.interaction` beside its .in (`<` judge to submission, `>` back):
    what Kattis-style judges show in the statement instead of an input file and an empty answer."""
    for t in pkg.sample.tests:
        if t.id in pkg.dialogues:
            text(folder / f"{t.input.stem}.interaction", pkg.dialogues[t.id])


def ship(pkg: Package, folder: Path) -> None:
    """The interactor's source in the output validator folder the judge compiles."""
    if pkg.interactor is not None:
        copy(pkg.interactor, folder / pkg.interactor.name)


def refuse(pkg: Package, target: str) -> None:
    """An interactive problem is not exported where its interactor cannot go: its data alone would judge
    nothing. The export report names the target and why."""
    if pkg.interactor is not None and target in CANNOT:
        raise CannotHold(f"{target}: cannot carry the interactor {pkg.interactor.name} ({CANNOT[target]}); "
                          "this interactive problem is not exported there")
