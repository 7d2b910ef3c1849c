"""Legacy Kattis / ICPC problem format, as problemtools' verifyproblem checks it.

A scoring problem: every subtask is a test group under data/secret whose testdata.yaml carries its
score (min over its tests; a sum subtask: each test's accept_score, summed) and its bounds for the input
validator; the sample group is worth 0.
A pass-fail problem: `type: pass-fail`, its secret tests flat under data/secret.
"""

from __future__ import annotations

from pathlib import Path

from ..common.interactive import FOLDER as INTERACTOR, mark_interactive, ship, ship_dialogues
from ..common.package import Package, language_losses, validator_args, verdict_rule_losses
from ..common.checkers import default_validator_flags, ship_output_validator
from ..common.partial import adapter_flags, partial_notes
from . import included_export as included
from .testargs_export import folder_flags
from ..common.write import Notes, copy, copy_solution, text, yaml_text
from ..common import kinds

FOLDER = {"AC": "accepted", "WA": "wrong_answer", "TLE": "time_limit_exceeded", "RTE": "run_time_error"}
# problem.yaml's judging rules as problemtools' default grader reads testdata.yaml (kattis/graderules.py)
SETTINGS = {"first_failure": {"on_reject": "break"}, "worst_error": {"on_reject": "continue", "grader_flags": "worst_error"},
            "always_accept": {"grader_flags": "always_accept"}}


def rule_settings(pkg: Package, group: str | None = None) -> dict[str, object]:
    """The testdata.yaml lines that make problemtools judge data/ (group None) or a group's folder by the
    package's rule; nothing where data/'s default (on_reject: break) or the inherited rule already does."""
    top = pkg.verdict_rule if pkg.verdict_rule == "worst_error" else "first_failure"
    if group is None:
        return SETTINGS[top] if top != "first_failure" else {}
    own = pkg.group_rules.get(group, top)
    return SETTINGS[own] if own != top else {}


def limit_text(seconds: float) -> str:
    return f"{seconds:g}"


def write(pkg: Package, out: Path) -> Notes:
    root = out / pkg.short_name
    notes = Notes(lost=partial_notes(pkg, "kattis"))
    meta = {
        "uuid": pkg.uuid,
        "type": "pass-fail" if pkg.pass_fail else "scoring",
        "author": ", ".join(pkg.authors),
        "source": pkg.source,
        **({"source_url": pkg.source_url} if pkg.source_url else {}),
        "license": pkg.license,
        **({"rights_owner": pkg.rights_owner} if pkg.rights_owner and pkg.license != "public domain" else {}),
        "limits": {"memory": pkg.memory_mib, "output": pkg.output_mib},
    }
    if not pkg.pass_fail:   # problemtools allows showing the groups only for scoring problems
        meta["grading"] = {"show_test_data_groups": True}
    # The default output validator compares tokens, case-insensitively unless told: ours, with the flag.
    if pkg.checker_type == "program":
        meta["validation"] = "custom"
        if pkg.checker_args:   # the judge passes validator_flags to a custom output validator too
            meta["validator_flags"] = " ".join(pkg.checker_args)
    elif flags := default_validator_flags(pkg):
        meta["validator_flags"] = " ".join(flags)
    mark_interactive(pkg, meta)
    text(root / "problem.yaml", yaml_text(meta))
    # Kattis derives its time limit from the accepted runs; .timelimit pins ours for DOMjudge imports.
    text(root / ".timelimit", limit_text(pkg.time_limit))
    for lang in pkg.languages:
        copy(pkg.require_statement(lang, "tex", "kattis"), root / "problem_statement" / f"problem.{lang}.tex")

    data = root / "data"
    if pkg.pass_fail:
        _pass_fail_data(pkg, data, notes.lost)
    else:
        _scoring_data(pkg, data, notes.lost)
    ship(pkg, root / "output_validators" / INTERACTOR)

    ship_dialogues(pkg, data / "sample")
    # The C++ port where there is one: Kattis runs Python under PyPy, a compiled validator runs anywhere.
    for file in pkg.judge_validator_files:   # with the headers a C++ validator includes
        copy(file, root / "input_validators" / "validate" / file.name)
    if pkg.checker_program:
        ship_output_validator(pkg, root / "output_validators" / "checker", "kattis")

    notes.lost += language_losses(pkg, "Kattis", kattis_native=True) + included.write(pkg, root, has_default=False) + kinds.include(pkg, root)
    notes.lost += verdict_rule_losses(pkg, "Kattis", carries_rules=pkg.pass_fail)
    for s in pkg.solutions:
        if why := kinds.ungraded(pkg, s):
            notes.lost.append(why)
            continue
        folder = FOLDER.get(s.kattis_single or "")
        if folder is None:
            notes.lost.append(f"{s.rel} left out: the legacy format has no folder for {'/'.join(sorted(s.verdicts))}")
            continue
        copy_solution(s.path, root / "submissions" / folder / s.entry)
    notes.lost.append(f"time limit: Kattis derives it from the slowest accepted run x time_multiplier; "
                      f"{limit_text(pkg.time_limit)} s is pinned only in .timelimit (read by DOMjudge)")
    return notes


