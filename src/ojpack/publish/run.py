"""Export orchestration: fresh data and statements first, then each target staged, zipped and swapped in."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..judging import check, passed_before
from ..testdata import ensure_built
from ..errors import OjpackError
from ..problem import Problem
from ..statement import render
from ..statement import find_browser
from ..statement import languages, samples_from_files
from ..formats import (TARGETS, WANTS_PDF, CannotHold, Package, fileio, included, interactive, kinds, make_package,
                       multipass, out_dir, write)

CANNOT, refuse, publish = interactive.CANNOT, interactive.refuse, write.publish


@dataclass(frozen=True)
class Exported:
    target: str
    folder: Path | None
    zip: Path | None
    files: int
    lost: tuple[str, ...] = ()     # what the target cannot express, named rather than dropped silently
    todo: tuple[str, ...] = ()     # what is left to do by hand on the judge
    error: str = ""
    skipped: bool = False          # `all`: the target cannot hold this problem (error says why), so it is left out

    @property
    def notes(self) -> tuple[str, ...]:
        """Everything the export says about itself, lost items first."""
        return self.lost + self.todo


def resolve_targets(spec: str) -> list[str]:
    if spec == "all":
        return list(TARGETS)
    names = [s.strip() for s in spec.split(",") if s.strip()]
    bad = [n for n in names if n not in TARGETS]
    if bad or not names:
        raise OjpackError(f"--to {spec}: unknown target {', '.join(bad) or '(none)'}; "
                          f"choose from {', '.join(TARGETS)} or all")
    return names


def targets_for(problem: Problem, spec: str) -> tuple[list[str], dict[str, str]]:
    """The targets to write and those `all` leaves out beforehand, with why: `all` means every target that can
    hold this problem, so an interactive one skips the judges without a place for its interactor. The other
    misfits are found while writing (CannotHold, `export(skip_unfit=True)`). A target named on its own is
    never skipped (its export fails, naming why)."""
    targets = resolve_targets(spec)
    if spec != "all":
        return targets, {}
    skipped: dict[str, str] = {}
    if problem.spec.interactor is not None:
        skipped |= {t: f"{CANNOT[t]}: not a target for an interactive problem" for t in targets if t in CANNOT}
    if problem.spec.multi_pass is not None:
        skipped |= {t: f"{multipass.CANNOT[t]}: not a target for a multi-pass problem"
                    for t in targets if t in multipass.CANNOT}
    skipped |= {t: why for t in targets if (why := kinds.cannot(problem.spec.kind, t))}
    return [t for t in targets if t not in skipped], skipped


def ensure_checked(problem: Problem, step: Callable[[str], None] = lambda s: None) -> bool:
    """Run `ojpack check` unless a passing result for exactly these sources is on record; True if it ran.

    Exports go to judges, so a package whose solutions do not get their declared verdicts is refused.
    """
    if passed_before(problem):
        return False
    step("checking every solution on fresh data (ojpack check)")
    report = check(problem)
    if not report.ok:
        shown = "; ".join(report.problems[:5]) + (f"; … {len(report.problems) - 5} more" if len(report.problems) > 5
                                                  else "")
        raise OjpackError(f"not exporting: `ojpack check` fails: {shown}")
    return True


def prepare(problem: Problem, targets: list[str], step: Callable[[str], None] = lambda s: None,
            checked: bool = True) -> tuple[Package, str]:
    """Build the data if missing or stale, check it (unless told not to) and render the statements.

    Returns the package and a warning when some statement could not be made (each target decides
    whether it can do without).
    """
    step("building data (if stale)")
    tests = ensure_built(problem)
    if checked:
        ensure_checked(problem, step)
    formats = ["md", "html", "tex"]
    browser, why = None, ""
    if WANTS_PDF & set(targets):
        browser, why = find_browser()
        formats.append("pdf")
    step("rendering statements")
    samples = samples_from_files([(t.name, t.input, t.answer) for t in tests if t.group == "sample"])
    try:
        render(problem, samples, languages(problem), formats, browser, why)
    except OjpackError as e:
        # Targets that need no statement (luogu, qduoj, uoj) still export; the others name the gap.
        return make_package(problem, tests), f"statements not rendered: {e}"
    return make_package(problem, tests), (f"no PDF statement: {why}" if browser is None and "pdf" in formats else "")


def export(pkg: Package, targets: list[str], step: Callable[[str], None] = lambda s: None,
           out_root: Path | None = None, skip_unfit: bool = False) -> list[Exported]:
    """Write every target under out_root (default build/export); one target's failure does not stop the others.
    `skip_unfit` (`--to all`): a target that cannot hold the problem (CannotHold) is marked skipped, not failed."""
    root = out_root or out_dir(pkg.root)
    results = []
    for name in targets:
        step(f"exporting {name}")
        try:
            refuse(pkg, name)
            kinds.refuse(pkg, name)
            multipass.refuse(pkg, name)
            fileio.refuse(pkg, name)
            notes = publish(root, name, lambda staging, n=name: TARGETS[n].write(pkg, staging))
            notes.lost += included.losses(pkg, name)
        except OjpackError as e:
            results.append(Exported(name, None, None, 0, error=str(e), skipped=skip_unfit and isinstance(e, CannotHold)))
            continue
        count = sum(1 for p in (root / name).rglob("*") if p.is_file())
        results.append(Exported(name, root / name, root / f"{name}.zip", count, tuple(notes.lost), tuple(notes.todo)))
    return results
