"""The one read-only view of a built package that every exporter works from.

Exporters never read problem.yaml or walk data/ themselves: they get tests by group, scores, limits,
the checker rule, solutions with expected verdicts and the rendered statement files from here.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...cache import cache_for
from ...judging import Solution as FoundSolution, discover, sample_dialogues
from ...testdata import BuiltTest, compare_twin
from ...errors import OjpackError
from .langcodes import KATTIS_RUNS_AS
from ...sandbox import detect, is_script, main_name
from ...problem import make_plan
from ...problem import Problem, points_per_test
from ...statement import OUT_DIR as STATEMENT_DIR


class CannotHold(OjpackError):
    """A target has no place for something this problem needs (its checker, its interactor, ...): the target's
    export fails naming why, and `export --to all` leaves that target out, by name, and writes the rest."""


@dataclass(frozen=True)
class Group:
    name: str                              # "sample" or a subtask group
    score: int                             # 0 for the sample group
    bounds: dict[str, tuple[int, int]]     # bounds in force for its tests
    tests: tuple[BuiltTest, ...]
    points: tuple[int, ...] = ()           # a sum subtask: each test's points (problem.yaml aggregation: sum)

    @property
    def summed(self) -> bool:
        return bool(self.points)

    def blocks(self) -> list[tuple[int, tuple[BuiltTest, ...]]]:
        """(score, tests) groups that are each all or nothing and score as this group does: a sum subtask is
        one group per test, with the test's points (for judges whose groups all score by the minimum)."""
        return [(p, (t,)) for p, t in zip(self.points, self.tests)] if self.summed else [(self.score, self.tests)]


@dataclass(frozen=True)
class Solution:
    path: Path                  # absolute
    rel: str                    # relative to the problem root, e.g. solutions/accepted/john.cpp
    verdicts: frozenset[str]    # AC WA TLE RTE MLE OLE CE; more than one = a set like "TLE or AC"
    entry: str = ""             # its path inside a judge's verdict folder, e.g. john.cpp or john/Main.java
    language: str | None = None  # problem.yaml's solutions.languages; None: the extension tells

    @property
    def single(self) -> str | None:
        """The expected verdict when it is exactly one, else None."""
        return next(iter(self.verdicts)) if len(self.verdicts) == 1 else None

    @property
    def kattis_verdicts(self) -> frozenset[str]:
        """The verdicts as Kattis-style judges give them: there a memory blow-up is a run-time error, so
        "RTE or MLE" is RTE (MLE alone stays MLE: those formats have no folder for it)."""
        return self.verdicts - {"MLE"} if {"RTE", "MLE"} <= self.verdicts else self.verdicts

    @property
    def kattis_single(self) -> str | None:
        return next(iter(self.kattis_verdicts)) if len(self.kattis_verdicts) == 1 else None


