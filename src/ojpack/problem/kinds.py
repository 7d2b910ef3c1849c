"""problem.yaml's task kinds beyond a stdin/stdout program: `kind: grader` (the submission is functions a
grader calls), `kind: communication` (CMS Communication: a manager talks to 1..N submission processes, each
linked with a stub) and `kind: output_only` (the submission is the output files). A part of the schema
(schema.ProblemSpec has the fields), kept apart to keep schema.py small; the judging is judging/tasktypes.

Every language a grader or stub is given for is a language a submission may be written in; the build
puts the submission beside the language's files under the name `submission_name` (task.cpp, task.py…)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .strict import Invalid, rule

Kind = Literal["batch", "grader", "communication", "output_only"]
KINDS: tuple[str, ...] = ("batch", "grader", "communication", "output_only")
LINK_LANGUAGES: tuple[str, ...] = ("cpp", "c", "java", "python", "pascal")
model = dataclass(frozen=True, kw_only=True)


@model
class Interactor:
    """An interactive problem's judge program, in the Kattis convention: run as `interactor input answer
    feedback_dir/`, its stdin is the submission's stdout and its stdout the submission's stdin; exit 42
    accepts, 43 rejects (message in feedback_dir/judgemessage.txt), anything else is a judge error."""
    source: str
    args: list[str] = rule(factory=list)   # after feedback_dir, as Kattis passes output_validator_args


@model
class MultiPass:
    """A multi-pass problem (Kattis `multi-pass`): the output validator (a kattis-convention checker program,
    or the interactor) may write `nextpass.in` into its feedback folder on accepting; the submission is then
    run again with that file as its input, the feedback folder kept, up to `passes` runs in all."""
    passes: int = rule(2, ge=2, le=100)


@model
class LinkedFiles:
    """One language's grader or stub: the files compiled (C, C++, Pascal), put on the class path (Java) or
    beside (Python, whose grader imports the submission) together with the submission."""
    files: list[str] = rule(min_length=1)
    main: str | None = None     # Java: the class with main (default: the first file's name)


@model
class Linked:
    """Language -> its files; the keys are the toolkit's language families."""
    cpp: LinkedFiles | None = None
    c: LinkedFiles | None = None
    java: LinkedFiles | None = None
    python: LinkedFiles | None = None
    pascal: LinkedFiles | None = None

    def languages(self) -> dict[str, LinkedFiles]:
        return {name: getattr(self, name) for name in LINK_LANGUAGES if getattr(self, name) is not None}

    def every_file(self) -> list[tuple[str, int, str]]:
        return [(lang, i, f) for lang, lf in self.languages().items() for i, f in enumerate(lf.files)]


@model
class Grader(Linked):
    # what contestants get (statement attachments, exports); default: every language's files
    public: list[str] | None = None
    submission_name: str = rule("task", pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")

    def __post_init__(self) -> None:
        if not self.languages():
            raise ValueError("a grader needs the files of at least one language (cpp, c, java, python, pascal)")


@model
class Communication:
    manager: str                                         # its source; caged, run as CMS runs it
    processes: int = rule(1, ge=1, le=32)   # task-maker tasks run 20
    channel: Literal["fifo", "stdio"] = "fifo"
    stub: Linked
    public: list[str] | None = None
    submission_name: str = rule("task", pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")

    def __post_init__(self) -> None:
        if not self.stub.languages():
            raise Invalid(("stub",), "give the stub of at least one language (cpp, c, java, python, pascal)")


@model
class OutputOnly:
    """No keys yet: `output_only: {}`. A submission is a zip or folder of output_<test>.txt / <test>.out."""


def check_kind(spec: Any) -> None:
    """The kind and its section agree; a kind's section without the kind is a mistake, not a no-op."""
    sections = {"grader": spec.grader, "communication": spec.communication, "output_only": spec.output_only}
    for name, section in sections.items():
        if section is not None and spec.kind != name:
            raise Invalid((name,), f"'{name}' is for `kind: {name}` (this problem's kind is {spec.kind})")
    if spec.kind in sections and sections[spec.kind] is None:
        raise Invalid(("kind",), f"`kind: {spec.kind}` needs its section '{spec.kind}:'", spec.kind)
    if spec.kind != "batch" and (spec.interactor is not None or spec.multi_pass is not None):
        raise Invalid(("kind",), f"a {spec.kind} task is not interactive or multi-pass", spec.kind)
    if spec.kind == "output_only" and spec.io.input != "stdin":
        raise Invalid(("io",), "an output-only task has no program that reads: remove 'io'")
