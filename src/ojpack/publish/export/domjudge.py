"""DOMjudge's problem zip: problem.yaml + .timelimit, a statement, data, submissions with expected results.

DOMjudge shows a PDF, HTML or text statement (it does not render LaTeX). Without a PDF (no Chromium
for `ojpack render`) the HTML statement goes in instead, which DOMjudge accepts as well.
"""

from __future__ import annotations

from pathlib import Path

from ..package import Package
from .write import copy, text, with_comment, yaml_text

FOLDER = {"AC": "accepted", "WA": "wrong_answer", "TLE": "time_limit_exceeded", "RTE": "run_time_error"}
RESULT = {"AC": "CORRECT", "WA": "WRONG-ANSWER", "TLE": "TIMELIMIT", "RTE": "RUN-ERROR", "MLE": "RUN-ERROR",
          "OLE": "OUTPUT-LIMIT", "CE": "COMPILER-ERROR"}
LANG = "en"  # DOMjudge holds one statement per problem; contests run on it are mostly in English


def write(pkg: Package, out: Path) -> list[str]:
    notes: list[str] = pkg.pass_fail_note("domjudge")
    lang = LANG if LANG in pkg.names else pkg.languages[0]
    meta: dict[str, object] = {"name": pkg.names[lang], "uuid": pkg.uuid,
                               "limits": {"memory": pkg.memory_mib, "output": pkg.output_mib}}
    if pkg.checker_type == "custom":
        meta["validation"] = "custom"
    elif pkg.case_sensitive:
        meta["validator_flags"] = "case_sensitive"
    text(out / "problem.yaml", yaml_text(meta))
    text(out / ".timelimit", f"{pkg.time_limit:g}")
    pdf = pkg.statement(lang, "pdf")
    if pdf:
        copy(pdf, out / "problem.pdf")
    else:
        copy(pkg.require_statement(lang, "html", "domjudge"), out / "problem.html")
        notes.append("no PDF statement (render needs Chromium): problem.html included instead")

    for t in pkg.sample.tests:
        copy(t.input, out / "data" / "sample" / t.input.name)
        copy(t.answer, out / "data" / "sample" / t.answer.name)
    # One flat secret folder: group-prefixed names keep the subtasks in order for every DOMjudge version.
    for g in pkg.subtasks:
        for t in g.tests:
            copy(t.input, out / "data" / "secret" / f"{g.name}-{t.input.name}")
            copy(t.answer, out / "data" / "secret" / f"{g.name}-{t.answer.name}")
    if pkg.checker_program:
        copy(pkg.checker_program, out / "output_validators" / "checker" / pkg.checker_program.name)

    for s in pkg.solutions:
        if s.single in FOLDER:
            copy(s.path, out / "submissions" / FOLDER[s.single] / s.entry)
            continue
        # A set of verdicts (or one DOMjudge has no folder for): the marker line is what counts.
        first = next((v for v in FOLDER if v in s.verdicts), "RTE")
        results = ", ".join(sorted({RESULT[v] for v in s.verdicts}))
        text(out / "submissions" / FOLDER[first] / s.entry, with_comment(s.path, f"@EXPECTED_RESULTS@: {results}"))
    return notes