@dataclass(frozen=True)
class Package:
    root: Path
    short_name: str
    names: dict[str, str]                  # language -> title, in problem.yaml order
    source: str
    source_url: str | None
    authors: tuple[str, ...]
    license: str
    rights_owner: str | None
    time_limit: float                      # seconds
    memory_mib: int
    output_mib: int
    checker_type: str                      # "tokens", "float" or "program"
    case_sensitive: bool
    checker_program: Path | None           # the checker's source, for type "program"
    checker_convention: str                # "testlib" or "kattis" (for a program)
    checker_args: tuple[str, ...]          # a kattis-convention program's arguments after feedback_dir
    validator: Path
    answer_validator: Path | None          # checks a .ans against its input, where a judge wants one
    model_solution: Path | None            # None: every test carries the answer its source wrote
    sample: Group
    subtasks: tuple[Group, ...]
    solutions: tuple[Solution, ...]
    plan_lines: dict[str, str]             # test id -> the plan line that made it
    interactor: Path | None = None         # an interactive problem's judge program (Kattis convention)
    interactor_args: tuple[str, ...] = ()  # its arguments after feedback_dir (Kattis' output_validator_args)
    dialogues: dict[str, str] = field(default_factory=dict)   # sample test id -> its `.interaction` text
    validation_passes: int | None = None   # a multi-pass problem's most passes (None: each test runs once)
    input_file: str | None = None          # problem.yaml's io: the file a solution reads its test from
    output_file: str | None = None         # and writes its answer to (None: standard input / output)
    pass_fail: bool = False                # no subtasks: one group `secret` of 100 points, all or nothing
    verdict_rule: str = "every_test"       # judging.verdict (every rule but every_test: only the overall verdict counts)
    group_rules: dict[str, str] = field(default_factory=dict)   # judging.groups: a group's own rule
    absolute_tolerance: float | None = None   # a float checker's tolerances (None: not applied)
    relative_tolerance: float | None = None
    space_change_sensitive: bool = False
    unique_answers: bool = True            # checker.unique_answers: false when other outputs may be right too
    score_file: str = "points"             # checker.score_file: what a kattis-convention score.txt holds
    # the validator's C++ twin (validators/<stem>.cpp) judged every input as the validator does (testdata.twin):
    # only then do exports ship it
    twin_checked: bool = False
    # test id -> that test's own output validator arguments (problem.yaml tests.<g>[].checker_args)
    test_checker_args: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # problem.yaml's solutions.include: language id (or "default") -> folder copied beside every submission
    includes: dict[str, Path] = field(default_factory=dict)
    kind: str = "batch"                    # problem.yaml's kind; `linkage` its grader: or communication: section
    linkage: Any = None

    @property
    def first_failure(self) -> bool:
        """Only a solution's overall verdict is compared with its folder (judging.verdict not every_test)."""
        return self.verdict_rule != "every_test"

    @property
    def builtin_checker(self) -> bool:
        """The checker is one of ojpack's own rules (tokens, float), not the package's program."""
        return self.checker_type in ("tokens", "float")

    @property
    def uuid(self) -> str:
        """Stable across exports: derived from the short name, so re-exports update the same problem."""
        return str(uuid.uuid5(uuid.NAMESPACE_URL, f"ojpack:{self.short_name}"))

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self.names)

    @property
    def groups(self) -> tuple[Group, ...]:
        return (self.sample, *self.subtasks)

    def pass_fail_note(self, target: str) -> list[str]:
        """The export report's line for a judge that cannot score subtasks (nothing to say with one)."""
        summed = [g.name for g in self.subtasks if g.summed]
        if len(self.subtasks) < 2 and not summed:
            return []
        scores = "/".join(str(g.score) for g in self.subtasks)
        how = f"earned per passing test in {', '.join(summed)}: no partial points there" if summed else \
            "each earned only when all its tests pass"
        return [f"scoring: {target} judges pass-fail: the {len(self.subtasks)} subtask(s) ({scores} points, {how}) "
                "are kept as ordered test groups without scores"]

    @property
    def secret_tests(self) -> list[BuiltTest]:
        return [t for g in self.subtasks for t in g.tests]

    @property
    def global_bounds(self) -> dict[str, tuple[int, int]]:
        return self.sample.bounds

    def statement(self, lang: str, ext: str) -> Path | None:
        """A rendered statement file (build/statement/problem.<lang>.<ext>), or None if not rendered."""
        path = self.root / STATEMENT_DIR / f"problem.{lang}.{ext}"
        return path if path.is_file() else None

    def cpp_validator(self, target: str) -> Path:
        """The C++ port beside the validator (validators/<stem>.cpp): judges that compile their validators. A
        port that has not been run against the validator (a twin that disagrees) is never shipped."""
        path = self.validator.with_suffix(".cpp")
        if not path.is_file():
            raise OjpackError(f"{target}: needs a C++ port of the validator at {path.relative_to(self.root)}")
        if path != self.validator and not self.twin_checked:
            raise OjpackError(f"{target}: {path.relative_to(self.root)} does not judge every input as "
                              f"{self.validator.relative_to(self.root)} does (`ojpack check` names where); "
                              "it is not shipped unchecked")
        return path

    @property
    def judge_validator(self) -> Path:
        """The C++ port when there is one (runs anywhere, fast) and it agrees with the validator, else the
        validator itself."""
        port = self.validator.with_suffix(".cpp")
        return port if port.is_file() and (port == self.validator or self.twin_checked) else self.validator

    @property
    def judge_validator_files(self) -> tuple[Path, ...]:
        """The judge validator and the headers beside it that it includes, directly or through another
        (`#include "ojval.h"`; an imported Polygon validator's source and its testlib.h): a judge compiles
        them together in the validator's folder."""
        return (self.judge_validator, *local_includes(self.judge_validator))

    def require_statement(self, lang: str, ext: str, target: str) -> Path:
        path = self.statement(lang, ext)
        if path is None:
            raise OjpackError(f"{target}: needs the statement {STATEMENT_DIR}/problem.{lang}.{ext}, which was not "
                              f"rendered (run `ojpack render --lang {lang} --format {ext}` and read its message)")
        return path


_INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"/]+)"', re.MULTILINE)
_IMPORT = re.compile(r"^\s*(?:import|from)\s+([A-Za-z_]\w*)", re.MULTILINE)


