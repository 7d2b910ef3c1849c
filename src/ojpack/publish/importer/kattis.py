"""Legacy Kattis packages (problem.yaml, data/sample|secret, submissions/<verdict>/, input_validators/,
output_validators/, problem_statement/), and the parts the ICPC 2025-09 format shares with them.

Test groups are the folders under data/secret; their testdata.yaml gives the score (`accept_score` or the
top of `range`) and the validator flags, which ojpack reads back as bounds when they are NAME=LO..HI.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

import yaml

from ...errors import OjpackError
from ...problem import load_yaml as load_plain_yaml
from . import tex
from .writer import Imported, SolutionIn, TestIn, fill_names, permissive_validator, safe_name, scale_scores

VERDICT_DIRS = {"accepted": ["AC"], "wrong_answer": ["WA"], "time_limit_exceeded": ["TLE"],
                "run_time_error": ["RE"], "memory_limit_exceeded": ["MLE"], "output_limit_exceeded": ["OLE"],
                "compile_error": ["CE"], "rejected": ["WA", "TLE", "MLE", "RE", "OLE"]}
RUNNABLE = {".cpp", ".cc", ".cxx", ".c", ".py", ".java"}
BOUND = re.compile(r"^([A-Za-z_]\w*)=(-?\d+)\.\.(-?\d+)$")
LICENSES = {"unknown", "public domain", "cc0", "cc by", "cc by-sa", "educational", "permission"}
MODEL_ORDER = (".cpp", ".cc", ".cxx", ".c", ".java", ".py")


def load_yaml(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    try:
        raw = load_plain_yaml(path.read_text(encoding="utf-8")) or {}
    except (yaml.YAMLError, UnicodeDecodeError, ValueError) as e:   # ValueError: an alias, refused
        raise OjpackError(f"{path}: cannot read: {e}") from None
    return raw if isinstance(raw, dict) else {}


def read(root: Path) -> Imported:
    meta = load_yaml(root / "problem.yaml")
    imp = new(root, meta, "kattis")
    limits = meta.get("limits") or {}
    timelimit = root / ".timelimit"
    if timelimit.is_file():
        imp.limits["time"] = float(timelimit.read_text().strip())
    else:
        imp.note("no .timelimit: Kattis derives the time limit from the accepted runs; ojpack uses 1 s, adjust it")
    imp.limits.update(memory=int(limits.get("memory", 2048)), output=int(limits.get("output", 8)))
    flags = str(meta.get("validator_flags", "")).split()
    if is_interactive(meta):
        interactor(root, sorted((root / "output_validators").glob("*")), imp)
    elif meta.get("validation", "default") != "default":
        output_validator(root, sorted((root / "output_validators").glob("*")), "kattis", imp)
    else:
        checker_flags(flags, imp)
    top = load_yaml(root / "data" / "testdata.yaml")
    imp.bounds = bounds_of(str(top.get("input_validator_flags", "")).split(), "data/testdata.yaml", imp)
    tests(root, imp, _group_meta, meta.get("type") == "scoring")
    submissions(root, imp)
    imp.validator = validator(root, sorted((root / "input_validators").glob("*")), imp)
    statements(root / "problem_statement", imp)
    return imp


def new(root: Path, meta: dict[str, Any], fmt: str) -> Imported:
    short = re.sub(r"[^a-z0-9]", "", root.name.lower()) or "problem"
    imp = Imported(fmt, short, {}, {"time": 1.0}, [], [], [], "", "")
    source = meta.get("source")
    if isinstance(source, dict):
        imp.source = {"name": str(source.get("name", "imported")), **({"url": str(source["url"])} if source.get("url") else {})}
    elif source:
        imp.source = {"name": str(source), **({"url": str(meta["source_url"])} if meta.get("source_url") else {})}
    credits = meta.get("credits") or {}
    authors = credits.get("authors") if isinstance(credits, dict) else credits
    authors = authors or meta.get("author")
    if authors:
        imp.authors = ([str(a.get("name", a)) if isinstance(a, dict) else str(a) for a in authors]
                       if isinstance(authors, list) else [a.strip() for a in str(authors).split(",")])
    lic = str(meta.get("license", "unknown"))
    imp.license = lic if lic in LICENSES else "unknown"
    if lic not in LICENSES:
        imp.note(f"license {lic!r} is not one ojpack knows: set to unknown")
    if meta.get("rights_owner"):
        imp.rights_owner = str(meta["rights_owner"])
    name = meta.get("name")
    imp.names = {} if not name else ({str(k): str(v) for k, v in name.items()} if isinstance(name, dict) else {"en": str(name)})
    return imp


def is_interactive(meta: dict[str, Any]) -> bool:
    """Legacy `validation: custom interactive`, or 2025-09 `type: interactive` (alone or in a list)."""
    kinds = meta.get("type") if isinstance(meta.get("type"), list) else [meta.get("type", "")]
    return "interactive" in f"{meta.get('validation', '')} {' '.join(map(str, kinds))}"


def interactor(root: Path, found: list[Path], imp: Imported) -> None:
    """The output validator of an interactive problem is its interactor, in the convention ojpack runs: it
    goes to interactor/ (with the files beside it), and the answers stay what the source has."""
    sources = [p for p in found if p.is_file() and p.suffix in RUNNABLE]
    sources += [q for p in found if p.is_dir() for q in sorted(p.iterdir()) if q.suffix in RUNNABLE]
    if not sources:
        raise OjpackError(f"{root}: an interactive problem without an interactor source ojpack can run")
    main = sources[0]
    for f in (main.parent.iterdir() if main.parent not in (root / "output_validators", root) else [main]):
        if f.is_file():
            imp.files[f"interactor/{f.name}"] = f.read_bytes()
    if len(sources) > 1:
        imp.note(f"interactor: {main.relative_to(root)} taken, {len(sources) - 1} other source(s) left out")
    imp.interactor = f"interactor/{main.name}"


def checker_flags(flags: list[str], imp: Imported) -> None:
    imp.checker = {"type": "tokens", "case_sensitive": "case_sensitive" in flags}
    other = [f for f in flags if f != "case_sensitive"]
    if other:
        imp.note(f"default validator flags {' '.join(other)} not carried over: ojpack compares tokens exactly")


# ojpack's own exports run a testlib checker through an adapter; the checker inside is what to import.
ADAPTER, ADAPTED = "ojpack_adapter.cpp", "testlib_checker.inc"


def output_validator(root: Path, found: list[Path], convention: str, imp: Imported) -> None:
    sources = [p for p in found if p.is_file() and p.suffix in RUNNABLE]
    sources += [q for p in found if p.is_dir() for q in sorted(p.iterdir()) if q.suffix in RUNNABLE]
    if not sources:
        imp.note("custom output validation but no output validator source ojpack can run: tokens compared instead")
        return
    main = sources[0]
    folder = "validators/checker"   # its own folder: it may share a file name with the input validator
    siblings = [f for f in main.parent.iterdir() if f.is_file()] if main.parent != root / "output_validators" else [main]
    if main.name == ADAPTER and (main.parent / ADAPTED).is_file():
        for f in siblings:
            if f.name not in (ADAPTER, ADAPTED):
                imp.files[f"{folder}/{f.name}"] = f.read_bytes()
        imp.files[f"{folder}/check.cpp"] = (main.parent / ADAPTED).read_bytes()
        imp.checker = {"type": "program", "source": f"{folder}/check.cpp", "convention": "testlib"}
        return
    for f in siblings:
        imp.files[f"{folder}/{f.name}"] = f.read_bytes()
    if len(sources) > 1:
        imp.note(f"output validator: {main.relative_to(root)} taken, {len(sources) - 1} other source(s) left out")
    imp.checker = {"type": "program", "source": f"{folder}/{main.name}", "convention": convention}


def bounds_of(flags: list[str], where: str, imp: Imported) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for f in flags:
        m = BOUND.match(f)
        if m and int(m.group(2)) <= int(m.group(3)):
            out[m.group(1)] = {"min": int(m.group(2)), "max": int(m.group(3))}
        else:
            imp.note(f"{where}: validator flag {f!r} is not NAME=LO..HI and is not passed on")
    return out


def _group_meta(folder: Path) -> tuple[float | None, list[str]]:
    meta = load_yaml(folder / "testdata.yaml")
    score = meta.get("accept_score")
    if score is None and meta.get("range"):
        score = str(meta["range"]).split()[-1]
    return (float(score) if score is not None else None), str(meta.get("input_validator_flags", "")).split()


def tests(root: Path, imp: Imported, group_meta: Callable[[Path], tuple[float | None, list[str]]], scoring: bool) -> None:
    """data/sample → the sample group; each folder under data/secret (or data/secret itself) → a subtask."""
    data = root / "data"
    for t in _cases(data / "sample", "sample", root):
        imp.tests.append(t)
    secret = data / "secret"
    if not secret.is_dir():
        raise OjpackError(f"{root}: no data/secret folder")
    folders = [p for p in sorted(secret.iterdir()) if p.is_dir()]
    loose = _cases(secret, "secret", root)
    raw: list[tuple[str, float]] = []
    overrides: dict[str, dict[str, dict[str, int]]] = {}
    if loose or not folders:
        raw.append(("secret", 100.0))
        imp.tests += loose
    for folder in folders:
        group = safe_name(folder.name, "group")
        group = "group-sample" if group == "sample" else group
        score, flags = group_meta(folder)
        cases = _cases(folder, group, root)
        deeper = [p for p in folder.rglob("*.in") if p.parent != folder]
        if deeper:
            imp.note(f"{folder.relative_to(root)}: {len(deeper)} test(s) in nested groups not imported")
        if not cases:
            continue
        imp.tests += cases
        raw.append((group, score if scoring and score is not None else 0.0))
        override = {k: v for k, v in bounds_of(flags, f"{folder.relative_to(root)}", imp).items()
                    if imp.bounds.get(k) != v}
        if override:
            overrides[group] = override
    if not scoring and len(raw) > 1:
        imp.note("pass-fail source: the 100 points are split evenly between the test groups "
                 + ", ".join(g for g, _ in raw))
    imp.subtasks = scale_scores(raw if scoring else [(g, 1.0) for g, _ in raw], imp)
    for s in imp.subtasks:
        for k, v in overrides.get(s.group, {}).items():
            if k in imp.bounds:
                s.bounds[k] = v
            else:
                imp.note(f"group {s.group}: bound {k} is not among the global bounds; not carried over")


def _cases(folder: Path, group: str, root: Path) -> list[TestIn]:
    if not folder.is_dir():
        return []
    out, seen = [], set()
    for i, inp in enumerate(sorted(folder.glob("*.in")), start=1):
        name = safe_name(re.sub(r"^\d+-", "", inp.stem), f"test-{i:02d}")
        if name in seen or name == "":
            name = f"{name}-{i}"
        seen.add(name)
        ans = inp.with_suffix(".ans")
        out.append(TestIn(group, name, str(inp.relative_to(root)), inp.read_bytes(),
                          ans.read_bytes() if ans.is_file() else None))
    return out


def submissions(root: Path, imp: Imported, rules: dict[str, list[str]] | None = None) -> None:
    top = root / "submissions"
    for folder in sorted(p for p in top.iterdir() if p.is_dir()) if top.is_dir() else []:
        for entry in sorted(folder.iterdir()):
            rel = f"{folder.name}/{entry.name}"
            verdicts = (rules or {}).get(rel) or VERDICT_DIRS.get(folder.name)
            if verdicts is None:
                imp.note(f"submissions/{rel}: folder {folder.name!r} names no verdict ojpack knows; not imported")
                continue
            files = [entry] if entry.is_file() else sorted(p for p in entry.rglob("*") if p.is_file())
            runnable = [p for p in files if p.suffix in RUNNABLE]
            if len(runnable) != 1:
                imp.note(f"submissions/{rel}: {'no source' if not runnable else 'several sources'} ojpack can run "
                         "(it judges one file); not imported")
                continue
            # a one-file folder (how judges take a Java class in its own file) becomes one file named after it
            path = f"{entry.name}{runnable[0].suffix}" if entry.is_dir() else entry.name
            imp.solutions.append(SolutionIn(path, runnable[0].read_bytes(), verdicts,
                                            runnable[0].relative_to(root).as_posix()))
    accepted = sorted((s for s in imp.solutions if s.verdicts == ["AC"]),
                      key=lambda s: (MODEL_ORDER.index(Path(s.path).suffix) if Path(s.path).suffix in MODEL_ORDER
                                     else 9, s.path))
    if not accepted:
        raise OjpackError(f"{root}: no accepted submission ojpack can run, so no model solution")
    imp.model = accepted[0].origin


def validator(root: Path, found: list[Path], imp: Imported) -> str:
    sources = [p for p in found if p.is_file() and p.suffix in RUNNABLE]
    sources += [q for p in found if p.is_dir() for q in sorted(p.iterdir()) if q.suffix in RUNNABLE]
    if not sources:
        return permissive_validator(imp)
    main = sources[0]
    if len(sources) > 1:
        imp.note(f"input validators: {main.relative_to(root)} taken, {len(sources) - 1} other(s) not imported "
                 "(ojpack runs one)")
    siblings = [main] if main.parent.name.endswith("validators") else [p for p in main.parent.iterdir() if p.is_file()]
    for f in siblings:
        imp.files[f"validators/{f.name}"] = f.read_bytes()
    return f"validators/{main.name}"


def statements(folder: Path, imp: Imported) -> None:
    titles: dict[str, str] = {}
    done: set[str] = set()
    # Markdown first: where a language has both, the Markdown one is taken and the LaTeX one named
    for path in sorted(folder.glob("problem*.*"), key=lambda p: (p.suffix != ".md", p.name)) if folder.is_dir() else []:
        m = re.fullmatch(r"problem(?:\.([a-z]{2}))?\.(tex|md)", path.name)
        if not m or (m.group(1) or "en") in done:
            imp.note(f"{folder.name}/{path.name}: not carried over")
            continue
        lang = m.group(1) or "en"
        done.add(lang)
        text = path.read_text(encoding="utf-8", errors="replace")
        if m.group(2) == "tex":
            title, text = tex.problem_name(text)
            if title:
                titles[lang] = title
            body = tex.to_markdown(text, f"{folder.name}/{path.name}", imp.notes)
        else:
            body = text.strip()
        target = f"statement/problem.{lang}.md.j2" if lang in ("zh", "en") else f"statement/imported/problem.{lang}.md.j2"
        if lang not in ("zh", "en"):
            imp.note(f"the {lang} statement is kept in statement/imported/ (ojpack renders zh and en)")
        imp.files[target] = tex.template(lang, {"body": body}).encode()
    imp.names = fill_names({**titles, **imp.names}, imp)
