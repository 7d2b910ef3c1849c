"""The shape of problem.yaml, as frozen dataclasses read by strict.convert (unknown keys are errors)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from .grammar_spec import GrammarItem, compile_grammar
from .points import Aggregation, check_points
from .io import FileIO, check_io
from .testargs import check_test_args
from .strict import Invalid, rule
from .verdict_rule import Judging
from .visualizer import Visualizer
from .kinds import Communication, Grader, Interactor, Kind, MultiPass, OutputOnly, check_kind

GROUP_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
TEST_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
# The one group of a pass-fail problem's secret tests (data/secret/secret/ here; flat data/secret/ on Kattis)
PASS_FAIL_GROUP = "secret"
# A statement language: an ISO 639 code, optionally with a region or script (en, zh, pt-BR, zh-Hant)
LANGUAGE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$")


# strict.convert builds these from problem.yaml: `memory: true` or `time: "1"` is a mistake, not 1 MiB or 1 s
model = dataclass(frozen=True, kw_only=True)


@model
class Source:
    name: str
    url: str | None = None


@model
class Credits:
    authors: list[str] = rule(min_length=1)


@model
class Limits:
    time: float = rule(gt=0, le=60)              # CPU seconds per test
    memory: int = rule(gt=0, le=65536)           # MiB
    output: int = rule(64, gt=0, le=4096)        # MiB
    # problemtools' "OK with extra time": a solution whose verdicts at `time` break its expectation still
    # passes when its verdicts at `time` x this meet it (Kattis' time_safety_margin; imports set it)
    safety_margin: float | None = rule(None, ge=1, le=10)
    # false: a run past the output limit goes on (what passes the limit is dropped), so a flood that never
    # ends is TLE and one that ends in time OLE, as problemtools, DOMjudge and BAPCtools judge (imports of
    # Kattis packages set it); true: the run ends at the limit, OLE
    output_stops: bool = True


@model
class Bound:
    min: int
    max: int
    doc: str = ""

    def __post_init__(self) -> None:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is greater than max ({self.max})")


@model
class BoundOverride:
    min: int | None = None
    max: int | None = None


@model
class Coverage:
    features: list[str] = rule(factory=list)
    classes: list[str] = rule(factory=list)
    answers: list[str] = rule(factory=list)


@model
class Subtask:
    group: str
    score: int = rule(gt=0, le=100)
    # min (all or nothing) or sum (each test's points when it passes); left out: scoring.subtask (points.py)
    aggregation: Aggregation | None = None
    bounds: dict[str, BoundOverride] = rule(factory=dict)
    # what this subtask's own tests must cover (features are judged against its own bounds)
    coverage: Coverage = rule(factory=Coverage)

    def __post_init__(self) -> None:
        if not GROUP_NAME.match(self.group) or self.group == "sample":
            raise ValueError(f"group name {self.group!r} must match [a-z0-9][a-z0-9_-]* and not be 'sample'")


@model
class Checker:
    """tokens: whitespace-separated tokens must match. float: the same, but a token of the answer that reads
    as a number matches an output number within `absolute` or `relative` tolerance (Kattis' default output
    validator with its float flags). Both compare whitespace exactly with `space_change_sensitive`.
    program: the package's own checker, in testlib's convention (`checker input output answer`, exit
    0/1/2/3) or Kattis's (`validator input answer feedback_dir < output`, exit 42/43)."""
    type: Literal["tokens", "float", "program"] = "tokens"
    case_sensitive: bool = True
    space_change_sensitive: bool = False
    absolute: float | None = None
    relative: float | None = None
    source: str | None = None
    convention: Literal["testlib", "kattis"] = "testlib"
    args: list[str] = rule(factory=list)   # kattis convention: after feedback_dir (Kattis' output_validator_args)
    # kattis convention: what score.txt holds, the test's points (out of its maximum) or its share of them
    # (0 to 1), as the multiplicative custom grader of Kattis' IOI ports reads it
    score_file: Literal["points", "share"] = "points"
    # false: other outputs than the answer may be right (`ojpack strength --checker` then runs only the
    # declared cases of checkers/tests.yaml, not changed answers)
    unique_answers: bool = True

    def __post_init__(self) -> None:
        if self.type == "program" and not self.source:
            raise ValueError("a checker program needs 'source: <path>'")
        if self.type != "program" and self.source:
            raise ValueError("'source' is for `type: program`; a token checker has no program")
        if self.type == "float" and self.absolute is None and self.relative is None:
            raise ValueError("a float checker needs 'absolute' and/or 'relative' (the tolerances)")
        if self.type != "float" and (self.absolute is not None or self.relative is not None):
            raise ValueError("'absolute' and 'relative' are tolerances of `type: float`")
        if self.args and (self.type != "program" or self.convention != "kattis"):
            raise ValueError("'args' are for a checker program with `convention: kattis` (passed after "
                             "feedback_dir, as Kattis passes output_validator_args)")
        if self.score_file != "points" and (self.type != "program" or self.convention != "kattis"):
            raise ValueError("'score_file' is for a checker program with `convention: kattis` (its score.txt)")
        if any(t is not None and not t >= 0 for t in (self.absolute, self.relative)):
            raise ValueError("tolerances 'absolute' and 'relative' must be 0 or more")


