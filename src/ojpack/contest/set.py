"""The contest's printed matter under its build/: problemset.<lang>.pdf and samples.zip."""

from __future__ import annotations

import zipfile
from dataclasses import dataclass
from pathlib import Path

from ..problem import Contest, load_problem
from ..statement import OUT_DIR, ProblemSetEntry, render_problemset

BUILD = "build"


@dataclass(frozen=True)
class ProblemSet:
    lang: str
    pdf: Path | None
    skipped: str = ""   # why there is none for this language


def _languages(contest: Contest) -> tuple[list[str], dict[str, str]]:
    """Languages every problem has a statement in (those get a problem set), and the others with why not."""
    per = {e.letter: list(load_problem(contest.folder(e)).spec.name) for e in contest.spec.problems}
    every = sorted(set.intersection(*(set(v) for v in per.values()))) if per else []
    some = sorted({lang for v in per.values() for lang in v} - set(every))
    return every, {lang: "not every problem has a statement in it (" +
                   ", ".join(k for k, v in per.items() if lang not in v) + " lack it)" for lang in some}


def make_problem_sets(contest: Contest, browser: Path | None, why_not: str = "no browser") -> list[ProblemSet]:
    """One PDF per language every problem has, from the problems' rendered HTML (render them first)."""
    every, others = _languages(contest)
    out = [ProblemSet(lang, None, why) for lang, why in others.items()]
    for lang in every:
        if browser is None:
            out.append(ProblemSet(lang, None, why_not))
            continue
        entries = []
        for e in contest.spec.problems:
            problem = load_problem(contest.folder(e))
            entries.append(ProblemSetEntry(e.letter, e.color, problem.spec.name[lang],
                                           problem.root / OUT_DIR / f"problem.{lang}.html"))
        title = contest.spec.name.get(lang) or next(iter(contest.spec.name.values()))
        pdf = render_problemset(title, contest.spec.date, lang, entries,
                                contest.root / BUILD / f"problemset.{lang}.pdf", browser)
        out.append(ProblemSet(lang, pdf))
    return sorted(out, key=lambda p: p.lang)


def samples_zip(contest: Contest) -> Path:
    """build/samples.zip: <letter>/<sample files> of every problem (what contestants get), reproducible."""
    target = contest.root / BUILD / "samples.zip"
    target.parent.mkdir(parents=True, exist_ok=True)
    part = target.with_name(target.name + ".part")
    with zipfile.ZipFile(part, "w", zipfile.ZIP_DEFLATED) as z:
        for e in contest.spec.problems:
            folder = contest.folder(e) / "data" / "sample"
            for f in sorted(folder.iterdir()) if folder.is_dir() else []:
                if f.is_file():
                    info = zipfile.ZipInfo(f"{e.letter}/{f.name}", date_time=(1980, 1, 1, 0, 0, 0))
                    info.external_attr = 0o644 << 16
                    z.writestr(info, f.read_bytes(), zipfile.ZIP_DEFLATED)
    part.replace(target)
    return target
