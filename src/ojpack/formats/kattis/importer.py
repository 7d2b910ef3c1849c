"""Legacy Kattis packages (problem.yaml, data/sample|secret, submissions/<verdict>/, input_validators/,
output_validators/, problem_statement/), and the parts the ICPC 2025-09 format shares with them.

Test groups are the folders under data/secret; their testdata.yaml gives the score (`accept_score` or the
top of `range`) and the validator flags, which ojpack reads back as bounds when they are NAME=LO..HI."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

import yaml

from ...errors import OjpackError
from ...problem import load_yaml as load_plain_yaml
from . import customgrader, domjudge_ini, gensh, included_import as included, testargs_import as testargs
from ..common import tex
from .constants import in_statement
from .flags import checker_rule
from .passes import kinds, passes_of, scored, submit_answer
from .programs import place, units
from .generators import plan, read_plan
from .grading import grading_notes
from ..common.points import summed_subtask
from .scores import group_score, legacy_summed, legacy_total, summed
from .graderules import verdict_rules
from ..common.timelimit import multiplier, safety_margin
from .validators import BOUND, input_validators
from .submissions import submissions
from ..common.shapes import mapping, yaml_problem
from ..common.writer import Imported, TestIn, fill_names, safe_name, scale_scores

LICENSES = {"unknown", "public domain", "cc0", "cc by", "cc by-sa", "educational", "permission"}


def load_yaml(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    try:
        raw = load_plain_yaml(path.read_text(encoding="utf-8")) or {}
    except (yaml.YAMLError, UnicodeDecodeError, ValueError) as e:   # ValueError: an alias, refused
        raise OjpackError(yaml_problem(path, e)) from None
    return raw if isinstance(raw, dict) else {}


def read(root: Path) -> Imported:
    meta = load_yaml(root / "problem.yaml")
    imp = new(root, meta, "kattis")
    limits = mapping(meta, "limits", root / "problem.yaml")
    timelimit = root / ".timelimit"
    if timelimit.is_file():
        imp.limits["time"] = float(timelimit.read_text().strip())
    elif (seconds := domjudge_ini.timelimit(root, imp)) is not None:
        imp.limits["time"] = seconds
    else:
        imp.time_rule = multiplier(meta, legacy=True)   # as problemtools: from the accepted runs
    # problemtools' default memory limit (its config's, as Kattis runs): 1024 MiB
    imp.limits.update(memory=int(limits.get("memory", 1024)), output=int(limits.get("output", 8)))
    top = load_yaml(root / "data" / "testdata.yaml")
    flags = str(meta.get("validator_flags", "")).split() + str(top.get("output_validator_flags", "")).split()
    imp.validator_flags[""] = str(top.get("input_validator_flags", "")).split()
    if is_interactive(meta):
        interactor(root, output_validator_entries(root), imp, scored(meta))
    elif meta.get("validation", "default") != "default" or imp.multi_pass:
        output_validator(root, output_validator_entries(root), "kattis", imp)
    else:
        checker_flags(flags, imp)
    unpassed_flags(flags, "validator_flags", imp)
    imp.bounds = bounds_of(str(top.get("input_validator_flags", "")).split(), "data/testdata.yaml", imp)
    made = gensh.read(root, imp, meta.get("type") == "scoring")   # a testdata_tools data/gen.sh
    if made is None:
        tests(root, imp, _group_meta, meta.get("type") == "scoring", read_plan(root, imp))
    testargs.from_data(root, imp, lambda folder: load_yaml(folder / "testdata.yaml"), None,
                       str(meta.get("validator_flags", "")).split())
    testargs.finish(imp, flags)
    included.read(root, imp)
    submissions(root, imp, load_yaml(root / "submissions" / "submissions.yaml"))
    gensh.choose_model(imp, made)
    imp.notes += grading_notes(root)
    verdict_rules(root, meta, imp, load_yaml, meta.get("type") == "scoring")   # problemtools' on_reject, grader_flags
    customgrader.read(root, imp, load_yaml)
    imp.validator = input_validators(root, sorted(validators_folder(root, imp).glob("*")), imp)
    statements(root / "problem_statement", imp)
    input_visualizer(root, imp)
    return imp


def validators_folder(root: Path, imp: Imported) -> Path:
    """input_validators/, or the layout's name before 2021 (problemtools still reads it), input_format_validators/."""
    old = root / "input_format_validators"
    if not (root / "input_validators").is_dir() and old.is_dir():
        imp.note("input_format_validators/: the input validators' folder under its name before 2021, read as "
                 "input_validators/ (as problemtools reads it)")
        return old
    return root / "input_validators"