@model
class ExtraValidator:
    """Another input validator, run as Kattis runs one: the input on stdin, its group's flags as arguments
    (no bounds, no --features), exit 42 valid / 43 invalid. A `.ctd` source is a checktestdata script."""
    source: str
    flags: list[str] = rule(factory=list)                   # for every group…
    group_flags: dict[str, list[str]] = rule(factory=dict)  # …unless the group has its own


@model
class TestLine:
    name: str
    gen: str | None = rule(None, min_length=1)
    copy_: str | None = rule(None, alias="copy", min_length=1)
    # the answer file as the source wrote it (imports): the model solution does not answer this test
    answer: str | None = rule(None, min_length=1)
    # this test's own Kattis output_validator_args (imports: a test group's or test case's yaml), in place of
    # checker.args (interactor.args); with the token or float rule, the default validator's flags that make this test's rule
    checker_args: list[str] | None = None
    # this test's own input_validator_args, in place of every extra validator's flags / group_flags
    validator_args: list[str] | None = None
    # what this test earns when it passes, in a sum subtask (points.py: all of its tests or none)
    points: int | None = rule(None, ge=0, le=100)

    def __post_init__(self) -> None:
        if not TEST_NAME.match(self.name):
            raise ValueError(f"test name {self.name!r} must match [a-z0-9][a-z0-9_-]*")
        if (self.gen is None) == (self.copy_ is None):
            raise ValueError("a test needs exactly one of 'gen' or 'copy'")


@model
class Scoring:
    """How a judge turns verdicts into points, spelt out so the statement and every export say the same
    thing (and a package cannot silently assume another rule)."""
    # every subtask's default aggregation (points.py): min, its points only when all its tests pass (IOI);
    # sum, each passing test earns its own points
    subtask: Aggregation = "min"
    sample: Literal[0] = 0            # the sample tests are worth nothing


VerdictName = Literal["AC", "PC", "WA", "TLE", "MLE", "RE", "OLE", "CE"]
VERDICTS: tuple[str, ...] = get_args(VerdictName)   # the same names, for messages and membership


@model
class Expectation:
    """What one solution must get, per test group (a verdict or a set, as in solutions.verdicts) and/or
    as a total score. Groups left out are not constrained."""
    EXTRA_KEYS_INTO = "groups"   # every key but `score` and `score_range` is a group name
    score: float | None = rule(None, ge=0, le=100)   # fractions: a checker may give part of a test's points
    # the lowest and highest total score allowed, both included (Kattis' partially_accepted: [0.01, 99.99])
    score_range: list[float] | None = None
    groups: dict[str, tuple[str, ...]] = rule(factory=dict)   # group -> allowed verdicts

    def __post_init__(self) -> None:
        groups = {}
        for group, value in self.groups.items():
            items = [value] if isinstance(value, str) else value
            if not isinstance(items, (list, tuple)) or any(v not in VERDICTS for v in items):
                raise ValueError(f"{group}: expected a verdict or a list of verdicts from {', '.join(VERDICTS)}, "
                                 f"got {value!r}")
            if not items:
                raise ValueError(f"{group}: list at least one verdict")
            groups[group] = tuple(items)   # a single verdict is a set of one
        object.__setattr__(self, "groups", groups)
        if self.score_range is not None:
            if self.score is not None:
                raise ValueError("give a score or a score_range, not both")
            if len(self.score_range) != 2 or not 0 <= self.score_range[0] <= self.score_range[1] <= 100:
                raise ValueError(f"score_range: expected [lowest, highest] within 0..100, got {self.score_range!r}")
        if self.score is None and self.score_range is None and not self.groups:
            raise ValueError("give a verdict for at least one subtask, or a score")


