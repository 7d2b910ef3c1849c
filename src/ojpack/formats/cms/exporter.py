"""CMS's Italian task format, as `cmsImportTask -L italy_yaml` reads it.

task.yaml; input/inputN.txt and output/outputN.txt from 0, the samples first (a 0-point group, public);
gen/GEN with one `# ST:` block per group (the loader takes the subtasks from there); a PDF statement per
language, named as CMS's loader looks for them (statement/english.pdf, statement/chinese.pdf: by the language's
English name, not its code); the samples as
attachments (att/); and check/checker, the token rule compiled in CMS's comparator protocol, because
CMS's built-in `white_diff` compares lines (or the CMS checker the package was imported with, as it came);
the solutions in sol/ (solutions.py).

Feedback: IOI style. Every testcase is public and `feedback_level: full`, so a contestant sees each
subtask's score; `score_mode: max_subtask` keeps each subtask's best over all submissions; no tokens.
"""

from __future__ import annotations

from pathlib import Path

from ...errors import OjpackError
from ..common.package import CannotHold, Package, split_note
from ..common.checkers import adapt_testlib_checker, compile_checker, token_checker
from ..common.write import Notes, copy, text, yaml_text
from ..common import kinds
from ..italy.checker import wrapped
from . import solutions

PRIMARY = "en"
# The names CMS's italy_yaml loader gives statement files per language (statement/<name>.pdf): a file named by
# its code (en.pdf) is not read at all. Languages outside this table have no multi-language file name there.
CMS_LANGUAGE_NAMES = {
    "ar": "arabic", "bg": "bulgarian", "cs": "czech", "da": "danish", "de": "german", "el": "greek",
    "en": "english", "es": "spanish", "et": "estonian", "fa": "persian", "fi": "finnish", "fr": "french",
    "he": "hebrew", "hi": "hindi", "hr": "croatian", "hu": "hungarian", "id": "indonesian", "it": "italian",
    "ja": "japanese", "ka": "georgian", "kk": "kazakh", "ko": "korean", "lt": "lithuanian", "lv": "latvian",
    "nl": "dutch", "no": "norwegian", "pl": "polish", "pt": "portuguese", "ro": "romanian", "ru": "russian",
    "sk": "slovak", "sl": "slovene", "sr": "serbian", "sv": "swedish", "th": "thai", "tr": "turkish",
    "uk": "ukrainian", "vi": "vietnamese", "zh": "chinese",
}


def gen_line(line: str, test_id: str) -> str:
    """A generator line as is; a copied file as a #COPY comment (it has no generator arguments)."""
    if line.startswith("copy "):
        return f"#COPY: {line.removeprefix('copy ')}  # {test_id}"
    return f"{line}  # {test_id}"


def _statements(pdfs: dict[str, Path | None], primary: str, folder: Path, notes: Notes) -> None:
    """One file per language by its CMS name. The loader reads statement.pdf only when no named file exists
    (and then as the primary language alone), so it is written only when the primary language has no name."""
    if primary not in CMS_LANGUAGE_NAMES:
        copy(pdfs[primary], folder / "statement.pdf")
        for lang in pdfs:
            if lang != primary:
                notes.lost.append(f"the {lang} statement: CMS reads one statement.pdf when the primary language "
                                  f"({primary}) has no name in its loader's table")
        return
    for lang, pdf in pdfs.items():
        if pdf is None:
            notes.lost.append(f"the {lang} statement: no PDF was rendered")
        elif lang not in CMS_LANGUAGE_NAMES:
            notes.lost.append(f"the {lang} statement: CMS's loader has no file name for this language")
        else:
            copy(pdf, folder / f"{CMS_LANGUAGE_NAMES[lang]}.pdf")


def _original_checker(adapter: Path, original: Path, folder: Path) -> None:
    """check/checker.cpp: the CMS checker as the source had it, with what it includes (testlib.h) beside it,
    compiled to check/checker."""
    for f in sorted(adapter.parent.iterdir()):
        if f.is_file() and f not in (adapter, original):
            copy(f, folder / f.name)
    copy(original, folder / "checker.cpp")
    compile_checker(folder / "checker.cpp", folder / "checker", "cms")