def local_includes(source: Path) -> list[Path]:
    """The headers beside a C/C++ source that it includes by a quoted name, directly or through one another;
    for a Python source, the modules beside it that it imports (validate.py's ojval.py)."""
    if source.suffix == ".py":
        return [p for name in dict.fromkeys(_IMPORT.findall(source.read_text(encoding="utf-8", errors="replace")))
                if (p := source.parent / f"{name}.py").is_file() and p != source]
    if source.suffix not in (".c", ".cc", ".cpp", ".cxx"):
        return []
    found: dict[Path, None] = {}
    todo = [source]
    while todo:
        text = todo.pop().read_text(encoding="utf-8", errors="replace")
        for name in _INCLUDE.findall(text):
            header = source.parent / name
            if header.is_file() and header not in found and header != source:
                found[header] = None
                todo.append(header)
    return list(found)


def inline_includes(source: Path, keep: tuple[str, ...] = ()) -> str:
    """The source with its local headers pasted in place of their #include lines: one file for judges that
    compile a single file (UOJ's val.cpp). Headers named in `keep` stay #included (the judge brings its own)."""
    text = source.read_text(encoding="utf-8")
    for header in local_includes(source):
        if header.name in keep:
            continue
        body = re.sub(r"^\s*#\s*pragma\s+once.*$", "", header.read_text(encoding="utf-8"), flags=re.MULTILINE)
        text = re.sub(rf'^\s*#\s*include\s*"{re.escape(header.name)}".*$', lambda _m, b=body: b, text,
                      count=1, flags=re.MULTILINE)
    return text


def validator_args(bounds: dict[str, tuple[int, int]]) -> list[str]:
    """The validator's argv contract: NAME=LO..HI per bound."""
    return [f"{k}={lo}..{hi}" for k, (lo, hi) in bounds.items()]


def entry_name(path: Path) -> str:
    """Judges start Java (and Scala: problemtools runs the file's stem) by the class holding main(), which
    must match its file: put such a file in a folder named after the solution (a multi-file submission)
    under the class's name."""
    if is_script(path):   # a folder with its own build/run scripts: the whole folder (write.copy_solution)
        return f"{path.parent.name}/{path.name}"
    if path.suffix not in (".java", ".scala"):
        return path.name
    main = main_name(path, detect(path))
    return path.name if main == path.stem else f"{path.stem}/{main}{path.suffix}"


def from_solutions(found: list[FoundSolution]) -> tuple[Solution, ...]:
    """The issue-3 solution list in the exporters' terms (RE is spelt RTE, as the judge formats do)."""
    return tuple(Solution(s.path, s.rel, frozenset("RTE" if v.value == "RE" else v.value for v in s.expected),
                          entry_name(s.path), s.lang) for s in found)


def language_losses(pkg: Package, target: str, kattis_native: bool = False) -> list[str]:
    """A solution problem.yaml names the language of (a Polygon `perl.5` .pl, a C++20 or PyPy one): the
    Kattis-family judges tell a submission's language by its file name, so they may run it as another. A
    Kattis-family target (`kattis_native`) runs a PyPy `.py` and a C++23 `.cpp` as ojpack does."""
    return [f"{s.rel}: ojpack runs it as {s.language} (solutions.languages); {target} picks a submission's "
            "language by its file name" for s in pkg.solutions
            if s.language and not (kattis_native and KATTIS_RUNS_AS.get(Path(s.rel).suffix) == s.language)]


def verdict_rule_losses(pkg: Package, target: str, first_failure_judge: bool = True,
                        carries_rules: bool = False) -> list[str]:
    """Where the package's verdict rule (problem.yaml judging.verdict) is not the target's: a judge that
    compares only a submission's first failing verdict with its folder cannot hold the later tests of a
    package judged by every test (Polygon's rule), nor give the worst verdict (worst_error) or a group's
    own rule unless it `carries_rules` (Kattis' testdata.yaml); and a format whose folders hold every test
    is stricter than a package that compares only the overall verdict."""
    rejected = [s.rel for s in pkg.solutions if "AC" not in s.verdicts]
    if not rejected:
        return []
    if first_failure_judge and pkg.first_failure and not carries_rules and \
            (pkg.verdict_rule != "first_failure" or pkg.group_rules):
        rules = ", ".join(f"{g}: {r}" for g, r in pkg.group_rules.items())
        return [f"judging.verdict {pkg.verdict_rule}{f' (groups {rules})' if rules else ''}: {target} gives a "
                f"submission its first failing test's verdict; {len(rejected)} rejected solution(s) may get "
                "another verdict there"]
    if pkg.first_failure == first_failure_judge:
        return []
    if first_failure_judge:
        return [f"judging.verdict every_test: {target} holds only the first failing verdict of {len(rejected)} "
                f"rejected solution(s) to its folder, not their later tests (ojpack check does)"]
    return [f"judging.verdict {pkg.verdict_rule}: {target}'s folders hold every test (wrong_answer: all AC or WA); "
            f"tools that run all tests may reject one of {len(rejected)} rejected solution(s) failing "
            "otherwise after its first failing test"]


