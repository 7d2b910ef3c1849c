"""Export orchestration: fresh data and statements first, then each target staged, zipped and swapped in."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..build import ensure_built
from ..errors import OjpackError
from ..package import Package, make_package
from ..problem import Problem
from ..render import render
from ..render_pdf import find_browser
from ..statement import languages, samples_from_files
from . import TARGETS, WANTS_PDF, out_dir
from .write import publish


@dataclass(frozen=True)
class Exported:
    target: str
    folder: Path | None
    zip: Path | None
    files: int
    notes: tuple[str, ...] = ()
    error: str = ""


def resolve_targets(spec: str) -> list[str]:
    if spec == "all":
        return list(TARGETS)
    names = [s.strip() for s in spec.split(",") if s.strip()]
    bad = [n for n in names if n not in TARGETS]
    if bad or not names:
        raise OjpackError(f"--to {spec}: unknown target {', '.join(bad) or '(none)'}; "
                          f"choose from {', '.join(TARGETS)} or all")
    return names


def prepare(problem: Problem, targets: list[str], step: Callable[[str], None] = lambda s: None) -> tuple[Package, str]:
    """Build the data if missing or stale and render the statements the targets use.

    Returns the package and, when no PDF could be made, why (targets decide if they can do without).
    """
    step("building data (if stale)")
    tests = ensure_built(problem)
    formats = ["md", "html", "tex"]
    browser, why = None, ""
    if WANTS_PDF & set(targets):
        browser, why = find_browser()
        formats.append("pdf")
    step("rendering statements")
    samples = samples_from_files([(t.name, t.input, t.answer) for t in tests if t.group == "sample"])
    render(problem, samples, languages(problem), formats, browser, why)
    return make_package(problem, tests), (why if browser is None and "pdf" in formats else "")


def export(pkg: Package, targets: list[str], step: Callable[[str], None] = lambda s: None,
           out_root: Path | None = None) -> list[Exported]:
    """Write every target under out_root (default build/export); one target's failure does not stop the others."""
    root = out_root or out_dir(pkg.root)
    results = []
    for name in targets:
        step(f"exporting {name}")
        try:
            notes = publish(root, name, lambda staging, n=name: TARGETS[n].write(pkg, staging))
        except OjpackError as e:
            results.append(Exported(name, None, None, 0, error=str(e)))
            continue
        count = sum(1 for p in (root / name).rglob("*") if p.is_file())
        results.append(Exported(name, root / name, root / f"{name}.zip", count, tuple(notes)))
    return results