def write(pkg: Package, out: Path) -> Notes:
    notes = Notes()
    cms_checker = wrapped(pkg.checker_program) if pkg.checker_type == "program" and pkg.checker_program else None
    if pkg.checker_type == "program" and pkg.checker_convention != "testlib" and cms_checker is None:
        raise CannotHold(f"cms: adapts testlib-convention checkers only; {pkg.checker_program.name} follows the "
                          f"{pkg.checker_convention} convention")
    primary = PRIMARY if PRIMARY in pkg.names else pkg.languages[0]
    pdfs = {lang: pkg.statement(lang, "pdf") for lang in pkg.languages}
    if pdfs[primary] is None and not (pkg.root / "statement" / f"problem.{primary}.md.j2").is_file():
        raise OjpackError(f"cms: needs a PDF statement, and the package has no statement/problem.{primary}.md.j2 to "
                          "render one from (a task imported without a statement: write one)")
    if pdfs[primary] is None:
        raise OjpackError(f"cms: needs the PDF statement build/statement/problem.{primary}.pdf, which needs Chromium "
                          "for `ojpack render` (install chromium, e.g. by scripts/setup.sh)")
    groups = [pkg.sample, *pkg.subtasks] if pkg.sample.tests else list(pkg.subtasks)
    tests = [t for g in groups for t in g.tests]
    # GroupMin scores a group only when all its tests pass: a sum subtask becomes one group per test
    blocks = [b for g in groups for b in g.blocks()]
    params = [[score, len(ts)] for score, ts in blocks]
    conf = {
        "name": pkg.short_name, "title": pkg.names[primary], "primary_language": primary,
        "time_limit": pkg.time_limit, "memory_limit": pkg.memory_mib, "n_input": len(tests),
        "public_testcases": "all", "feedback_level": "full", "score_mode": "max_subtask",
        "infile": pkg.input_file or "", "outfile": pkg.output_file or "", "token_mode": "disabled",
        "score_type": "GroupMin", "score_type_parameters": params}
    kinds.cms(pkg, out, conf, notes)   # a grader, a manager and stubs, or output_only
    text(out / "task.yaml", yaml_text(conf))
    for i, t in enumerate(tests):
        copy(t.input, out / "input" / f"input{i}.txt")
        copy(t.answer, out / "output" / f"output{i}.txt")
    for i, t in enumerate(pkg.sample.tests, start=1):
        copy(t.input, out / "att" / f"{pkg.short_name}.sample{i}.in")
        copy(t.answer, out / "att" / f"{pkg.short_name}.sample{i}.out")
    _statements(pdfs, primary, out / "statement", notes)
    if pkg.builtin_checker:
        source = token_checker(pkg, "cms")
        text(out / "check" / "checker.cpp", source)
        compile_checker(source, out / "check" / "checker", "cms")
    elif cms_checker is not None:   # a CMS checker an import wrapped for ojpack goes back as it came
        _original_checker(pkg.checker_program, cms_checker, out / "check")
    else:   # the sources stay beside the binary, for the record
        compile_checker(adapt_testlib_checker(pkg, out / "check", "cms", "cms"), out / "check" / "checker", "cms")
    gen = []
    for score, ts in blocks:
        gen.append(f"# ST: {score}")
        gen += [gen_line(pkg.plan_lines.get(t.id, ""), t.id) for t in ts]
    notes.todo += split_note(pkg, "CMS")
    text(out / "gen" / "GEN", "\n".join(gen))
    n_sample = len(pkg.sample.tests)
    notes.todo.append("feedback chosen: IOI style, every testcase public with full feedback and each subtask's "
                      "best score kept; for samples-only feedback set public_testcases to "
                      f"\"{','.join(str(i) for i in range(n_sample))}\" in task.yaml" if n_sample else
                      "feedback chosen: IOI style, every testcase public with full feedback")
    solutions.write(pkg, out / "sol", notes)   # task-maker's place for them; CMS's loader reads no other file there
    notes.lost.append(f"output limit ({pkg.output_mib} MiB): task.yaml has none")
    return notes
