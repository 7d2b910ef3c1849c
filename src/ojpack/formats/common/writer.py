"""What every source format is read into (`Imported`), and how it becomes an ojpack package.

The readers (polygon, kattis, icpc2025) only parse; this module writes problem.yaml and the files, loads
the result with the toolkit's own schema (so an import never leaves an invalid package behind), builds
the data and compares it with the tests the source shipped. Anything that could not be carried over is a
note in the report: nothing is dropped silently.
"""

from __future__ import annotations

import hashlib
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...errors import OjpackError
from ...problem import LANGUAGE, Problem, default_rule, dump_yaml, load_problem
from ...testdata import build
from .timelimit import MEASURE_LIMIT, derive

# ojpack's solution folders, by the verdict they declare (judging.verdicts.FOLDERS, inverted).
FOLDER = {"AC": "accepted", "WA": "wrong_answer", "TLE": "time_limit_exceeded", "MLE": "memory_limit_exceeded",
          "RE": "run_time_error", "OLE": "output_limit_exceeded", "CE": "compile_error"}
SAFE = re.compile(r"[^a-z0-9_-]+")


def safe_name(text: str, fallback: str) -> str:
    """A test or group name ojpack accepts ([a-z0-9][a-z0-9_-]*), as close to `text` as possible."""
    name = SAFE.sub("-", text.lower()).strip("-_")
    return name if name else fallback


@dataclass
class TestIn:
    group: str                  # "sample" or a subtask group
    name: str
    origin: str                 # where the source keeps it, for the report (e.g. "tests/03")
    input: bytes | None = None  # the source's input file (a copy, or what the generator must reproduce)
    answer: bytes | None = None # the source's answer, compared with the model solution's
    gen: str | None = None      # an ojpack generator line, when the source's generator can run here
    checker_args: list[str] | None = None     # the test's own output validator arguments (testargs.py)
    validator_args: list[str] | None = None   # the test's own input validator arguments
    points: int | None = None   # what it earns in a sum subtask (common/points.py; None: an even split)


@dataclass
class SubtaskIn:
    group: str
    score: int
    bounds: dict[str, dict[str, int]] = field(default_factory=dict)
    aggregation: str | None = None   # "sum": each test earns its points (common/points.py); None: min


@dataclass
class SolutionIn:
    path: str                   # below solutions/<folder>/, e.g. "sol.cpp"
    data: bytes
    verdicts: list[str]         # ojpack verdicts; more than one = a set (Polygon's TO tag and the like)
    origin: str
    lang: str | None = None     # ojpack's language id, when the file's extension would name another one
    score: float | None = None  # the score it must earn, in ojpack's points (DOMjudge's @EXPECTED_SCORE@)
    expect: dict[str, list[str]] | None = None   # per-subtask verdicts (task-maker's @check-*, TPS's except)
    score_range: tuple[float, float] | None = None   # or the lowest and highest (Kattis' partially_accepted)


