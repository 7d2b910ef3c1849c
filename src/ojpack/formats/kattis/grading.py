"""What a Kattis/ICPC package's testdata.yaml / test_group.yaml files say about grading that ojpack's rules
(a min subtask earns its points only when all its tests pass, a sum subtask each passing test's points, the
subtask scores add up, the sample earns nothing) do not express: named in the report, never dropped silently.

Carried elsewhere: scores (`accept_score`, the top of `range`, `max_score`, `score`, `scoring.score`), input
validator flags (validators.py), the output validator flags (the checker rule, and each group's and test's
own in testargs.py), the verdict rules (`on_reject`, the verdict `grader_flags`: graderules.py, which names
what it cannot carry). Equivalent to
ojpack's rule, so nothing to say: `grader_flags` min, `range` and the groups' `sum` at the top or data/secret,
`scoring.aggregation` / `score_aggregation` min, sum or pass-fail, `grading: default`; a group's `sum` with
`on_reject: continue` (a sum subtask, scores.py).
"""

from __future__ import annotations

from pathlib import Path

from typing import Any

import yaml

from .scores import legacy_summed, summed

SAME_FLAGS = {"min", "first_error", "ignore_sample", "accept_if_any_accepted", "no_errors", "worst_error",
              "always_accept"}   # the verdict flags: graderules.py
CARRIED = {"accept_score", "range", "max_score", "score", "input_validator_flags", "input_validator_args",
           "reject_score", "on_reject", "grader_flags", "scoring", "output_validator_flags",
           "output_validator_args", "static_validation", "full_feedback", "description", "grading",
           "score_aggregation"}


def grading_notes(root: Path) -> list[str]:
    data = root / "data"
    notes: list[str] = []
    files = sorted([*data.rglob("testdata.yaml"), *data.rglob("test_group.yaml")]) if data.is_dir() else []
    for f in files:
        try:
            meta = yaml.safe_load(f.read_text(encoding="utf-8")) or {}
        except (yaml.YAMLError, UnicodeDecodeError):
            notes.append(f"{f.relative_to(root)}: cannot read; not carried over")
            continue
        if not isinstance(meta, dict):
            continue
        where = f.relative_to(root).as_posix()
        group = f.parent not in (data, data / "secret", data / "sample")
        # a group that sums its tests is a sum subtask (scores.py): its sum and on_reject: continue are carried
        adds = group and (summed(meta) or f.name == "testdata.yaml" and legacy_summed(_chain(f.parent, data)))
        odd = set(str(meta.get("grader_flags", "")).split()) - SAME_FLAGS - (set() if group and not adds else {"sum"})
        if odd:
            notes.append(f"{where}: grader_flags {' '.join(sorted(odd))} not carried over (ojpack: a subtask scores "
                         "all or nothing, or the sum of its passing tests' points; the subtasks add up)")
        scoring = meta.get("scoring") if isinstance(meta.get("scoring"), dict) else {}
        rule = meta.get("score_aggregation", scoring.get("aggregation", "min"))
        if rule not in ("min", "sum", "pass-fail") and group:
            notes.append(f"{where}: score aggregation {rule!r} not carried over (ojpack: min or sum)")
        if meta.get("grading", "default") not in ("default", "sum"):
            notes.append(f"{where}: grading {meta['grading']!r} not carried over (ojpack grades by its own rule)")
        for key in sorted(set(meta) - CARRIED):
            notes.append(f"{where}: {key!r} not carried over")
    return notes


def _chain(folder: Path, data: Path) -> list[dict[str, Any]]:
    """A legacy group's testdata.yaml and its ancestors' up to data/, nearest first (unreadable ones empty)."""
    out = []
    for p in [folder, *folder.parents]:
        try:
            meta = yaml.safe_load((p / "testdata.yaml").read_text(encoding="utf-8")) if (p / "testdata.yaml").is_file() else {}
        except (yaml.YAMLError, UnicodeDecodeError):
            meta = {}
        out.append(meta if isinstance(meta, dict) else {})
        if p == data or p == p.parent:
            break
    return out