def _existing(problem: Problem, rel: str | None, key: str) -> Path | None:
    if rel is None:
        return None
    if not problem.path(rel).is_file():
        raise OjpackError(f"problem.yaml: '{key}': file {rel} does not exist")
    return problem.path(rel)


def split_note(pkg: Package, target: str) -> list[str]:
    """The export report's line for a judge whose groups all score by the minimum (Group.blocks)."""
    summed = [g.name for g in pkg.subtasks if g.summed]
    return [f"points per test: sum subtask(s) {', '.join(summed)} are written as one all-or-nothing subtask per "
            f"test worth its points, so {target} lists each of their tests as a subtask of its own"] if summed else []


def make_package(problem: Problem, tests: list[BuiltTest], solutions: tuple[Solution, ...] | None = None) -> Package:
    """Assemble the view from the loaded problem and its built tests (list order = judging order). The
    validator's twin is run against it here (cached), so no export ships one that was never checked."""
    spec = problem.spec
    by_group: dict[str, list[BuiltTest]] = {}
    for t in tests:
        by_group.setdefault(t.group, []).append(t)
    unknown = sorted(set(by_group) - {"sample", *problem.groups})
    if unknown:
        raise OjpackError(f"built data has tests in groups not in problem.yaml: {', '.join(unknown)}; rebuild")
    subtasks = []
    per_test = points_per_test(spec)
    for s in spec.subtasks:
        if not by_group.get(s.group):
            raise OjpackError(f"subtask {s.group} has no built tests; rebuild the data")
        subtasks.append(Group(s.group, s.score, problem.bounds_for(s.group), tuple(by_group[s.group]),
                              per_test.get(s.group, ())))
    names = dict(spec.name)
    return Package(
        root=problem.root, short_name=spec.short_name, names=names,
        source=spec.source.name, source_url=spec.source.url, authors=tuple(spec.credits.authors),
        license=spec.license, rights_owner=spec.rights_owner,
        time_limit=spec.limits.time, memory_mib=spec.limits.memory, output_mib=spec.limits.output,
        checker_type=spec.checker.type, case_sensitive=spec.checker.case_sensitive,
        checker_program=problem.path(spec.checker.source) if spec.checker.source else None,
        checker_convention=spec.checker.convention, checker_args=tuple(spec.checker.args),
        score_file=spec.checker.score_file, validator=problem.path(spec.validator), model_solution=problem.path(spec.model_solution) if spec.model_solution else None,
        answer_validator=_existing(problem, spec.answer_validator, "answer_validator"),
        sample=Group("sample", 0, problem.bounds_for("sample"), tuple(by_group.get("sample", []))),
        subtasks=tuple(subtasks),
        solutions=from_solutions(discover(problem)) if solutions is None else solutions,
        plan_lines={p.id: p.line for p in make_plan(problem)},
        interactor=problem.path(spec.interactor.source) if spec.interactor else None,
        interactor_args=tuple(spec.interactor.args) if spec.interactor else (),
        dialogues=sample_dialogues(problem, tests, cache_for(problem.root).dir) if spec.interactor else {},
        pass_fail=spec.pass_fail,
        verdict_rule=spec.judging.verdict, group_rules=dict(spec.judging.groups),
        validation_passes=spec.multi_pass.passes if spec.multi_pass else None,
        input_file=spec.io.input_file, output_file=spec.io.output_file,
        absolute_tolerance=spec.checker.absolute, relative_tolerance=spec.checker.relative,
        space_change_sensitive=spec.checker.space_change_sensitive,
        unique_answers=spec.checker.unique_answers,
        twin_checked=compare_twin(problem, tests).agree,
        test_checker_args={f"{g}/{i:02d}-{t.name}": tuple(t.checker_args) for g, lines in spec.tests.items()
                           for i, t in enumerate(lines, start=1) if t.checker_args is not None},
        includes=problem.includes(),
        kind=spec.kind, linkage=spec.grader or spec.communication,
    )