@dataclass
class Imported:
    format: str
    short_name: str
    names: dict[str, str]
    limits: dict[str, Any]
    subtasks: list[SubtaskIn]
    tests: list[TestIn]
    solutions: list[SolutionIn]
    model: str                  # the origin of the model solution (one of `solutions`; "": none, the answers kept)
    validator: str              # path of the input validator inside the package
    files: dict[str, bytes] = field(default_factory=dict)  # any other file, by its path in the package
    bounds: dict[str, dict[str, int]] = field(default_factory=dict)
    checker: dict[str, Any] = field(default_factory=lambda: {"type": "tokens", "case_sensitive": True})
    source: dict[str, str] = field(default_factory=lambda: {"name": "imported"})
    authors: list[str] = field(default_factory=lambda: ["unknown"])
    license: str = "unknown"
    rights_owner: str | None = None
    answer_validator: str | None = None   # checks an answer against its input (ICPC answer validators)
    interactor: str | None = None         # an interactive problem's interactor (Kattis convention)
    interactor_args: list[str] = field(default_factory=list)   # its output validator arguments
    multi_pass: int | None = None         # a multi-pass problem's most passes (Kattis limits.validation_passes)
    visualizer: str | None = None         # draws a test (BAPCtools' input_visualizer/), problem.yaml's visualizer
    io: dict[str, str] = field(default_factory=dict)   # problem.yaml's io: the test and answer files (OI problems)
    kind: dict[str, Any] = field(default_factory=dict)   # problem.yaml's `kind:` and its section (problem/kinds.py)
    validator_flags: dict[str, list[str]] = field(default_factory=dict)   # input validator flags: "" top, per group
    extra_validators: list[dict[str, Any]] = field(default_factory=list)  # problem.yaml's extra_validators
    include: dict[str, str] = field(default_factory=dict)   # solutions.include: language id -> folder
    program_langs: dict[str, str] = field(default_factory=dict)   # a generator's language (BAPCtools' C++23)
    time_rule: tuple[float, float] | None = None  # no time limit given: (ac_to_time_limit, resolution) to derive it
    verdict_rule: str | None = None   # problem.yaml's judging.verdict (None: the default, Polygon's every_test)
    score_scale: float = 1.0   # ojpack's points per point of the source (its group points scaled to 100)
    judging_groups: dict[str, str] = field(default_factory=dict)   # judging.groups: a group's own rule
    notes: list[str] = field(default_factory=list)
    fates: dict[str, str] = field(default_factory=dict)   # source file → what the reader made of it

    def note(self, text: str) -> None:
        self.notes.append(text)

    def took(self, rel: str, fate: str) -> None:
        self.fates[rel] = fate


@dataclass
class ImportReport:
    format: str
    folder: Path
    tests: int
    generated: int              # tests whose generator line reproduces the source's input byte for byte
    copied: int
    solutions: int
    mismatches: list[str]       # generated inputs that differed from the source's (now copies)
    answer_diffs: list[str]     # tests whose model answer differs from the source's answer file
    notes: list[str]
    files: list[tuple[str, str]] = field(default_factory=list)   # every source file → what became of it

    def to_json(self) -> dict[str, Any]:
        return {"format": self.format, "folder": str(self.folder), "tests": self.tests,
                "generated": self.generated, "copied": self.copied, "solutions": self.solutions,
                "mismatches": self.mismatches, "answer_diffs": self.answer_diffs, "notes": self.notes,
                "files": [{"path": p, "fate": f} for p, f in self.files]}


def solution_rel(s: SolutionIn) -> str:
    return f"solutions/{'partial' if partial(s) else FOLDER[s.verdicts[0]]}/{s.path}"


def partial(s: SolutionIn) -> bool:
    """An accepted submission that must earn part of the points (Kattis' partially_accepted, DOMjudge's
    CORRECT with a lower @EXPECTED_SCORE@): solutions/partial/, never the model solution."""
    return s.verdicts == ["AC"] and (s.score_range is not None or s.score is not None and s.score < 100 - 1e-6)


def _copy_rel(t: TestIn, ext: str = ".in") -> str:
    return f"generators/manual/{t.group}/{t.name}{ext}"


def keeps_answers(imp: Imported) -> bool:
    """The source's answer files are kept as written when the model solution's output is not what the
    checker needs: a tolerance (the jury's digits may differ), a checker program or an interactor (their
    answer file may be anything)."""
    return imp.checker.get("type") != "tokens" or imp.interactor is not None or not imp.model or \
        any(t.checker_args is not None and default_rule(t.checker_args)[0]["type"] != "tokens" for t in imp.tests)


def _line(t: TestIn, keep: bool) -> dict[str, Any]:
    line: dict[str, Any] = {"name": t.name, "gen": t.gen} if t.gen else \
        {"name": t.name, "copy": _copy_rel(t), **({"answer": _copy_rel(t, ".ans")} if keep and t.answer is not None
                                                  else {})}
    own = {"checker_args": t.checker_args, "validator_args": t.validator_args, "points": t.points}
    return {**line, **{k: v for k, v in own.items() if v is not None}}


