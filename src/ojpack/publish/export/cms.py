"""CMS's Italian task format: task.yaml (GroupMin), input/inputN.txt, output/outputN.txt from 0,
statement/statement.pdf and gen/GEN (our plan lines, one subtask per `# ST:` block).

CMS shows only a PDF statement; without one (no Chromium for `ojpack render`) this export fails.
"""

from __future__ import annotations

from pathlib import Path

from ...errors import OjpackError
from ..package import Package
from .write import copy, text, yaml_text

LANG = "en"


def gen_line(line: str, test_id: str) -> str:
    """A generator line as is; a copied file as a #COPY comment (it has no generator arguments)."""
    if line.startswith("copy "):
        return f"#COPY: {line.removeprefix('copy ')}  # {test_id}"
    return f"{line}  # {test_id}"


def write(pkg: Package, out: Path) -> list[str]:
    if pkg.checker_type != "tokens":
        raise OjpackError("cms: only the token checker (CMS's white-diff comparator) is exported")
    lang = LANG if LANG in pkg.names else pkg.languages[0]
    pdf = pkg.statement(lang, "pdf")
    if pdf is None:
        raise OjpackError(f"cms: needs the PDF statement build/statement/problem.{lang}.pdf, which needs Chromium "
                          "for `ojpack render` (install chromium, e.g. by scripts/setup.sh)")
    tests = pkg.secret_tests
    params = [[g.score, len(g.tests)] for g in pkg.subtasks]
    text(out / "task.yaml", yaml_text({
        "name": pkg.short_name, "title": pkg.names[lang], "time_limit": pkg.time_limit,
        "memory_limit": pkg.memory_mib, "n_input": len(tests), "public_testcases": "",
        "infile": "", "outfile": "", "token_mode": "disabled",
        "score_type": "GroupMin", "score_type_parameters": params}))
    for i, t in enumerate(tests):
        copy(t.input, out / "input" / f"input{i}.txt")
        copy(t.answer, out / "output" / f"output{i}.txt")
    copy(pdf, out / "statement" / "statement.pdf")
    gen = []
    for g in pkg.subtasks:
        gen.append(f"# ST: {g.score}")
        gen += [gen_line(pkg.plan_lines.get(t.id, ""), t.id) for t in g.tests]
    text(out / "gen" / "GEN", "\n".join(gen))
    return []
