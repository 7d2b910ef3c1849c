"""Kattis / ICPC packages beyond one model and one run per test.

Multi-pass problems: 2023-07 and 2025-09 say `type: multi-pass` (alone or in a list, e.g. with
`interactive`), a few legacy-style packages `validation: custom multi-pass`; the most passes are
`limits.validation_passes` (2 when unset). ojpack's problem.yaml keeps it as `multi_pass: {passes: N}`.

Submit-answer problems (2025-09 `type: submit-answer`): a submission is "the answers to the test cases"
but the format says nothing of how its files map to the tests (issue 578 of Kattis/problem-package-format
is open on it), and its one example ships programs. ojpack's judge runs programs, so the submissions come in
as programs run on each test, and the type is named in the report.

No accepted submission (BAPCtools' test problems with only rejected ones): no model solution; every test
keeps the answer its source wrote, which must then exist."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...errors import OjpackError
from ..common.writer import Imported

DEFAULT_PASSES = 2


def kinds(meta: dict[str, Any]) -> str:
    """The problem's kinds as one string: `validation` (legacy) and `type` (a word or a list)."""
    kind = meta.get("type")
    listed = kind if isinstance(kind, list) else [kind if kind is not None else ""]
    return f"{meta.get('validation', '')} {' '.join(map(str, listed))}"


def scored(meta: dict[str, Any]) -> bool:
    """Legacy `validation: custom score` (or `... interactive score`), or 2025-09 `type: scoring`: the output
    validator or interactor may write score.txt."""
    return bool({"score", "scoring"} & set(kinds(meta).split()))


def passes_of(meta: dict[str, Any]) -> int | None:
    """The most passes of a multi-pass problem, or None for a problem run once."""
    if "multi-pass" not in kinds(meta):
        return None
    limits = meta.get("limits") if isinstance(meta.get("limits"), dict) else {}
    raw = limits.get("validation_passes", DEFAULT_PASSES)
    if isinstance(raw, bool) or not isinstance(raw, int) or not 2 <= raw <= 100:
        raise OjpackError(f"problem.yaml: limits.validation_passes: should be a whole number from 2 to 100 "
                          f"(got {raw!r})")
    return raw


def submit_answer(meta: dict[str, Any], imp: Imported) -> None:
    if "submit-answer" in kinds(meta):
        imp.note("type submit-answer: ojpack judges programs, so each submission is judged as a program run on "
                 "each test (the format does not say how answer files map to tests); a submission of answer files "
                 "would not run")


def no_model(root: Path, imp: Imported) -> None:
    """No accepted submission: no model solution; the tests keep the answers the source wrote."""
    missing = [t.origin for t in imp.tests if t.answer is None and not t.gen]
    if missing and imp.interactor is None:
        raise OjpackError(f"{root}: no accepted submission ojpack can run to answer the tests, and "
                          f"{missing[0]} has no .ans file" + (f" ({len(missing) - 1} more)" if len(missing) > 1 else ""))
    if any(t.gen for t in imp.tests) and imp.interactor is None:
        raise OjpackError(f"{root}: no accepted submission ojpack can run to answer the generated tests")
    imp.note("no accepted submission ojpack can run: no model solution; every test keeps the .ans its source "
             "wrote, and the submissions are checked against those")