def spec_of(imp: Imported) -> dict[str, Any]:
    """problem.yaml as a plain mapping, in the order a person would write it."""
    rels = {s.origin: solution_rel(s) for s in imp.solutions}
    tests: dict[str, list[dict[str, Any]]] = {}
    keep = keeps_answers(imp)
    for t in imp.tests:
        tests.setdefault(t.group, []).append(_line(t, keep))
    spec: dict[str, Any] = {
        "short_name": imp.short_name, "name": imp.names, "source": imp.source,
        "credits": {"authors": imp.authors}, "license": imp.license,
        **({"rights_owner": imp.rights_owner} if imp.rights_owner else {}),
        **imp.kind, "limits": imp.limits, **({"io": imp.io} if imp.io else {}), "bounds": imp.bounds,
        "subtasks": [{"group": s.group, "score": s.score, **({"aggregation": s.aggregation} if s.aggregation else {}),
                      **({"bounds": s.bounds} if s.bounds else {})} for s in imp.subtasks],
        "checker": imp.checker, "validator": imp.validator,
        **({"answer_validator": imp.answer_validator} if imp.answer_validator else {}),
        **({"extra_validators": imp.extra_validators} if imp.extra_validators else {}),
        **({"model_solution": rels[imp.model]} if imp.model else {}),
        **({"interactor": {"source": imp.interactor, **({"args": imp.interactor_args} if imp.interactor_args else {})}}
           if imp.interactor else {}),
        **({"multi_pass": {"passes": imp.multi_pass}} if imp.multi_pass else {}),
        **({"visualizer": {"source": imp.visualizer}} if imp.visualizer else {}),
        "tests": tests,
        **({"judging": {"verdict": imp.verdict_rule, **({"groups": imp.judging_groups} if imp.judging_groups else {})}}
           if imp.verdict_rule else {}),
    }
    multi = {solution_rel(s): s.verdicts for s in imp.solutions if len(s.verdicts) > 1 and not partial(s)}
    if multi:
        spec["solutions"] = {"verdicts": multi}
    for s in filter(partial, imp.solutions):   # part of the points: its expectation (its verdict follows)
        score = round(s.score or 0, 6)
        spec.setdefault("solutions", {})[solution_rel(s)] = {"score_range": list(s.score_range)} if s.score_range \
            else {"score": int(score) if score.is_integer() else score}
    for s in imp.solutions:   # what it must get on each subtask; a failing one's range of totals (TPS's PC)
        if s.expect or (s.score_range and not partial(s)):
            spec.setdefault("solutions", {})[solution_rel(s)] = {
                **{g: v[0] if len(v) == 1 else v for g, v in (s.expect or {}).items()},
                **({"score_range": list(s.score_range)} if s.score_range else {})}
    langs = {**imp.program_langs, **{solution_rel(s): s.lang for s in imp.solutions if s.lang}}
    if langs:   # a language the file's extension does not name (Polygon's Perl .pl, C++20, PyPy)
        spec.setdefault("solutions", {})["languages"] = langs
    if imp.include:   # Kattis / ICPC include/<language>/: files copied beside every solution
        spec.setdefault("solutions", {})["include"] = imp.include
    return spec


def write_package(imp: Imported, out: Path) -> Problem:
    """Write the package into `out` (which must be new or empty) and load it back with the schema."""
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise OjpackError(f"{out}: exists and is not empty; import into a new folder (--to DIR)")
    made = not out.exists()
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OjpackError(f"{out}: cannot make the folder: {e.strerror}") from None
    try:
        _pair_statements(imp)
        for rel, data in imp.files.items():
            _put(out / rel, data)
        for s in imp.solutions:
            _put(out / solution_rel(s), s.data)
        return _write_plan(imp, out)
    except BaseException as e:   # nothing half-written is left: the folder is as it was (new or empty)
        _undo(out, made)
        if isinstance(e, OSError):
            raise OjpackError(f"{out}: cannot write the package: {e}; nothing was left there") from None
        if isinstance(e, OjpackError):
            raise OjpackError(f"{e} (nothing was left in {out})") from None
        raise


def _undo(out: Path, made: bool) -> None:
    """Remove what a failed write put into `out`: the folder itself when the import made it."""
    if made:
        shutil.rmtree(out, ignore_errors=True)
        return
    for child in out.iterdir():
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child, ignore_errors=True)
        else:
            child.unlink()


