"""The shape of problem.yaml, as pydantic models (strict: unknown keys are errors)."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

GROUP_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
TEST_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


class Strict(BaseModel):
    # strict: `memory: true` or `time: "1"` is a mistake, not 1 MiB or 1 s
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Names(Strict):
    zh: str
    en: str


class Source(Strict):
    name: str
    url: str | None = None


class Credits(Strict):
    authors: list[str] = Field(min_length=1)


class Limits(Strict):
    time: float = Field(gt=0, le=60, description="CPU seconds per test")
    memory: int = Field(gt=0, le=65536, description="MiB")
    output: int = Field(default=64, gt=0, le=4096, description="MiB")


class Bound(Strict):
    min: int
    max: int
    doc: str = ""

    @model_validator(mode="after")
    def _ordered(self) -> Bound:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is greater than max ({self.max})")
        return self


class BoundOverride(Strict):
    min: int | None = None
    max: int | None = None


class Coverage(Strict):
    features: list[str] = []
    classes: list[str] = []
    answers: list[str] = []


class Subtask(Strict):
    group: str
    score: int = Field(gt=0, le=100)
    bounds: dict[str, BoundOverride] = {}
    # what this subtask's own tests must cover (features are judged against its own bounds)
    coverage: Coverage = Coverage()

    @field_validator("group")
    @classmethod
    def _group_name(cls, v: str) -> str:
        if not GROUP_NAME.match(v) or v == "sample":
            raise ValueError(f"group name {v!r} must match [a-z0-9][a-z0-9_-]* and not be 'sample'")
        return v


class Checker(Strict):
    """tokens: whitespace-separated tokens must match. program: the package's own checker, in testlib's
    convention (`checker input output answer`, exit 0/1/2/3) or Kattis's (`validator input answer
    feedback_dir < output`, exit 42/43)."""
    type: Literal["tokens", "program"] = "tokens"
    case_sensitive: bool = True
    source: str | None = None
    convention: Literal["testlib", "kattis"] = "testlib"

    @model_validator(mode="after")
    def _program_needs_source(self) -> Checker:
        if self.type == "program" and not self.source:
            raise ValueError("a checker program needs 'source: <path>'")
        if self.type == "tokens" and self.source:
            raise ValueError("'source' is for `type: program`; a token checker has no program")
        return self


class Interactor(Strict):
    """An interactive problem's judge program, in the Kattis convention: run as `interactor input answer
    feedback_dir/`, its stdin is the submission's stdout and its stdout the submission's stdin; exit 42
    accepts, 43 rejects (message in feedback_dir/judgemessage.txt), anything else is a judge error."""
    source: str


class TestLine(Strict):
    name: str
    gen: str | None = Field(default=None, min_length=1)
    copy_: str | None = Field(default=None, alias="copy", min_length=1)

    @field_validator("name")
    @classmethod
    def _test_name(cls, v: str) -> str:
        if not TEST_NAME.match(v):
            raise ValueError(f"test name {v!r} must match [a-z0-9][a-z0-9_-]*")
        return v

    @model_validator(mode="after")
    def _one_source(self) -> TestLine:
        if (self.gen is None) == (self.copy_ is None):
            raise ValueError("a test needs exactly one of 'gen' or 'copy'")
        return self


class Scoring(Strict):
    """How a judge turns verdicts into points. Only the IOI-style rule exists today, but it is spelt out
    so the statement and every export say the same thing (and a package cannot silently assume another)."""
    subtask: Literal["min"] = Field("min", description="a subtask scores its points only when all its tests pass")
    sample: Literal[0] = Field(0, description="the sample tests are worth nothing")


VerdictName = Literal["AC", "WA", "TLE", "MLE", "RE", "OLE", "CE"]


class Expectation(Strict):
    """What one solution must get, per test group (a verdict or a set, as in solutions.verdicts) and/or
    as a total score. Groups left out are not constrained."""
    model_config = ConfigDict(extra="allow", frozen=True)   # the group names are the extra keys
    score: int | None = Field(default=None, ge=0, le=100)

    @model_validator(mode="after")
    def _shape(self) -> Expectation:
        for group, value in self.groups.items():
            if not value:
                raise ValueError(f"{group}: list at least one verdict")
        if self.score is None and not self.groups:
            raise ValueError("give a verdict for at least one subtask, or a score")
        return self

    @property
    def groups(self) -> dict[str, tuple[str, ...]]:
        """group -> allowed verdicts; a single verdict is a set of one."""
        extra = self.model_extra or {}
        out = {}
        for group, value in extra.items():
            items = [value] if isinstance(value, str) else value
            if not isinstance(items, list) or any(v not in VERDICTS for v in items):
                raise ValueError(f"{group}: expected a verdict or a list of verdicts from {', '.join(VERDICTS)}, "
                                 f"got {value!r}")
            out[group] = tuple(items)
        return out


VERDICTS = ("AC", "WA", "TLE", "MLE", "RE", "OLE", "CE")


class Solutions(Strict):
    # path (relative to the problem root) -> allowed verdicts, overriding the folder's verdict
    verdicts: dict[str, list[VerdictName]] = {}
    # path (relative to the problem root or to solutions/) -> per-subtask verdicts and/or a score,
    # e.g. {subtask1: AC, subtask2: AC, subtask3: [TLE, MLE], score: 50}; any other key of `solutions`
    # is read as such a path, so `solutions: {partial/x.cpp: {score: 20}}` works as written
    expect: dict[str, Expectation] = {}

    @model_validator(mode="before")
    @classmethod
    def _paths_at_top(cls, raw: object) -> object:
        if not isinstance(raw, dict):
            return raw
        paths = {k: v for k, v in raw.items() if k not in ("verdicts", "expect")}
        if not paths:
            return raw
        merged = dict(raw.get("expect") or {})
        merged.update(paths)
        return {**{k: raw[k] for k in ("verdicts",) if k in raw}, "expect": merged}

    @field_validator("verdicts")
    @classmethod
    def _non_empty(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        for path, allowed in v.items():
            if not allowed:
                raise ValueError(f"{path}: list at least one verdict")
        return v

    @model_validator(mode="after")
    def _once(self) -> Solutions:
        both = set(self.verdicts) & set(self.expect)
        if both:
            raise ValueError(f"{sorted(both)[0]}: listed both under verdicts and with per-subtask expectations")
        return self


class Proof(Strict):
    """A program that writes exhaustive batch tests with their answers (see ojpack.judging.proof)."""
    generator: str
    args: str = ""   # {X.min}/{X.max} expand to the global bounds
    # A smaller exhaustive box for a costly runtime: language id (the toolkit's language table) -> the
    # generator's arguments for the solutions in that language. The check report names each one's box.
    boxes: dict[str, str] = Field(default_factory=dict)


class GrammarItem(Strict):
    """One line of the input holding a number within bound `number`; when `line` or `blocks` is given,
    that number counts what follows: one line of that many numbers within bound `line`, or that many
    blocks, each laid out by `blocks`. The toolkit generates, parses and shrinks inputs from this."""
    number: str
    line: str | None = None
    blocks: list[GrammarItem] | None = None

    @model_validator(mode="after")
    def _one_list(self) -> GrammarItem:
        if self.line is not None and self.blocks is not None:
            raise ValueError("a grammar item counts either a 'line' or 'blocks', not both")
        if self.blocks is not None and not self.blocks:
            raise ValueError("'blocks' needs at least one item")
        return self

    def names(self) -> list[str]:
        """Every bound this item and the items inside it refer to."""
        inner = [n for b in self.blocks or [] for n in b.names()]
        return [self.number, *([self.line] if self.line else []), *inner]


class ProblemSpec(Strict):
    short_name: str = Field(pattern=r"^[a-z0-9]+$")
    name: Names
    source: Source
    credits: Credits
    license: Literal["unknown", "public domain", "cc0", "cc by", "cc by-sa", "educational", "permission"]
    rights_owner: str | None = None
    limits: Limits
    # May be empty: a package imported from Polygon has a validator that knows its own bounds.
    bounds: dict[str, Bound] = {}
    subtasks: list[Subtask] = Field(min_length=1)
    checker: Checker = Checker()
    validator: str
    # checks a .ans file against its input (argv: the input file); judges like BAPCtools want one
    answer_validator: str | None = None
    model_solution: str
    coverage: Coverage = Coverage()
    tests: dict[str, list[TestLine]]
    scoring: Scoring = Scoring()
    solutions: Solutions = Solutions()
    proof: Proof | None = None
    interactor: Interactor | None = None
    # the input's shape, for stress testing and shrinking (ojpack stress / strength)
    grammar: list[GrammarItem] = []

    @model_validator(mode="after")
    def _consistent(self) -> ProblemSpec:
        total = sum(s.score for s in self.subtasks)
        if total != 100:
            raise ValueError(f"subtask scores add up to {total}, not 100")
        groups = [s.group for s in self.subtasks]
        if len(set(groups)) != len(groups):
            raise ValueError("two subtasks share a group")
        for s in self.subtasks:
            for key, o in s.bounds.items():
                if key not in self.bounds:
                    raise ValueError(f"subtask {s.group}: bound {key!r} is not among bounds {sorted(self.bounds)}")
                b = self.bounds[key]
                lo, hi = (o.min if o.min is not None else b.min), (o.max if o.max is not None else b.max)
                if not b.min <= lo <= hi <= b.max:
                    raise ValueError(f"subtask {s.group}: bound {key} [{lo}, {hi}] is not inside [{b.min}, {b.max}]")
        known = {"sample", *groups}
        for g, lines in self.tests.items():
            if g not in known:
                raise ValueError(f"tests: group {g!r} is neither 'sample' nor a subtask group {groups}")
            names = [t.name for t in lines]
            dup = {n for n in names if names.count(n) > 1}
            if dup:
                raise ValueError(f"tests.{g}: duplicate test names {sorted(dup)}")
        for name in (n for item in self.grammar for n in item.names()):
            if name not in self.bounds:
                raise ValueError(f"grammar: {name!r} is not among bounds {sorted(self.bounds)}")
        for g in groups:
            if not self.tests.get(g):
                raise ValueError(f"subtask group {g!r} has no tests in the test plan")
        for path, e in self.solutions.expect.items():
            for g in e.groups:
                if g not in known:
                    raise ValueError(f"solutions: {path}: {g!r} is neither 'sample' nor a subtask group {groups}")
        if self.interactor is not None:
            if self.checker.type != "tokens":
                raise ValueError("an interactive problem is judged by its interactor: remove 'checker'")
            if self.coverage.answers or any(s.coverage.answers for s in self.subtasks):
                raise ValueError("coverage.answers: an interactive problem's answers are empty (the interactor judges)")
        return self