def input_visualizer(root: Path, imp: Imported) -> None:
    """input_visualizer/ (BAPCtools; a folder of the 2023-07 and 2025-09 formats): run as BAPCtools runs it,
    `visualizer input answer`, leaving testcase.svg or .png, which is how ojpack runs a visualizer too."""
    found = units([root / "input_visualizer"]) if (root / "input_visualizer").is_dir() else []
    if found:
        imp.visualizer = place(found[0], "visualizers", imp, "input visualizer")


def output_validator_entries(root: Path) -> list[Path]:
    """The entries of output_validators/ (legacy: each one program); without any, the newer formats' one
    output_validator/ folder, which DOMjudge also reads in a legacy package (its example problems have it)."""
    legacy = sorted((root / "output_validators").glob("*"))
    return legacy if legacy or not holds_files(root / "output_validator") else [root / "output_validator"]


def holds_files(folder: Path) -> bool:
    """A folder with something in it besides dot files (an empty output_validator/ kept by a .gitkeep, as in
    BAPCtools' testproblemconfig, asks for no custom validation: there is no program to run)."""
    return folder.is_dir() and any(not p.name.startswith(".") for p in folder.rglob("*") if p.is_file())


def new(root: Path, meta: dict[str, Any], fmt: str) -> Imported:
    short = re.sub(r"[^a-z0-9]", "", root.name.lower()) or "problem"
    imp = Imported(fmt, short, {}, {"time": 1.0}, [], [], [], "", "")
    # problemtools (on_reject: break), DOMjudge (equal result priorities) and BAPCtools judge a submission by
    # its first failing test alone, and compare only that verdict with its folder
    imp.verdict_rule = "first_failure"
    if (margin := safety_margin(meta, fmt == "kattis")) is not None:   # judged as problemtools judges
        imp.limits["safety_margin"] = margin
    imp.limits["output_stops"] = False   # problemtools, DOMjudge, BAPCtools: an endless flood runs into TLE
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
    imp.multi_pass = passes_of(meta)
    submit_answer(meta, imp)
    lic = str(meta.get("license", "unknown"))
    imp.license = lic if lic in LICENSES else "unknown"
    if lic not in LICENSES:
        imp.note(f"license {lic!r} is not one ojpack knows: set to unknown")
    if meta.get("rights_owner"):
        imp.rights_owner = str(meta["rights_owner"])
    name = meta.get("name")
    imp.names = {} if not name else ({str(k): str(v) for k, v in name.items()} if isinstance(name, dict) else {"en": str(name)})
    domjudge_ini.apply(root, imp, bool(name))
    return imp


def is_interactive(meta: dict[str, Any]) -> bool:
    """Legacy `validation: custom interactive`, or 2025-09 `type: interactive` (alone or in a list)."""
    return "interactive" in kinds(meta)


def interactor(root: Path, found: list[Path], imp: Imported, scored: bool = False) -> None:
    """The output validator of an interactive problem is its interactor, in the convention ojpack runs: it
    goes to interactor/ (with the files beside it), and the answers stay what the source has."""
    if scored:   # ioi-2022-kattis rarestinsects: its partial solutions then earn every point
        imp.note("the interactor's score.txt is not read: partial scores are lost (an accepted run earns all points)")
    found_units = units(found, "interactor")
    if not found_units:
        raise OjpackError(f"{root}: an interactive problem without an interactor source ojpack can run")
    imp.interactor = place(found_units[0], "interactor", imp, "interactor")
    if len(found_units) > 1:
        imp.note(f"interactor: {found_units[0].main.relative_to(root)} taken, {len(found_units) - 1} other(s) left out")


def checker_flags(flags: list[str], imp: Imported, where: str = "validator_flags") -> None:
    """The default output validator with its flags: ojpack's token or float rule."""
    imp.checker = checker_rule(flags, imp.notes, where)


def unpassed_flags(flags: list[str], where: str, imp: Imported) -> None:
    """A Kattis-convention checker program or an interactor gets the flags as arguments; a testlib checker
    runs without: named."""
    if flags and imp.interactor:
        imp.interactor_args = list(flags)
        return
    if flags and imp.checker.get("convention") == "kattis":
        imp.checker["args"] = list(flags)
        return
    program = imp.interactor or (imp.checker.get("source") if imp.checker.get("type") == "program" else None)
    if flags and program:
        imp.note(f"{where}: output validator flags {' '.join(flags)} are not passed to {program} "
                 "(ojpack runs it without arguments)")


# ojpack's own exports run a testlib checker through an adapter; the checker inside is what to import.
ADAPTER, ADAPTED = "ojpack_adapter.cpp", "testlib_checker.inc"