@model
class Solutions:
    # path (relative to the problem root) -> allowed verdicts, overriding the folder's verdict
    verdicts: dict[str, list[VerdictName]] = rule(factory=dict)
    # path (relative to the problem root or to solutions/) -> per-subtask verdicts and/or a score,
    # e.g. {subtask1: AC, subtask2: AC, subtask3: [TLE, MLE], score: 50}; any other key of `solutions`
    # is read as such a path, so `solutions: {partial/x.cpp: {score: 20}}` works as written
    expect: dict[str, Expectation] = rule(factory=dict)
    # path (as above) -> the language id (the toolkit's language table) it is compiled and run as, for a
    # file its extension names wrongly or not precisely: an imported Polygon Perl .pl (.pl is Prolog),
    # C++20, PyPy
    languages: dict[str, str] = rule(factory=dict)
    # language id (or `default`) -> a folder of files copied beside every solution in that language before it
    # is compiled and run, its working folder (Kattis / ICPC `include/<language>/`, 2025-09 `include/default/`)
    include: dict[str, str] = rule(factory=dict)

    @staticmethod
    def reshape(raw: Any) -> Any:
        if not isinstance(raw, dict):
            return raw
        paths = {k: v for k, v in raw.items() if k not in ("verdicts", "expect", "languages", "include")}
        if not paths:
            return raw
        merged = dict(raw.get("expect") or {})
        merged.update(paths)
        return {**{k: raw[k] for k in ("verdicts", "languages", "include") if k in raw}, "expect": merged}

    def __post_init__(self) -> None:
        for path, allowed in self.verdicts.items():
            if not allowed:
                raise ValueError(f"{path}: list at least one verdict")
        both = set(self.verdicts) & set(self.expect)
        if both:
            raise ValueError(f"{sorted(both)[0]}: listed both under verdicts and with per-subtask expectations")


@model
class Proof:
    """A program that writes exhaustive batch tests with their answers (see ojpack.judging.proof)."""
    generator: str
    args: str = ""   # {X.min}/{X.max} expand to the global bounds
    # A smaller exhaustive box for a costly runtime: language id (the toolkit's language table) -> the
    # generator's arguments for the solutions in that language. The check report names each one's box.
    boxes: dict[str, str] = rule(factory=dict)