def _samples(pkg: Package, data: Path, lost: list[str], settings: dict[str, object]) -> None:
    own = folder_flags(pkg, pkg.sample.tests, "data/sample", lost)
    if settings or own:
        text(data / "sample" / "testdata.yaml", yaml_text({**settings, **own}))
    for t in pkg.sample.tests:
        copy(t.input, data / "sample" / t.input.name)
        copy(t.answer, data / "sample" / t.answer.name)


def _pass_fail_data(pkg: Package, data: Path, lost: list[str]) -> None:
    """Pass-fail: every secret test flat under data/secret, judged all or nothing (the format's default)."""
    text(data / "testdata.yaml", yaml_text({"input_validator_flags": " ".join(validator_args(pkg.global_bounds)),
                                            **rule_settings(pkg)}))
    _samples(pkg, data, lost, rule_settings(pkg, "sample"))
    if own := {**rule_settings(pkg, "secret"), **folder_flags(pkg, pkg.secret_tests, "data/secret", lost)}:
        text(data / "secret" / "testdata.yaml", yaml_text(own))
    for t in pkg.secret_tests:
        copy(t.input, data / "secret" / t.input.name)
        copy(t.answer, data / "secret" / t.answer.name)


def _scoring_data(pkg: Package, data: Path, lost: list[str]) -> None:
    """Scoring: one group per subtask under data/secret, worth its score when all its tests pass."""
    text(data / "testdata.yaml", yaml_text({
        "on_reject": "break", "grading": "default", "grader_flags": "first_error sum", "range": "0 100",
        "input_validator_flags": " ".join(validator_args(pkg.global_bounds))}))
    # Keep judging the other subtasks after one fails, so partial solutions get their partial score.
    text(data / "secret" / "testdata.yaml", yaml_text({
        "on_reject": "continue", "grader_flags": "first_error sum", "range": "0 100"}))
    _samples(pkg, data, lost, {"accept_score": 0, "range": "0 0"})
    for g in pkg.subtasks:
        even = len(set(g.points)) == 1   # a sum group: each test earns accept_score; judging goes on past a failure
        rule = {"on_reject": "continue", "grader_flags": "first_error sum",
                **({"accept_score": g.points[0]} if even else {})} if g.summed else \
            {"on_reject": "break", "accept_score": g.score, "grader_flags": "first_error min"}
        own = folder_flags(pkg, g.tests, f"data/secret/{g.name}", lost)

        def with_adapter(score: int) -> dict[str, str]:
            """The folder's output validator flags, the testlib adapter's (a test's maximum score) first."""
            flags = " ".join(x for x in (adapter_flags(pkg, score), own.get("output_validator_flags")) if x)
            return {"output_validator_flags": flags} if flags else {}
        text(data / "secret" / g.name / "testdata.yaml", yaml_text({
            **rule, "range": f"0 {g.score}", "input_validator_flags": " ".join(validator_args(g.bounds)),
            **own, **with_adapter(g.points[0] if g.summed else g.score)}))
        for i, t in enumerate(g.tests):
            folder = data / "secret" / g.name
            if g.summed and not even:   # points differ: each test in a group of its own with its accept_score
                folder = folder / t.input.stem
                text(folder / "testdata.yaml", yaml_text({"accept_score": g.points[i], **with_adapter(g.points[i])}))
            copy(t.input, folder / t.input.name)
            copy(t.answer, folder / t.answer.name)
    if any(g.summed for g in pkg.subtasks):
        lost.append("sum subtasks: their groups add up their tests' accept_score (grader_flags sum, on_reject: "
                    "continue); a legacy judge that ignores the score of a group whose verdict is not accepted "
                    "gives them all or nothing")