def output_validator(root: Path, found: list[Path], convention: str, imp: Imported) -> None:
    found_units = units(found, "output validator")
    if not found_units:   # never judged by a rule the package did not ask for
        raise OjpackError(f"{root}: custom output validation, but no output validator ojpack can run (the package "
                          "names none in output_validators/ or output_validator/)")
    unit = found_units[0]
    folder = "validators/checker"   # its own folder: it may share a file name with the input validator
    if unit.folder is not None and (unit.folder / ADAPTER).is_file() and (unit.folder / ADAPTED).is_file():
        for f in unit.files:
            if f.name not in (ADAPTER, ADAPTED):
                imp.files[f"{folder}/{f.name}"] = f.read_bytes()
        imp.files[f"{folder}/check.cpp"] = (unit.folder / ADAPTED).read_bytes()
        imp.checker = {"type": "program", "source": f"{folder}/check.cpp", "convention": "testlib"}
        return
    if len(found_units) > 1:
        imp.note(f"output validator: {unit.main.relative_to(root)} taken, {len(found_units) - 1} other(s) left out")
    imp.checker = {"type": "program", "source": place(unit, folder, imp, "output validator"), "convention": convention}


def bounds_of(flags: list[str], where: str, imp: Imported) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for f in flags:
        m = BOUND.match(f)
        if m and int(m.group(2)) <= int(m.group(3)):
            out[m.group(1)] = {"min": int(m.group(2)), "max": int(m.group(3))}
    return out


def _group_meta(folder: Path) -> tuple[float | None, list[str] | None]:
    """A group's score and its input validator flags (None: not set here, the parent's apply)."""
    meta = load_yaml(folder / "testdata.yaml")
    score = meta.get("accept_score")
    if score is None and meta.get("range"):
        score = str(meta["range"]).split()[-1]
    flags = meta.get("input_validator_flags")
    return (float(score) if score is not None else None), (None if flags is None else str(flags).split())


GroupMeta = Callable[[Path], tuple[float | None, list[str] | None]]
# a group folder and its number of tests -> its points when its tests' scores add up (a sum subtask); None: min
GroupSum = Callable[[Path, int], float | None]


def _legacy_sum(folder: Path, count: int) -> float | None:
    """A legacy group's testdata.yaml, with its ancestors' up to data/ (scores.legacy_summed)."""
    chain = []
    for p in [folder, *folder.parents]:
        chain.append(load_yaml(p / "testdata.yaml"))
        if p.name == "data":
            break
    if summed(chain[0]):
        return group_score(chain[0]) or float(count)
    return legacy_total(chain, count) if legacy_summed(chain) else None


def tests(root: Path, imp: Imported, group_meta: GroupMeta, scoring: bool, planned: dict[str, Any] | None,
          group_sum: GroupSum = _legacy_sum) -> None:
    """data/sample → the sample group; each folder under data/secret (or data/secret itself) → a subtask; with
    no secret data, the plan of generators/generators.yaml (`planned`, parsed by `read_plan`). Each group's
    input validator flags (its own, else data/secret's, else data/'s) go to imp.validator_flags."""
    data = root / "data"
    for t in _cases(data / "sample", "sample", root):
        imp.tests.append(t)
    secret = data / "secret"
    top = imp.validator_flags.get("", [])
    secret_flags = group_meta(secret)[1] if secret.is_dir() else None
    inherited = top if secret_flags is None else secret_flags
    sample_flags = group_meta(data / "sample")[1]
    imp.validator_flags["sample"] = top if sample_flags is None else sample_flags
    imp.validator_flags["secret"] = inherited
    folders = [p for p in sorted(secret.iterdir()) if p.is_dir()] if secret.is_dir() else []
    loose = _cases(secret, "secret", root)
    if not loose and not any(folder.rglob("*.in") for folder in folders) and _planned(root, imp, inherited, scoring, planned):
        return
    if not loose and not any(folder.rglob("*.in") for folder in folders):
        samples = [t for t in imp.tests if t.group == "sample"]
        if not samples:   # a package of its settings alone (BAPCtools' testproblemconfig): nothing to judge yet
            imp.note("no tests: neither data/secret, data/sample nor generators/generators.yaml has one; the "
                     "package has none (add them to problem.yaml's tests)")
            imp.subtasks = scale_scores([("secret", 1.0)], imp)
            return
        imp.note("no secret tests in the source (or only a generators.yaml plan ojpack did not run): "
                 "the samples are the secret group too")
        loose, folders = [TestIn("secret", t.name, t.origin, t.input, t.answer) for t in samples], []
    raw: list[tuple[str, float]] = []
    overrides: dict[str, dict[str, dict[str, int]]] = {}
    sums: set[str] = set()   # groups whose tests' points add up: sum subtasks
    if loose or not folders:
        raw.append(("secret", 100.0))
        imp.tests += loose
        sums |= {"secret"} if scoring and len(loose) > 1 and group_sum(secret, len(loose)) is not None else set()
    for folder in folders:
        group = safe_name(folder.name, "group")
        group = "group-sample" if group == "sample" else group
        score, own = group_meta(folder)
        flags = inherited if own is None else own
        imp.validator_flags[group] = flags
        cases = _cases(folder, group, root)
        joined = 0
        for sub in sorted(p for p in folder.rglob("*") if p.is_dir()):   # ojpack's subtasks are one level
            prefix = safe_name(sub.relative_to(folder).as_posix().replace("/", "-"), "nested")   # deep:
            taken = {t.name for t in cases}                                # nested groups join theirs
            for t in _cases(sub, group, root):
                t.name = f"{prefix}-{t.name}"
                t.name = t.name if t.name not in taken else f"{t.name}-{len(cases)}"
                cases.append(t)
                joined += 1
        if joined:
            imp.note(f"{folder.relative_to(root)}: the tests of its nested groups join group {group} (ojpack's "
                     "subtasks are one level deep; their own scores are not carried over, their validator arguments are, per test)")
        if not cases:
            continue
        imp.tests += cases
        total = group_sum(folder, len(cases)) if scoring and len(cases) > 1 else None   # one test: min is the same
        sums |= {group} if total is not None else set()
        score = score if total is None else total
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
        if s.group in sums:
            summed_subtask(s, [t for t in imp.tests if t.group == s.group])
        for k, v in overrides.get(s.group, {}).items():
            if k in imp.bounds:
                s.bounds[k] = v
            else:
                imp.note(f"group {s.group}: bound {k} is not among the global bounds; not carried over")


