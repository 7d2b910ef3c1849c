"""File input/output (problem.yaml's io: the test in `game.in`, the answer in `game.out`) in the exports.
CMS says any names (task.yaml's infile/outfile); Hydro one stem for both (config.yaml's `filename: game`:
its judge copies in game.in, gives an empty stdin and reads game.out). The other targets' judges give every
submission its test on standard input and take its answer from standard output: a solution written for the
files would read nothing there, so those targets refuse the problem by name, as they refuse what else
their judges cannot run (an interactor, more passes)."""

from __future__ import annotations

from ...errors import OjpackError
from .package import CannotHold, Package

CANNOT = {
    "kattis": "Kattis' problem format gives the test on standard input and takes standard output",
    "icpc2025": "the ICPC problem format gives the test on standard input and takes standard output",
    "domjudge": "DOMjudge gives the test on standard input and takes standard output",
    "uoj": "ojpack's UOJ export runs submissions on standard input and output",
    "luogu": "Luogu gives the test on standard input and takes standard output",
    "qduoj": "QDUOJ gives the test on standard input and takes standard output",
}


def files(pkg: Package) -> str:
    """'game.in, game.out': the problem's files, for messages ("" for standard input and output)."""
    return ", ".join(n for n in (pkg.input_file, pkg.output_file) if n)


def hydro_filename(pkg: Package) -> dict[str, str]:
    """Hydro config.yaml's `filename` for the problem's files ({} for standard input and output)."""
    if not files(pkg):
        return {}
    stem = (pkg.input_file or "").removesuffix(".in")
    if not stem or pkg.input_file != f"{stem}.in" or pkg.output_file != f"{stem}.out":
        raise OjpackError(f"hydro: its config names the files NAME.in and NAME.out; this problem's ({files(pkg)}) "
                          "are not such a pair")
    return {"filename": stem}


def refuse(pkg: Package, target: str) -> None:
    if files(pkg) and target in CANNOT:
        raise CannotHold(f"{target}: {CANNOT[target]}; this problem's solutions use the files {files(pkg)}, "
                          "so it is not exported there")