@model
class ProblemSpec:
    short_name: str = rule(pattern=r"^[a-z0-9]+$")
    # the title per statement language, e.g. {en: Sum}: any non-empty set; each needs statement/problem.<lang>.md.j2
    name: dict[str, str] = rule(min_length=1)
    source: Source
    credits: Credits
    license: Literal["unknown", "public domain", "cc0", "cc by", "cc by-sa", "educational", "permission"]
    rights_owner: str | None = None
    limits: Limits
    io: FileIO = rule(factory=FileIO)   # stdin/stdout, or the named files OI problems use (io.py)
    # May be empty: a package imported from Polygon has a validator that knows its own bounds.
    bounds: dict[str, Bound] = rule(factory=dict)
    # scoring: subtasks with points (IOI style); pass-fail: all tests must pass (ICPC style), no subtasks. Left
    # out, it follows `subtasks`: a package without subtasks is pass-fail.
    type: Literal["scoring", "pass-fail"] | None = None
    # Omitted for a pass-fail problem: its secret tests are one group, `secret`, worth all 100 points on the
    # judges that score (all or nothing), so every tool sees one subtask.
    subtasks: list[Subtask] = rule(factory=list)
    checker: Checker = rule(factory=Checker)
    validator: str
    # checks a .ans file against its input (argv: the input file); judges like BAPCtools want one
    answer_validator: str | None = None
    extra_validators: list[ExtraValidator] = rule(factory=list)
    # Left out only when every test line gives its `answer:` (an imported package with no accepted submission)
    model_solution: str | None = None
    coverage: Coverage = rule(factory=Coverage)
    tests: dict[str, list[TestLine]]
    scoring: Scoring = rule(factory=Scoring)
    judging: Judging = rule(factory=Judging)   # how verdicts meet expectations (verdict_rule.py)
    solutions: Solutions = rule(factory=Solutions)
    proof: Proof | None = None
    interactor: Interactor | None = None
    multi_pass: MultiPass | None = None
    # the input's shape, for stress testing and shrinking (ojpack stress / strength): grammar_spec.py
    grammar: list[GrammarItem] = rule(factory=list)
    visualizer: Visualizer | None = None   # draws a test for people (visualizer.py)
    kind: Kind = "batch"   # grader, communication or output_only, each with its own section (kinds.py)
    grader: Grader | None = None
    communication: Communication | None = None
    output_only: OutputOnly | None = None

    @property
    def pass_fail(self) -> bool:
        return self.type == "pass-fail"

    def __post_init__(self) -> None:
        # Each rule names the key it is about (strict.Invalid, relative to this object), so the error
        # carries that key's line rather than none.
        for lang, title in self.name.items():
            if not LANGUAGE.match(lang):
                raise Invalid(("name", lang), "a title's key is a language code such as en, zh or pt-BR", lang)
            if not title.strip():
                raise Invalid(("name", lang), "the title is empty")
        if self.type is None:
            object.__setattr__(self, "type", "scoring" if self.subtasks else "pass-fail")
        if self.type == "scoring" and not self.subtasks:
            raise Invalid(("type",), "a scoring problem needs 'subtasks'; without them it is pass-fail", self.type)
        if self.type == "pass-fail":
            if self.subtasks:
                raise Invalid(("subtasks",), "a pass-fail problem has no subtasks: remove them, or the type "
                                             f"(its secret tests go under tests.{PASS_FAIL_GROUP})")
            object.__setattr__(self, "subtasks", [Subtask(group=PASS_FAIL_GROUP, score=100)])
        total = sum(s.score for s in self.subtasks)
        if total != 100:
            raise Invalid(("subtasks",), f"subtask scores add up to {total}, not 100")
        groups = [s.group for s in self.subtasks]
        for i, s in enumerate(self.subtasks):
            if s.group in groups[:i]:
                first = groups.index(s.group)
                raise Invalid(("subtasks", i, "group"), f"subtasks[{first}] has this group too", s.group)
            for key, o in s.bounds.items():
                at = ("subtasks", i, "bounds", key)
                if key not in self.bounds:
                    raise Invalid(at, f"bound {key!r} is not among bounds {sorted(self.bounds)}")
                b = self.bounds[key]
                lo, hi = (o.min if o.min is not None else b.min), (o.max if o.max is not None else b.max)
                if not b.min <= lo <= hi <= b.max:
                    raise Invalid(at, f"[{lo}, {hi}] is not inside [{b.min}, {b.max}]")
        known = {"sample", *groups}
        for g, lines in self.tests.items():
            if g not in known:
                raise Invalid(("tests", g), f"group {g!r} is neither 'sample' nor a subtask group {groups}")
            names = [t.name for t in lines]
            for j, n in enumerate(names):
                if n in names[:j]:
                    raise Invalid(("tests", g, j, "name"), f"duplicate test name (also tests.{g}[{names.index(n)}])", n)
        compile_grammar(self.grammar, self.bounds)
        empty = not any(self.tests.values())   # an imported package with no tests at all (nothing to judge yet)
        for i, g in enumerate(groups):
            if not self.tests.get(g) and not empty:
                raise Invalid(("subtasks", i, "group"), f"subtask group {g!r} has no tests in the test plan")
        for path, e in self.solutions.expect.items():
            for g in e.groups:
                if g not in known:
                    raise Invalid(("solutions", path, g), f"{g!r} is neither 'sample' nor a subtask group {groups}")
        for g in self.judging.groups:
            if g not in known:
                raise Invalid(("judging", "groups", g), f"{g!r} is neither 'sample' nor a subtask group {groups}")
        if self.model_solution is None and self.interactor is None and self.kind != "communication":
            for g, lines in self.tests.items():
                for j, t in enumerate(lines):
                    if t.answer is None:
                        raise Invalid(("tests", g, j), "no model_solution to answer this test: give the "
                                                       "problem a model_solution, or this test an 'answer:'")
        if self.multi_pass is not None and self.interactor is None and \
                (self.checker.type != "program" or self.checker.convention != "kattis"):
            raise Invalid(("multi_pass",), "a multi-pass problem needs a program that writes nextpass.in: an "
                                           "interactor, or a checker program with `convention: kattis`")
        check_test_args(self)
        check_kind(self)
        check_points(self)
        check_io(self)
        if self.interactor is not None:
            if self.checker.type != "tokens":
                raise ValueError("an interactive problem is judged by its interactor: remove 'checker'")
            if self.coverage.answers or any(s.coverage.answers for s in self.subtasks):
                raise ValueError("coverage.answers: an interactive problem's answers are empty (the interactor judges)")