def _write_plan(imp: Imported, out: Path) -> Problem:
    for t in imp.tests:
        if not t.gen:
            assert t.input is not None, f"{t.origin}: a copied test needs its input"
            _put(out / _copy_rel(t), t.input)
            if keeps_answers(imp) and t.answer is not None:
                _put(out / _copy_rel(t, ".ans"), t.answer)
    _put(out / "problem.yaml", _yaml(spec_of(imp)))
    try:
        return load_problem(out)
    except OjpackError as e:  # a reader bug, not the user's: say which import produced it
        raise OjpackError(f"the imported {imp.format} package is not valid ojpack: "
                          f"{str(e).replace(f'{out}/', '')}") from None


def verify(imp: Imported, out: Path) -> ImportReport:
    """Build the data and compare it with the source's files. A generated input that differs from the
    source's becomes a copy of the source's file (the data must be what the source judged with), and the
    package is built again; differing answers are reported (a checker may accept several answers)."""
    if imp.time_rule is not None:
        imp.limits["time"] = MEASURE_LIMIT   # measured under a generous limit, then derived (timelimit.py)
    result = _build(write_package(imp, out), imp)
    built = {(b.group, b.name): b for b in result.tests}
    mismatches: list[str] = []   # one line per source test, however many groups repeat it
    for t in imp.tests:
        if t.gen and t.input is not None and _sha(t.input) != built[(t.group, t.name)].input_sha256:
            line = f"{t.origin}: `{t.gen}` made different bytes than the source's file; copied instead"
            mismatches += [line] if line not in mismatches else []
            t.gen = None
    if mismatches:
        (out / "data.sha256").unlink(missing_ok=True)   # the data changes on purpose
        result = _build(_write_plan(imp, out), imp)
        built = {(b.group, b.name): b for b in result.tests}
    if imp.time_rule is not None:
        _derive_time_limit(imp, out)
        result = _build(_write_plan(imp, out), imp)   # problem.yaml changed: the same data, fingerprinted anew
        built = {(b.group, b.name): b for b in result.tests}
    diffs = list(dict.fromkeys(f"{t.origin}: the model solution's answer differs from the source's answer file"
                               for t in imp.tests
                               if t.answer is not None and _sha(t.answer) != built[(t.group, t.name)].answer_sha256))
    generated = sum(1 for t in imp.tests if t.gen)
    return ImportReport(imp.format, out, len(imp.tests), generated, len(imp.tests) - generated,
                        len(imp.solutions), mismatches, diffs, list(imp.notes))


def _derive_time_limit(imp: Imported, out: Path) -> None:
    """problemtools' rule (checks/submissions.py): the slowest CPU time of every submission in accepted/,
    whatever its verdict, over the tests it ran (up to its first failure when the rule stops there), x
    ac_to_time_limit, rounded up to the resolution (timelimit.py)."""
    from ...judging import Verdict, judge   # judging runs the solutions; only this step needs it
    assert imp.time_rule is not None
    problem = load_problem(out)
    chosen = [s for s in imp.solutions if Path(s.origin).parts[1:2] == ("accepted",)]
    if not chosen:   # no accepted/ folder (DOMjudge's @EXPECTED_RESULTS@): the solutions expected to pass
        chosen = [s for s in imp.solutions if s.verdicts == ["AC"]]
    runs = []
    for s in chosen:
        judged = judge(problem, out / solution_rel(s))
        if judged.verdict is Verdict.CE:   # problemtools times only what compiled
            continue
        cells = list(judged.cells)
        if problem.spec.judging.stops_early and (bad := next((i for i, c in enumerate(cells)
                                                              if c.verdict is not Verdict.AC), None)) is not None:
            cells = cells[:bad + 1]
        runs += [(c.time, s.origin, c.test) for c in cells]
    factor, resolution = imp.time_rule
    if not runs:
        imp.limits["time"] = 1.0
        imp.note("no time limit in the source and no accepted solution passed to derive one from: 1 s, adjust it")
        return
    slowest, origin, test = max(runs)
    imp.limits["time"] = min(derive(slowest, factor, resolution), MEASURE_LIMIT)
    imp.note(f"no time limit in the source: {imp.limits['time']:g} s, derived as problemtools does (slowest accepted "
             f"run {slowest:.3f} s, {origin} on {test}, x {factor:g}, rounded up to {resolution:g} s"
             + (f"; capped at ojpack's largest, {MEASURE_LIMIT:g} s" if imp.limits["time"] == MEASURE_LIMIT else "")
             + ")")


