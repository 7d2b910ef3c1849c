"""The submissions of a Kattis-family package (legacy, 2023-07, 2025-09, DOMjudge's and BAPCtools' layouts):
submissions/<verdict folder>/<file or folder>, each a source, several sources, or a folder with its own
build/run scripts (multifile.py), with the verdicts its folder, submissions.yaml or @EXPECTED_RESULTS@ allows.
A Python 3 source runs with PyPy 3 and a C++ one is compiled as C++23 (gnu++23), as problemtools, BAPCtools
and Kattis do, unless the package is DOMjudge's (its domjudge-problem.ini, or the submission's
@EXPECTED_RESULTS@ tag), whose judge keeps ojpack's defaults (CPython, C++17).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..common.langcodes import KATTIS_RUNS_AS
from . import multifile
from .passes import no_model
from ..common.submissions import FAIL, SOME_POINTS, expected_results, expected_score, runnable, unclaimed, verdicts_of
from ..common.writer import FOLDER, Imported, SolutionIn, partial

HEADERS = {".h", ".hpp", ".hh", ".txt", ".md"}   # files beside a submission's source that are not a second one
SKIPPED = {".disabled", ".template"}   # a submission (file or folder) BAPCtools does not judge
MODEL_ORDER = (".cpp", ".cc", ".cxx", ".c", ".java", ".py")


def home_language(root: Path, name: str, data: bytes) -> str | None:
    """ojpack's language id for a submission the package's home tool runs otherwise than ojpack's default for
    its extension (`KATTIS_RUNS_AS`); None for DOMjudge's packages and every other language."""
    if (root / "domjudge-problem.ini").is_file() or expected_results(data):
        return None
    return KATTIS_RUNS_AS.get(Path(name).suffix)


def submissions(root: Path, imp: Imported, raw: dict[str, Any],
                rules: list[tuple[re.Pattern[str], set[str]]] | None = None) -> None:
    """submissions/<folder>/<file or folder>: its verdicts by `rules` (submissions.yaml, read as `raw`: it
    also names a multi-file submission's `entrypoint`), its source's @EXPECTED_RESULTS@ or its folder."""
    top = root / "submissions"
    skipped = []
    for folder in sorted(p for p in top.iterdir() if p.is_dir()) if top.is_dir() else []:
        for entry in sorted(p for p in folder.iterdir() if not p.name.startswith(".")):   # .gitkeep
            rel = f"{folder.name}/{entry.name}"
            files = [entry] if entry.is_file() else sorted(p for p in entry.rglob("*") if p.is_file())
            if entry.suffix in SKIPPED:
                skipped.append(rel)
                for f in files:
                    imp.took(f.relative_to(root).as_posix(), f"not carried over: a submission named *{entry.suffix}, "
                             "which BAPCtools skips")
                continue
            made = multifile.program(entry, multifile.entrypoint(raw, rel))
            if isinstance(made, str):
                imp.note(f"submissions/{rel}: {made}; not imported")
                continue
            if made is not None:
                multifile.add(imp, made, rel, b"\n".join(f.read_bytes() for f in files), rules,
                              entry.relative_to(root))
                continue
            sources = [p for p in files if p.suffix not in HEADERS]
            name, why = runnable(sources[0])
            if name is None:
                imp.note(f"submissions/{rel}: {why}; not imported")
                continue
            # @EXPECTED_RESULTS@ may sit in any file of a folder (DOMjudge reads them all)
            data = sources[0].read_bytes()
            verdicts = verdicts_of(f"{rel}/{sources[0].relative_to(entry).as_posix()}" if entry.is_dir() else rel,
                                   b"\n".join([data, *(f.read_bytes() for f in files if f != sources[0])]), rules)
            if verdicts is None:
                imp.note(f"submissions/{rel}: nothing says which verdicts it may get (folder {folder.name!r}, "
                         "no rule, no @EXPECTED_RESULTS@); not imported")
                continue
            span = SOME_POINTS if folder.name == "partially_accepted" and imp.subtasks and verdicts == FAIL else None
            verdicts = ["AC"] if span else verdicts   # problemtools: AC with some but not all of the points
            # a one-file folder (how judges take a Java class in its own file) becomes one file named after it
            suffix = Path(name).suffix   # (a folder x.c/ holding x.c and a note becomes x.c, not x.c.c)
            path = f"{entry.name.removesuffix(suffix)}{suffix}" if entry.is_dir() else name
            path = unclaimed(path, FOLDER[verdicts[0]], imp, f"submissions/{rel}")   # x.py beside x.py3
            score = expected_score(data) if imp.subtasks else None   # a pass-fail problem has no score
            if score is not None and imp.score_scale != 1:   # scaled group points round: the score may not match
                if verdicts == ["AC"] and score * imp.score_scale < 100 - 1e-6:
                    imp.note(f"submissions/{rel}: @EXPECTED_SCORE@ {score:g} not carried over (the group points "
                             "are scaled to 100)")
                score = None
            lang = home_language(root, name, b"\n".join(f.read_bytes() for f in files))
            imp.solutions.append(SolutionIn(path, data, verdicts, sources[0].relative_to(root).as_posix(), lang,
                                            score=None if span else score, score_range=span))
    if skipped:
        imp.note(f"{len(skipped)} submissions named *.disabled or *.template are skipped, as BAPCtools skips them: "
                 + ", ".join(skipped))
    accepted = sorted((s for s in imp.solutions if s.verdicts == ["AC"] and not partial(s)),
                      key=lambda s: (MODEL_ORDER.index(Path(s.path).suffix) if Path(s.path).suffix in MODEL_ORDER
                                     else 9, s.path))
    imp.model = accepted[0].origin if accepted else ""
    if not accepted:
        no_model(root, imp)
