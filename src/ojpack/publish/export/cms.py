"""CMS's Italian task format, as `cmsImportTask -L italy_yaml` reads it.

task.yaml; input/inputN.txt and output/outputN.txt from 0, the samples first (a 0-point group, public);
gen/GEN with one `# ST:` block per group (the loader takes the subtasks from there); a PDF statement per
language (statement/<lang>.pdf, statement/statement.pdf for the primary one); the samples as
attachments (att/); and check/checker, the token rule compiled in CMS's comparator protocol, because
CMS's built-in `white_diff` compares lines.

Feedback: IOI style. Every testcase is public and `feedback_level: full`, so a contestant sees each
subtask's score; `score_mode: max_subtask` keeps each subtask's best over all submissions; no tokens.
"""

from __future__ import annotations

from pathlib import Path

from ...errors import OjpackError
from ..package import Package
from .checkers import adapt_testlib_checker, compile_checker, token_checker
from .write import Notes, copy, text, yaml_text

PRIMARY = "en"


def gen_line(line: str, test_id: str) -> str:
    """A generator line as is; a copied file as a #COPY comment (it has no generator arguments)."""
    if line.startswith("copy "):
        return f"#COPY: {line.removeprefix('copy ')}  # {test_id}"
    return f"{line}  # {test_id}"


def write(pkg: Package, out: Path) -> Notes:
    notes = Notes()
    if pkg.checker_type == "program" and pkg.checker_convention != "testlib":
        raise OjpackError(f"cms: adapts testlib-convention checkers only; {pkg.checker_program.name} follows the "
                          f"{pkg.checker_convention} convention")
    primary = PRIMARY if PRIMARY in pkg.names else pkg.languages[0]
    pdfs = {lang: pkg.statement(lang, "pdf") for lang in pkg.languages}
    if pdfs[primary] is None:
        raise OjpackError(f"cms: needs the PDF statement build/statement/problem.{primary}.pdf, which needs Chromium "
                          "for `ojpack render` (install chromium, e.g. by scripts/setup.sh)")
    groups = [pkg.sample, *pkg.subtasks] if pkg.sample.tests else list(pkg.subtasks)
    tests = [t for g in groups for t in g.tests]
    params = [[g.score, len(g.tests)] for g in groups]
    text(out / "task.yaml", yaml_text({
        "name": pkg.short_name, "title": pkg.names[primary], "primary_language": primary,
        "time_limit": pkg.time_limit, "memory_limit": pkg.memory_mib, "n_input": len(tests),
        "public_testcases": "all", "feedback_level": "full", "score_mode": "max_subtask",
        "infile": "", "outfile": "", "token_mode": "disabled",
        "score_type": "GroupMin", "score_type_parameters": params}))
    for i, t in enumerate(tests):
        copy(t.input, out / "input" / f"input{i}.txt")
        copy(t.answer, out / "output" / f"output{i}.txt")
    for i, t in enumerate(pkg.sample.tests, start=1):
        copy(t.input, out / "att" / f"{pkg.short_name}.sample{i}.in")
        copy(t.answer, out / "att" / f"{pkg.short_name}.sample{i}.out")
    copy(pdfs[primary], out / "statement" / "statement.pdf")
    for lang, pdf in pdfs.items():
        if pdf is None:
            notes.lost.append(f"the {lang} statement: no PDF was rendered")
        else:
            copy(pdf, out / "statement" / f"{lang}.pdf")
    if pkg.builtin_checker:
        source = token_checker(pkg, "cms")
        text(out / "check" / "checker.cpp", source)
        compile_checker(source, out / "check" / "checker", "cms")
    else:   # the sources stay beside the binary, for the record
        compile_checker(adapt_testlib_checker(pkg, out / "check", "cms", "cms"), out / "check" / "checker", "cms")
    gen = []
    for g in groups:
        gen.append(f"# ST: {g.score}")
        gen += [gen_line(pkg.plan_lines.get(t.id, ""), t.id) for t in g.tests]
    text(out / "gen" / "GEN", "\n".join(gen))
    n_sample = len(pkg.sample.tests)
    notes.todo.append("feedback chosen: IOI style, every testcase public with full feedback and each subtask's "
                      "best score kept; for samples-only feedback set public_testcases to "
                      f"\"{','.join(str(i) for i in range(n_sample))}\" in task.yaml" if n_sample else
                      "feedback chosen: IOI style, every testcase public with full feedback")
    notes.lost.append("solutions and their expected verdicts: the task format has no place for them")
    notes.lost.append(f"output limit ({pkg.output_mib} MiB): task.yaml has none")
    return notes