def _pair_statements(imp: Imported) -> None:
    """Exports want a statement per title: when the source has only one of zh and en, the other is an
    untranslated copy, and the report says so (other languages are kept as they are)."""
    have = {lang: imp.files.get(f"statement/problem.{lang}.md.j2") for lang in ("zh", "en")}
    for lang, other in (("zh", "en"), ("en", "zh")):
        if have[lang] is None and have[other] is not None:
            imp.files[f"statement/problem.{lang}.md.j2"] = (
                f"{{#- Untranslated: a copy of problem.{other}.md.j2 made by `ojpack import`. -#}}\n".encode()
                + have[other])
            imp.note(f"no {lang} statement in the source: statement/problem.{lang}.md.j2 is an untranslated copy "
                     f"of the {other} one (exports want one per title); translate it")


def _build(problem: Problem, imp: Imported) -> Any:
    try:
        return build(problem)
    except OjpackError as e:
        raise OjpackError(f"the {imp.format} package was written to {problem.root}, but its data does not build: {e}"
                          + (f" (import notes: {'; '.join(imp.notes)})" if imp.notes else "")) from None


def scale_scores(raw: list[tuple[str, float]], imp: Imported) -> list[SubtaskIn]:
    """ojpack's subtask scores are positive integers adding up to 100: keep them when they do, otherwise
    scale (largest remainders) and say so."""
    total = sum(p for _, p in raw)
    imp.score_scale = 100 / total if total > 0 else 1.0
    if all(float(p).is_integer() and p > 0 for _, p in raw) and total == 100:
        return [SubtaskIn(g, int(p)) for g, p in raw]
    if total <= 0:
        raw, total = [(g, 1.0) for g, _ in raw], float(len(raw))
        imp.note("no group carries points: the 100 points are split evenly between the groups")
    shares = [100 * p / total for _, p in raw]
    scores = [max(1, int(s)) for s in shares]
    for i in sorted(range(len(raw)), key=lambda i: shares[i] - int(shares[i]), reverse=True):
        if sum(scores) >= 100:
            break
        scores[i] += 1
    while sum(scores) > 100:   # the max(1, …) floor may overshoot: take from the largest
        scores[scores.index(max(scores))] -= 1
    if [p for _, p in raw] != scores and any(p != 1.0 for _, p in raw):   # 1 each: an even split, told already
        imp.note("group points " + ", ".join(f"{g}={p:g}" for g, p in raw) + " scaled to add up to 100: "
                 + ", ".join(f"{g}={s}" for (g, _), s in zip(raw, scores)))
    return [SubtaskIn(g, s) for (g, _), s in zip(raw, scores)]


def fill_names(found: dict[str, str], imp: Imported) -> dict[str, str]:
    """The titles in every language the source has, as such (a Russian-only package stays Russian); a zh or
    an en title gets the other one too, taken from it and noted: exports want both."""
    found = {lang: title for lang, title in found.items() if title.strip()}
    bad = [lang for lang in found if not LANGUAGE.match(lang)]
    for lang in bad:
        imp.note(f"title in {lang!r} not carried over: not a language code problem.yaml knows: {found.pop(lang)!r}")
    if not found:
        found = {"en": imp.short_name}
        imp.note(f"the source names no title: '{imp.short_name}' is used")
    names = {}
    for lang, other in (("zh", "en"), ("en", "zh")):   # zh and en first, as ojpack's own packages list them
        if lang in found:
            names[lang] = found[lang]
        elif other in found:
            names[lang] = found[other]
            imp.note(f"no {lang} title in the source: name.{lang} is the {other} one ({found[other]!r})")
    return {**names, **{lang: title for lang, title in found.items() if lang not in names}}


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _put(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _yaml(spec: dict[str, Any]) -> bytes:
    head = "# Written by `ojpack import`; the import report lists what could not be carried over.\n"
    return (head + dump_yaml(spec, sort_keys=False, allow_unicode=True, width=110)).encode()
