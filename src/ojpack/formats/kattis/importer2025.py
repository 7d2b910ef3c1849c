"""ICPC problem package formats 2025-09 and 2023-07: like legacy Kattis, with limits.time_limit,
test_group.yaml (2023-07: testdata.yaml with *_validator_flags), one output_validator/ (2023-07 packages
also use output_validators/), answer_validators/, statement/ (Markdown or LaTeX) and submissions.yaml."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...errors import OjpackError

from . import domjudge_ini
from . import included_import as included
from . import importer as kattis
from . import testargs_import as testargs
from .testargs_import import as_args
from .programs import place, units
from .scores import group_score, is_scoring, summed
from .generators import folder_settings, read_plan
from .grading import grading_notes
from .graderules import verdict_rules
from ..common.submissions import rules_2025
from ..common.timelimit import multiplier
from .validators import input_validators
from ..common.shapes import mapping
from ..common.writer import Imported



def read(root: Path) -> Imported:
    meta = kattis.load_yaml(root / "problem.yaml")
    imp = kattis.new(root, meta, "icpc2025")
    limits = mapping(meta, "limits", root / "problem.yaml")
    if "time_limit" in limits:
        imp.limits["time"] = float(limits["time_limit"])
    elif (seconds := domjudge_ini.timelimit(root, imp)) is not None:
        imp.limits["time"] = seconds
    elif str(meta.get("problem_format_version", "")).startswith("2023"):
        imp.time_rule = multiplier(meta, legacy=False)   # as problemtools: from the accepted runs
    else:
        imp.note("no limits.time_limit: ojpack uses 1 s, adjust it")
    imp.limits.update(memory=int(limits.get("memory", 2048)), output=int(limits.get("output", 8)))
    top_file = group_file(root / "data")
    top = kattis.load_yaml(top_file)
    where = top_file.relative_to(root).as_posix()
    planned = read_plan(root, imp)
    if not top_file.is_file():   # data/ made by BAPCtools: its root settings sit in generators.yaml
        top, where = _planned_root(planned, top, where)
    # 2025-09: output_validator/ is one program (its sources may sit in a subfolder); 2023-07 packages may
    # still have output_validators/<name>/
    found = [root / "output_validator"] if kattis.holds_files(root / "output_validator") else \
        sorted((root / "output_validators").glob("*"))
    out_flags = as_args(meta.get("validator_flags")) + as_args(top.get("output_validator_args",
                                                                   top.get("output_validator_flags")))
    if kattis.is_interactive(meta):
        kattis.interactor(root, found, imp, kattis.scored(meta))
    elif found:
        kattis.output_validator(root, found, "kattis", imp)
    elif imp.multi_pass:   # the spec's multi-pass example ships none
        raise OjpackError(f"{root}: a multi-pass problem without an output validator (the default one never "
                          "writes nextpass.in)")
    else:
        kattis.checker_flags(out_flags, imp, where)
    kattis.unpassed_flags(out_flags, where, imp)
    imp.validator_flags[""] = as_args(top.get("input_validator_args", top.get("input_validator_flags")))
    imp.bounds = kattis.bounds_of(imp.validator_flags[""], where, imp)
    kattis.tests(root, imp, _group_meta, is_scoring(meta), planned, _sum_2025)
    folders = folder_settings(planned)   # what `bt generate` writes where data/ lacks a folder's test_group.yaml

    def read_group(folder: Path) -> dict[str, Any]:
        f = group_file(folder)
        return kattis.load_yaml(f) if f.is_file() else folders.get(folder.relative_to(root).as_posix(), {})

    testargs.from_data(root, imp, read_group, kattis.load_yaml, as_args(meta.get("validator_flags")))
    testargs.finish(imp, out_flags)
    included.read(root, imp)
    listed = kattis.load_yaml(root / "submissions" / "submissions.yaml")
    kattis.submissions(root, imp, listed, _rules(listed, imp, str(meta.get("problem_format_version", ""))))
    imp.notes += grading_notes(root)
    if str(meta.get("problem_format_version", "")).startswith("2023"):   # problemtools' rules (testdata.yaml)
        verdict_rules(root, meta, imp, kattis.load_yaml, is_scoring(meta))
    imp.validator = input_validators(root, sorted((root / "input_validators").glob("*")), imp)
    answers = units(sorted((root / "answer_validators").glob("*")))
    if answers:   # its own folder: it may share a file name with the input validator
        imp.answer_validator = place(answers[0], "validators/answer", imp, "answer validator")
        if len(answers) > 1:
            imp.note(f"answer validators: {answers[0].main.relative_to(root)} taken, {len(answers) - 1} other(s) "
                     "not imported (ojpack runs one)")
    kattis.statements(root / "statement", imp)
    kattis.input_visualizer(root, imp)
    return imp


def _planned_root(plan: dict[str, Any] | None, top: dict[str, Any], where: str) -> tuple[dict[str, Any], str]:
    """The root `test_group.yaml:` (or legacy `testdata.yaml:`) mapping of generators/generators.yaml (parsed
    by `read_plan`), which BAPCtools writes to data/ when it generates."""
    settings = plan.get("test_group.yaml", plan.get("testdata.yaml")) if plan is not None else None
    if not isinstance(settings, dict):
        return top, where
    return settings, "generators/generators.yaml (test_group.yaml)"


def group_file(folder: Path) -> Path:
    """A test group's settings: test_group.yaml (2025-09), else testdata.yaml (2023-07)."""
    new = folder / "test_group.yaml"
    return new if new.is_file() or not (folder / "testdata.yaml").is_file() else folder / "testdata.yaml"


def _group_meta(folder: Path) -> tuple[float | None, list[str] | None]:
    meta = kattis.load_yaml(group_file(folder))
    args = meta.get("input_validator_args", meta.get("input_validator_flags"))
    return group_score(meta), (None if args is None else as_args(args))


def _sum_2025(folder: Path, count: int) -> float | None:
    """A group's points when its tests' scores add up (`score_aggregation: sum`, 2023-07 `scoring.aggregation`),
    split evenly; `secret` sums by default, which matters when it holds its tests itself."""
    meta = kattis.load_yaml(group_file(folder))
    if folder.name == "secret":
        rule = meta.get("score_aggregation", (meta.get("scoring") or {}).get("aggregation", "sum")
                        if isinstance(meta.get("scoring", {}), dict) else "sum")
        return (group_score(meta) or 100.0) if rule == "sum" else None
    return (group_score(meta) or float(count)) if summed(meta) else None


def _rules(raw: dict[str, Any], imp: Imported, version: str) -> list[tuple[re.Pattern[str], set[str]]]:
    """submissions.yaml, over the 2025-09 spec's default directory rules (2023-07 folders name one verdict)."""
    return rules_2025(raw, imp.notes, defaults=version.startswith("2025"))
