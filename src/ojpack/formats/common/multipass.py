"""Multi-pass problems in the exports: of ojpack's targets, only the ICPC 2025-09 format can say that the
output validator may ask for another pass (`type: multi-pass`, `limits.validation_passes`). The others are
refused by name, as interactive problems are where no interactor can go: their judges would run the
submission once and take the first pass's verdict for the test's."""

from __future__ import annotations

from .package import CannotHold, Package

DEFAULT_PASSES = 2   # the formats' own default for limits.validation_passes
CANNOT = {
    "kattis": "the legacy Kattis format has no multi-pass problems (they came with the 2023-07 format)",
    "domjudge": "ojpack's DOMjudge export writes the legacy problem.yaml, which has no multi-pass problems",
    "hydro": "Hydro runs a submission once per test",
    "cms": "CMS runs a submission once per test",
    "uoj": "UOJ runs a submission once per test",
    "luogu": "Luogu runs a submission once per test",
    "qduoj": "QDUOJ runs a submission once per test",
}


def mark(pkg: Package, meta: dict[str, object], limits: dict[str, object]) -> None:
    """ICPC 2025-09 problem.yaml: `multi-pass` among the kinds, and the most passes when not the default."""
    if pkg.validation_passes is None:
        return
    kinds = meta["type"] if isinstance(meta["type"], list) else [meta["type"]]
    meta["type"] = [*kinds, "multi-pass"]
    if pkg.validation_passes != DEFAULT_PASSES:
        limits["validation_passes"] = pkg.validation_passes


def refuse(pkg: Package, target: str) -> None:
    if pkg.validation_passes is not None and target in CANNOT:
        raise CannotHold(f"{target}: {CANNOT[target]}; this multi-pass problem is not exported there")
