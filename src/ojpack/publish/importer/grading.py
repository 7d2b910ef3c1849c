"""What a Kattis/ICPC package's testdata.yaml / test_group.yaml files say about grading that ojpack's rule
(`scoring: {subtask: min, sample: 0}`: a subtask earns its points only when all its tests pass, the subtask
scores add up) does not express: named in the report, never dropped silently.

Carried elsewhere: scores (`accept_score`, the top of `range`, `max_score`, `score`, `scoring.score`), input
validator flags (validators.py), the output validator flags (the checker rule, and each group's and test's
own in testargs.py), the verdict rules (`on_reject`, the verdict `grader_flags`: graderules.py, which names
what it cannot carry). Equivalent to
ojpack's rule, so nothing to say: `grader_flags` min, `range` and the groups' `sum` at the top or data/secret,
`scoring.aggregation: min`, `grading: default`.
"""

from __future__ import annotations

from pathlib import Path

import yaml

SAME_FLAGS = {"min", "first_error", "ignore_sample", "accept_if_any_accepted", "no_errors", "worst_error",
              "always_accept"}   # the verdict flags: graderules.py
CARRIED = {"accept_score", "range", "max_score", "score", "input_validator_flags", "input_validator_args",
           "reject_score", "on_reject", "grader_flags", "scoring", "output_validator_flags",
           "output_validator_args", "static_validation", "full_feedback", "description", "grading"}


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
        odd = set(str(meta.get("grader_flags", "")).split()) - SAME_FLAGS - (set() if group else {"sum"})
        if odd:
            notes.append(f"{where}: grader_flags {' '.join(sorted(odd))} not carried over (ojpack: a subtask scores "
                         "all or nothing, the subtasks add up)")
        scoring = meta.get("scoring") if isinstance(meta.get("scoring"), dict) else {}
        if scoring.get("aggregation", "min") != "min" and group:
            notes.append(f"{where}: scoring aggregation {scoring['aggregation']!r} not carried over (ojpack: min)")
        if meta.get("grading", "default") != "default":
            notes.append(f"{where}: grading {meta['grading']!r} not carried over (ojpack grades by its own rule)")
        for key in sorted(set(meta) - CARRIED):
            notes.append(f"{where}: {key!r} not carried over")
    return notes
