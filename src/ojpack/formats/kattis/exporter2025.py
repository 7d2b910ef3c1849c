"""The ICPC problem package format 2025-09, as BAPCtools reads it.

Pass-fail: BAPCtools (the checker we hold this export to) refuses `type: scoring`, so the subtasks
stay test groups with their own validator bounds, and their scores travel in the other exports.
"""

from __future__ import annotations

from pathlib import Path

from ..common.interactive import ship
from ..common.multipass import mark as mark_multi_pass
from ..common.package import Package, language_losses, validator_args, verdict_rule_losses
from ..common.checkers import default_validator_flags, ship_output_validator
from ..common.partial import partial_notes
from . import included_export as included
from .testargs_export import case_files
from ..common.write import Notes, copy, copy_solution, link, sha256, text, yaml_text
from ..common import kinds

FOLDER = {"AC": "accepted", "WA": "wrong_answer", "TLE": "time_limit_exceeded", "RTE": "run_time_error"}
# A solution allowed several verdicts goes in a neutral folder; submissions.yaml says what it may get.
MIXED_FOLDER = "mixed"


def rule(verdicts: frozenset[str]) -> dict[str, list[str]]:
    """Our semantics (every test in E or AC, some test failing within E unless AC is in E) as BAPCtools'
    permitted (every test's verdict) and required (at least one test's verdict)."""
    out = {"permitted": sorted(verdicts | {"AC"})}
    if "AC" not in verdicts:
        out["required"] = sorted(verdicts)
    return out


def write(pkg: Package, out: Path) -> Notes:
    root = out / pkg.short_name
    notes = Notes(lost=pkg.pass_fail_note("icpc2025") + partial_notes(pkg, "icpc2025"))   # BAPCtools refuses type: scoring
    limits: dict[str, object] = {"time_limit": pkg.time_limit, "memory": pkg.memory_mib, "output": pkg.output_mib}
    if not float(pkg.time_limit).is_integer():
        limits["time_resolution"] = 0.1 if round(pkg.time_limit * 10, 6).is_integer() else 0.001
    meta = {
        "problem_format_version": "2025-09",
        "type": "pass-fail",
        "name": dict(pkg.names),
        "uuid": pkg.uuid,
        "credits": {"authors": list(pkg.authors)},
        "source": {"name": pkg.source, **({"url": pkg.source_url} if pkg.source_url else {})},
        "license": pkg.license,
        **({"rights_owner": pkg.rights_owner} if pkg.rights_owner and pkg.license != "public domain" else {}),
        "limits": limits,
    }
    if pkg.interactor is not None:   # the 2025-09 format lists the kinds: judged pass-fail, interactively
        meta["type"] = ["pass-fail", "interactive"]
    mark_multi_pass(pkg, meta, limits)
    text(root / "problem.yaml", yaml_text(meta))
    for lang in pkg.languages:
        copy(pkg.require_statement(lang, "tex", "icpc2025"), root / "statement" / f"problem.{lang}.tex")

    data = root / "data"
    top: dict[str, object] = {"input_validator_args": validator_args(pkg.global_bounds)}
    if pkg.builtin_checker and pkg.interactor is None and (flags := default_validator_flags(pkg)):
        top["output_validator_args"] = flags
    elif pkg.checker_type == "program" and pkg.checker_args:
        top["output_validator_args"] = list(pkg.checker_args)
    elif pkg.interactor is not None and pkg.interactor_args:
        top["output_validator_args"] = list(pkg.interactor_args)
    text(data / "test_group.yaml", yaml_text(top))
    for t in pkg.sample.tests:
        copy(t.input, data / "sample" / t.input.name)
        copy(t.answer, data / "sample" / t.answer.name)
    case_files(pkg, pkg.sample.tests, data / "sample")
    # BAPCtools rejects a test repeated byte for byte in another group unless it is a symlink to the first.
    first: dict[tuple[str, str], tuple[Path, Path]] = {}
    for g in pkg.subtasks:
        folder = data / "secret" if pkg.pass_fail else data / "secret" / g.name   # a pass-fail one's tests: flat
        if not pkg.pass_fail:
            text(folder / "test_group.yaml", yaml_text({"input_validator_args": validator_args(g.bounds)}))
        for t in g.tests:
            dst = (folder / t.input.name, folder / t.answer.name)
            seen = first.setdefault((t.input_sha256 or sha256(t.input), t.answer_sha256 or sha256(t.answer)), dst)
            for src, to, made in zip((t.input, t.answer), dst, seen):
                if made != to:
                    link(made, to)
                else:
                    copy(src, to)
        case_files(pkg, g.tests, folder)

    ship(pkg, root / "output_validator")
    for file in pkg.judge_validator_files:   # with the headers a C++ validator includes
        copy(file, root / "input_validators" / "validate" / file.name)
    if pkg.answer_validator:
        copy(pkg.answer_validator, root / "answer_validators" / pkg.answer_validator.name)
    if pkg.checker_program:
        ship_output_validator(pkg, root / "output_validator", "icpc2025")

    notes.lost += language_losses(pkg, "an ICPC judge", kattis_native=True)
    notes.lost += included.write(pkg, root, has_default=True) + kinds.include(pkg, root)
    notes.lost += verdict_rule_losses(pkg, "the 2025-09 format", first_failure_judge=False)
    rules: dict[str, object] = {}
    for s in pkg.solutions:
        if why := kinds.ungraded(pkg, s):
            notes.lost.append(why)
            continue
        folder = FOLDER.get(s.kattis_single or "")
        if folder is None and s.kattis_verdicts <= set(FOLDER):
            folder = MIXED_FOLDER
            rules[f"{MIXED_FOLDER}/{s.entry.split('/')[0]}"] = rule(s.kattis_verdicts)
        if folder is None:
            notes.lost.append(f"{s.rel} left out: the format has no verdict {'/'.join(sorted(s.verdicts))}")
            continue
        copy_solution(s.path, root / "submissions" / folder / s.entry)
    if rules:
        text(root / "submissions" / "submissions.yaml", yaml_text(rules))
    return notes