def _planned(root: Path, imp: Imported, flags: list[str], scoring: bool, spec: dict[str, Any] | None) -> bool:
    """No secret data, but a BAPCtools generators.yaml: its plan lines are the tests (a scoring problem's groups
    with the points of their test_group.yaml, else 100 split evenly)."""
    planner = plan(root, imp, spec)
    planned = planner.tests if planner else []
    secret = [t for t in planned if t.group != "sample"]
    if not any(t.group == "sample" for t in imp.tests) and any(t.group == "sample" for t in planned):
        imp.tests += [t for t in planned if t.group == "sample"]
        if not secret:
            imp.note("generators.yaml plans no secret tests: its samples are the secret group too")
            secret = [replace(t, group="secret") for t in planned]
    if not secret:
        return False
    imp.tests += secret
    for f in sorted((root / "generators").rglob("*")):   # the programs the plan lines run
        if f.is_file() and f.name != "generators.yaml":
            imp.files[f"generators/{f.relative_to(root / 'generators').as_posix()}"] = f.read_bytes()
    groups = list(dict.fromkeys(t.group for t in secret))
    for g in groups:
        imp.validator_flags[g] = flags
    imp.note(f"the secret data is generators/generators.yaml's plan: {sum(1 for t in secret if t.gen)} generator "
             "lines (with BAPCtools' seeds) and " f"{sum(1 for t in secret if not t.gen)} copies"
             + (f"; the 100 points are split evenly between {', '.join(groups)}" if len(groups) > 1 and not
                scoring else ""))
    points = [(g, (planner.scores.get(g) if planner else None) or 0.0) for g in groups]
    imp.subtasks = scale_scores(points if scoring else [(g, 1.0) for g in groups], imp)
    for s in imp.subtasks:
        if scoring and planner and s.group in planner.summed:
            summed_subtask(s, [t for t in secret if t.group == s.group])
    return True


def _cases(folder: Path, group: str, root: Path) -> list[TestIn]:
    if not folder.is_dir():
        return []
    out, seen = [], set()
    for i, inp in enumerate(sorted(p for p in folder.glob("*.in") if p.is_file()), start=1):   # a dangling link: noted
        name = safe_name(re.sub(r"^\d+-", "", inp.stem), f"test-{i:02d}")
        if name in seen or name == "":
            name = f"{name}-{i}"
        seen.add(name)
        ans = inp.with_suffix(".ans")
        out.append(TestIn(group, name, str(inp.relative_to(root)), inp.read_bytes(),
                          ans.read_bytes() if ans.is_file() else None))
    return out


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
        text = in_statement(path.read_text(encoding="utf-8", errors="replace"), folder.parent, m.group(2))
        if m.group(2) == "tex":
            title, text = tex.problem_name(text)
            if title:
                titles[lang] = title
            body = tex.to_markdown(text, f"{folder.name}/{path.name}", imp.notes)
        else:
            body = text.strip()
        imp.files[f"statement/problem.{lang}.md.j2"] = tex.template(lang, {"body": body}).encode()
    imp.names = fill_names({**titles, **imp.names}, imp)
