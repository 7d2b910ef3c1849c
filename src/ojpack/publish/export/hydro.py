"""Hydro's import zip: one folder per problem with problem.yaml, problem_<lang>.md and testdata/config.yaml."""

from __future__ import annotations

from pathlib import Path

from ...errors import OjpackError
from ..package import Package
from .write import copy, text, yaml_text


def checker_type(pkg: Package) -> str:
    # Hydro's "default" compares output with trailing whitespace ignored: exact words, so case-sensitive.
    if pkg.checker_type == "tokens" and pkg.case_sensitive:
        return "default"
    raise OjpackError("hydro: only a case-sensitive token checker maps onto a Hydro builtin checker")


def case_name(group: str, name: str) -> str:
    return f"{group}-{name}"


def write(pkg: Package, out: Path) -> list[str]:
    root = out / pkg.short_name
    title_lang = pkg.languages[0]
    text(root / "problem.yaml", yaml_text({"title": pkg.names[title_lang], "tag": [pkg.source]}))
    for lang in pkg.languages:
        copy(pkg.require_statement(lang, "md", "hydro"), root / f"problem_{lang}.md")
    testdata = root / "testdata"
    subtasks = []
    for i, g in enumerate(pkg.subtasks, start=1):
        cases = []
        for t in g.tests:
            stem = case_name(g.name, t.input.stem)
            copy(t.input, testdata / f"{stem}.in")
            copy(t.answer, testdata / f"{stem}.out")
            cases.append({"input": f"{stem}.in", "output": f"{stem}.out"})
        subtasks.append({"id": i, "score": g.score, "type": "min", "cases": cases})
    config = {"type": "default", "time": f"{round(pkg.time_limit * 1000)}ms", "memory": f"{pkg.memory_mib}m",
              "checker_type": checker_type(pkg), "subtasks": subtasks}
    text(testdata / "config.yaml", yaml_text(config))
    copy(pkg.model_solution, root / "std" / pkg.model_solution.name)
    return []
