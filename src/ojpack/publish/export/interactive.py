"""Interactors in the exports: the Kattis convention ojpack uses is the one of the Kattis, ICPC 2025-09 and
DOMjudge formats (an output validator run in interactive mode), so those carry it as it is. The other
targets refuse an interactive problem by name (`Package.refuse_interactive`): their data alone would
judge nothing.
"""

from __future__ import annotations

from pathlib import Path

from ..package import Package
from .write import copy, text

FOLDER = "interactor"


def mark_interactive(pkg: Package, meta: dict[str, object]) -> None:
    """Legacy Kattis / DOMjudge problem.yaml: the output validator is an interactor. Validator flags would
    reach the interactor as extra arguments, so none are passed."""
    if pkg.interactor is not None:
        meta["validation"] = "custom interactive"
        meta.pop("validator_flags", None)


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
