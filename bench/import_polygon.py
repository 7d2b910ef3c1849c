"""How many real Polygon packages `ojpack import` brings in whole: each package is imported into a
throwaway folder, built, and checked; a problem is right when the import and the check succeed and every
imported solution gets a verdict its Polygon tag allows. Solutions problem.xml lists that could not be
imported (a language ojpack cannot run) count as wrong.

    .venv/bin/python bench/import_polygon.py PACKAGE_OR_FOLDER ...

A folder that is not itself a package (no problem.xml) is searched for packages below it.
Prints one line per package (with how many of its inputs a generator rebuilt byte for byte as Polygon's
`tests/NN`, how many differed and were copied, and how many of Polygon's answers the model's differ from),
then "problems right / total, submissions right / total"."""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

from ojpack.errors import OjpackError
from ojpack.judging import check
from ojpack.problem import load_problem
from ojpack.publish import ImportReport, import_package


def packages(paths: list[Path]) -> list[Path]:
    found: list[Path] = []
    for p in paths:
        if (p / "problem.xml").is_file() or p.suffix == ".zip":
            found.append(p)
        else:
            found += sorted(x.parent for x in p.rglob("problem.xml") if "<judging" in x.read_text(errors="replace"))
    return found


def data_line(report: ImportReport) -> str:
    # the report's list of the source's files says which tests/NN a generator line rebuilt byte for byte
    same = sum("rebuilt byte for byte" in fate for _, fate in report.files)
    return (f"data: {same} of Polygon's generated tests/NN rebuilt byte for byte, {len(report.mismatches)} "
            f"differ; {len(report.answer_diffs)} answers differ")


def one(pkg: Path) -> tuple[bool, int, int, str]:
    """(problem right, submissions right, submissions listed, what happened)."""
    listed = len(re.findall(r"<solution\b", (pkg / "problem.xml").read_text(errors="replace"))) if pkg.is_dir() else 0
    with tempfile.TemporaryDirectory(prefix="bench-import-") as tmp:
        try:
            report = import_package(pkg, Path(tmp) / "out")
            result = check(load_problem(report.folder), proof=False)
        except OjpackError as e:
            return False, 0, listed, " ".join(str(e).split())[:320]   # the reason, not just its start
        right = sum(1 for r in result.rows if not r.faults)
        faults = [f"{r.solution.name}: {r.verdict}" for r in result.rows if r.faults]
        listed = max(listed, len(result.rows))
        # the time margins ("not clearly over the limit") depend on the machine's load: shown, not counted
        ok = right == listed
        said = "; ".join(faults + list(result.problems)[:2])[:240]
        what = ("ok" + (f" ({said})" if said else "")) if ok else said or "solutions not imported"
        return ok, right, listed, f"{what} [{data_line(report)}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+", type=Path)
    found = packages(ap.parse_args().paths)
    if not found:
        sys.exit("no Polygon package (problem.xml) under the given paths")
    good = subs_ok = subs = 0
    for pkg in found:
        start = time.monotonic()
        ok, right, listed, what = one(pkg)
        good += ok
        subs_ok += right
        subs += listed
        print(f"{'RIGHT' if ok else 'WRONG'} {pkg.name}: {right}/{listed} submissions, "
              f"{time.monotonic() - start:.0f} s: {what}", flush=True)
    print(f"problems right {good} / {len(found)}, submissions right {subs_ok} / {subs}")


if __name__ == "__main__":
    main()
