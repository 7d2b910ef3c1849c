"""What a Kattis / ICPC / BAPCtools reader made of the files it reads rather than copies (settings, answers,
statements), for the import report's list of every source file (ledger.py finds the copied ones)."""

from __future__ import annotations

import re
from pathlib import Path

from ..common.writer import Imported, keeps_answers

SETTINGS = {
    "problem.yaml": "read: names, credits, license, limits, type, validator flags, constants → problem.yaml",
    ".timelimit": "read: the time limit → problem.yaml",
    "submissions/submissions.yaml": "read: which verdicts each submission may get → problem.yaml",
    "domjudge-problem.ini": "read: DOMjudge's time limit (unless .timelimit gives one) and name → problem.yaml",
}
STATEMENT = re.compile(r"(?:problem_)?statement/problem(?:\.([a-z]{2}))?\.(?:tex|md)")
GIT = {".gitkeep", ".gitignore", ".gitattributes"}


def kattis_fates(root: Path, imp: Imported) -> None:
    """Record in imp.fates what became of the settings files, the answers and the statements of `root`."""
    for rel, fate in SETTINGS.items():
        if (root / rel).is_file():
            imp.took(rel, fate)
    plan = "generators/generators.yaml"
    if (root / plan).is_file():
        used = any(t.origin.startswith("generators.yaml:") for t in imp.tests)
        imp.took(plan, "read: its plan → the generator lines of problem.yaml" if used else
                 "not carried over: the tests are the ones under data/ (its plan is how they were made)")
    kept = keeps_answers(imp)
    for t in imp.tests:
        if not t.origin.endswith(".in") or t.group == "secret" and t.origin.startswith("data/sample/"):
            continue
        if (root / (own := t.origin[:-3] + ".yaml")).is_file():
            imp.took(own, f"read: test {t.group}/{t.name}'s own validator arguments → its test line in problem.yaml")
        ans = t.origin[:-3] + ".ans"
        if (root / ans).is_file():
            imp.took(ans, f"the answer of test {t.group}/{t.name}: " + (
                "kept as the test's answer (problem.yaml `answer:`)" if kept else
                "compared with the model solution's output (ojpack's answers are its output)"))
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.name in GIT and path.is_file():
            imp.took(rel, "not needed: git bookkeeping")
        elif path.suffix in (".desc", ".hint") and rel.startswith("data/"):
            imp.took(rel, "not carried over: a test's description or hint (ojpack's plan lines keep none)")
        elif path.name in ("testdata.yaml", "test_group.yaml") and rel.startswith("data/"):
            imp.took(rel, "read: the group's points and validator flags → problem.yaml")
        elif (m := STATEMENT.fullmatch(rel)) and rel not in imp.fates:
            lang = m.group(1) or "en"
            target = next((t for t in (f"statement/problem.{lang}.md.j2", f"statement/imported/problem.{lang}.md.j2")
                           if t in imp.files), None)
            if target:
                imp.took(rel, f"the {lang} statement, in Markdown: {target}")
