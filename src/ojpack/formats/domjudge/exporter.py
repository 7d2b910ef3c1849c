"""DOMjudge's problem zip, as its importer (ImportProblemService) reads it.

- domjudge-problem.ini: externalid (else DOMjudge takes the zip's file name), name, timelimit;
  problem.yaml for the limits and the checker flags; .timelimit (the same number).
- One statement (DOMjudge shows PDF, HTML or text): problem.pdf in English, else the HTML; the other
  languages' statements go in as attachments.
- Submissions: submissions/<verdict>/<file>, or a folder submissions/<verdict>/<name>/ for a Java class
  named unlike its file, which DOMjudge takes only when the zip lists that folder as an entry of its
  own (write.zip_dir adds one per folder). A solution allowed
  several verdicts sits in submissions/mixed/ with an @EXPECTED_RESULTS@ line: in a verdict folder
  DOMjudge would narrow the set down to that folder's verdict.
- The default output validator compares tokens (case-insensitively unless `case_sensitive`), like ours; the float
  rule and `space_change_sensitive` are its flags too.
"""

from __future__ import annotations

from pathlib import Path

from ..common.interactive import FOLDER as INTERACTOR, mark_interactive, ship
from ..common.package import Package, language_losses, verdict_rule_losses
from ..common.checkers import default_validator_flags, ship_output_validator
from ..common.partial import partial_notes
from ..kattis.testargs_export import lost_everywhere
from ..common.write import Notes, copy, copy_solution, text, with_comment, yaml_text

FOLDER = {"AC": "accepted", "WA": "wrong_answer", "TLE": "time_limit_exceeded", "RTE": "run_time_error"}
RESULT = {"AC": "CORRECT", "WA": "WRONG-ANSWER", "TLE": "TIMELIMIT", "RTE": "RUN-ERROR", "MLE": "RUN-ERROR",
          "OLE": "OUTPUT-LIMIT", "CE": "COMPILER-ERROR"}
BY_RESULT = {RESULT[v]: folder for v, folder in FOLDER.items()}
MIXED = "mixed"
LANG = "en"  # DOMjudge holds one statement per problem; contests run on it are mostly in English


def ini_value(value: str) -> str:
    return '"' + value.replace('"', "'") + '"'


def write(pkg: Package, out: Path) -> Notes:
    notes = Notes(lost=pkg.pass_fail_note("domjudge") + lost_everywhere(pkg, "DOMjudge")
                  + partial_notes(pkg, "domjudge"))
    lang = LANG if LANG in pkg.names else pkg.languages[0]
    meta: dict[str, object] = {"name": pkg.names[lang], "uuid": pkg.uuid,
                               "limits": {"memory": pkg.memory_mib, "output": pkg.output_mib}}
    if pkg.checker_type == "program":
        meta["validation"] = "custom"
        if pkg.checker_args:   # the judge passes validator_flags to a custom output validator too
            meta["validator_flags"] = " ".join(pkg.checker_args)
        ship_output_validator(pkg, out / "output_validators" / "checker", "domjudge")
    elif flags := default_validator_flags(pkg):
        meta["validator_flags"] = " ".join(flags)
    mark_interactive(pkg, meta)
    ship(pkg, out / "output_validators" / INTERACTOR)
    text(out / "problem.yaml", yaml_text(meta))
    text(out / "domjudge-problem.ini", "".join(f"{k} = {v}\n" for k, v in (
        ("externalid", ini_value(pkg.short_name)), ("short-name", ini_value(pkg.short_name)),
        ("name", ini_value(pkg.names[lang])), ("timelimit", f"{pkg.time_limit:g}"))))
    text(out / ".timelimit", f"{pkg.time_limit:g}")
    for other in pkg.languages:
        pdf = pkg.statement(other, "pdf")
        html = pkg.statement(other, "html")
        if other == lang:
            if pdf:
                copy(pdf, out / "problem.pdf")
            else:
                copy(pkg.require_statement(lang, "html", "domjudge"), out / "problem.html")
                notes.todo.append("no PDF statement (render needs Chromium): problem.html is the statement")
        elif pdf or html:
            copy(pdf or html, out / "attachments" / f"problem.{other}.{'pdf' if pdf else 'html'}")

    for t in pkg.sample.tests:
        copy(t.input, out / "data" / "sample" / t.input.name)
        copy(t.answer, out / "data" / "sample" / t.answer.name)
    # One flat secret folder: group-prefixed names keep the subtasks in order for every DOMjudge version.
    for g in pkg.subtasks:
        for t in g.tests:
            copy(t.input, out / "data" / "secret" / f"{g.name}-{t.input.name}")
            copy(t.answer, out / "data" / "secret" / f"{g.name}-{t.answer.name}")

    notes.lost += language_losses(pkg, "DOMjudge")
    notes.lost += verdict_rule_losses(pkg, "DOMjudge")
    mixed = 0
    for s in pkg.solutions:
        path = s.entry   # a file, or name/Main.java for a Java class named unlike its file
        results = sorted({RESULT[v] for v in s.verdicts})
        if "MLE" in s.verdicts:
            notes.lost.append(f"{s.rel}: DOMjudge has no memory-limit verdict; expected as RUN-ERROR")
        if len(results) == 1 and results[0] in BY_RESULT:
            copy_solution(s.path, out / "submissions" / BY_RESULT[results[0]] / path)
            continue
        mixed += 1
        text(out / "submissions" / MIXED / path, with_comment(s.path, f"@EXPECTED_RESULTS@: {', '.join(results)}"))
    if mixed:
        notes.todo.append(f"submissions/{MIXED}/ ({mixed}): DOMjudge's import warns that the @EXPECTED_RESULTS@ "
                          "line does not match the folder, and keeps the line's set")
    return notes
