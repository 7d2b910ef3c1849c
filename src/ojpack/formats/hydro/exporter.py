"""Hydro's import zip: one folder per problem with problem.yaml, problem_<lang>.md, testdata/ and std/.

What Hydro's importer does with it (ProblemModel.import, hydrojudge): `title` is the one title; each
problem_<lang>.md is that language's statement; samples are sample panels only in ```inputN / ```outputN
fences; a std/ file's language is the part of its name after the first dot (`cc` is C++). Hydro's
`default` checker compares lines, so the token rule travels as a testlib-protocol checker (checker.cc,
tokens.cpp), which hydrojudge compiles and runs as `checker in user_out answer`.
"""

from __future__ import annotations

import re
from pathlib import Path

from ...errors import OjpackError
from ...sandbox import is_script
from ..common.package import CannotHold, Package
from ..common import fileio
from ..common.checkers import token_checker
from ..common.partial import partial_notes
from ..common.write import Notes, copy, text, yaml_text

# Hydro's language ids by source suffix (the std's file name carries it).
LANG_ID = {".cpp": "cc", ".cc": "cc", ".c": "c", ".java": "java", ".py": "py"}
FENCE = re.compile(r"^(`{3,}|~{3,})[^\n]*\n(.*?)^\1[ \t]*$", re.M | re.S)


def checker_config(pkg: Package, testdata: Path) -> dict[str, str]:
    if pkg.builtin_checker:
        text(testdata / "checker.cc", token_checker(pkg, "testlib"))
        return {"checker_type": "testlib", "checker": "checker.cc"}
    assert pkg.checker_program is not None
    if pkg.checker_convention != "testlib":
        raise CannotHold(f"hydro: runs testlib-protocol checkers only; {pkg.checker_program.name} follows the "
                          f"{pkg.checker_convention} convention")
    if is_script(pkg.checker_program):   # hydrojudge compiles one checker source by its extension
        raise CannotHold(f"hydro: takes a checker as one source file; {pkg.checker_program.parent.name}/ is a "
                          "build/run program")
    copy(pkg.checker_program, testdata / pkg.checker_program.name)   # hydrojudge brings testlib.h
    return {"checker_type": "testlib", "checker": pkg.checker_program.name}


def hydro_statement(markdown: str, samples: list[tuple[str, str]]) -> str:
    """The rendered statement as Hydro shows it: no title line (Hydro prints the title), and each sample's
    fenced blocks as ```inputN / ```outputN (found by content, so any template works), their headings
    dropped (Hydro labels the panels itself)."""
    lines = markdown.split("\n")
    if lines and lines[0].startswith("# "):
        lines = lines[1:]
    body = "\n".join(lines).lstrip("\n")
    wanted = [(kind, i, block.strip()) for i, (inp, ans) in enumerate(samples, start=1)
              for kind, block in (("input", inp), ("output", ans))]
    out, pos = [], 0
    for m in FENCE.finditer(body):
        if not wanted or m.group(2).strip() != wanted[0][2]:
            continue
        kind, i, block = wanted.pop(0)
        before = body[pos:m.start()].rstrip("\n").split("\n")
        if before and before[-1].startswith("#"):   # the template's own "Input #1" heading
            before = before[:-1]
        out.append("\n".join(before).rstrip("\n") + "\n\n" + f"```{kind}{i}\n{block}\n```")
        pos = m.end()
    if wanted:
        raise OjpackError(f"hydro: the statement does not show sample {wanted[0][1]}'s {wanted[0][0]} in a fenced block")
    return ("".join(out) + body[pos:]).strip("\n") + "\n"


def write(pkg: Package, out: Path) -> Notes:
    notes = Notes(todo=partial_notes(pkg, "hydro"))
    root = out / pkg.short_name
    # One title for every language: Hydro keeps a single one.
    title = " / ".join(dict.fromkeys(pkg.names.values()))
    text(root / "problem.yaml", yaml_text({"title": title, "tag": [pkg.source]}))
    samples = [(t.input.read_text(encoding="utf-8"), t.answer.read_text(encoding="utf-8")) for t in pkg.sample.tests]
    for lang in pkg.languages:
        md = pkg.require_statement(lang, "md", "hydro").read_text(encoding="utf-8")
        text(root / f"problem_{lang}.md", hydro_statement(md, samples))
    testdata = root / "testdata"
    subtasks = []
    for i, g in enumerate(pkg.subtasks, start=1):
        cases = []
        for j, t in enumerate(g.tests):
            stem = f"{g.name}-{t.input.stem}"
            copy(t.input, testdata / f"{stem}.in")
            copy(t.answer, testdata / f"{stem}.out")
            # a sum subtask: each case earns its own score when it passes (Hydro adds them up)
            cases.append({"input": f"{stem}.in", "output": f"{stem}.out", **({"score": g.points[j]} if g.summed else {})})
        subtasks.append({"id": i, "score": g.score, "type": "sum" if g.summed else "min", "cases": cases})
    config = {"type": "default", "time": f"{round(pkg.time_limit * 1000)}ms", "memory": f"{pkg.memory_mib}m",
              **checker_config(pkg, testdata), **fileio.hydro_filename(pkg), "subtasks": subtasks}
    text(testdata / "config.yaml", yaml_text(config))
    std = pkg.model_solution
    lang = LANG_ID.get(std.suffix) if std is not None else None
    if std is None:
        notes.lost.append("no model solution: std/ is empty")
    elif lang is None:
        notes.lost.append(f"model solution {std.name}: Hydro has no language id for {std.suffix}")
    else:
        copy(std, root / "std" / f"{std.stem}.{lang}")
    others = [s.rel for s in pkg.solutions if s.path != std]
    if others:
        notes.lost.append(f"{len(others)} other solutions and their expected verdicts: Hydro imports only std/ "
                          "(run as a submission), with no expected verdict")
    notes.lost.append(f"output limit ({pkg.output_mib} MiB): Hydro's config has no output limit")
    return notes
