"""problem.yaml + sample data + statement/problem.<lang>.md.j2 -> the statement as Markdown source.

The templates are the only place that knows the story; this module hands them numbers and samples
and turns every template mistake into one error that names the template file and the line.
"""

from __future__ import annotations

import re
import traceback
from dataclasses import dataclass
from pathlib import Path

import jinja2

from ..testdata import BuiltTest
from ..errors import OjpackError
from ..problem import Problem, aggregation, points_per_test
from .bounded import Outcome, RenderLimit, bounded
from .files import with_files_line
from .sandboxed import NotText, SecurityError, environment

STATEMENT_DIR = "statement"
TEMPLATE_SUFFIX = ".md.j2"
SAMPLE_GROUP = "sample"
TEMPLATE_NAME = re.compile(r"^problem\.([a-z]{2,3}(?:-[A-Za-z0-9]+)?)\.md\.j2$")


class StatementError(OjpackError):
    """A statement template is missing, malformed or refers to something that does not exist."""


@dataclass(frozen=True)
class Sample:
    index: int      # 1-based, in plan order
    name: str
    input: str      # file text without its final newline, ready to sit in a code block
    answer: str


@dataclass(frozen=True)
class BoundView:
    name: str
    min: int
    max: int
    doc: str


@dataclass(frozen=True)
class SubtaskView:
    index: int                      # 1-based
    group: str
    score: int
    bounds: dict[str, BoundView]    # every bound in force for the group
    tightened: dict[str, BoundView]  # only those that differ from the global bounds
    aggregation: str = "min"         # min: its score only when every test passes; sum: points per passing test
    points: tuple[int, ...] = ()     # sum: each test's points, in plan order


@dataclass(frozen=True)
class Statement:
    lang: str
    title: str
    markdown: str   # the body, starting at the first section (the title is not part of it)
    template: Path

    @property
    def where(self) -> str:
        """The template as errors name it: statement/problem.<lang>.md.j2."""
        return f"{self.template.parent.name}/{self.template.name}"


def template_path(problem: Problem, lang: str) -> Path:
    return problem.root / STATEMENT_DIR / f"problem.{lang}{TEMPLATE_SUFFIX}"


def languages(problem: Problem) -> list[str]:
    """The package's statement languages, sorted: the keys of `name` in problem.yaml. Each needs its
    template, and a template of a language without a title is a mistake too (it would never be rendered)."""
    folder = problem.root / STATEMENT_DIR
    found = {m.group(1) for p in folder.glob(f"*{TEMPLATE_SUFFIX}") if (m := TEMPLATE_NAME.match(p.name))}
    if not found:
        raise StatementError(f"{folder}: no statement templates (expected files like problem.en{TEMPLATE_SUFFIX})")
    named = list(problem.spec.name)
    missing = [lang for lang in named if lang not in found]
    if missing:
        raise StatementError(f"no statement template {STATEMENT_DIR}/problem.{missing[0]}{TEMPLATE_SUFFIX} for "
                             f"name.{missing[0]} in problem.yaml (templates found: {', '.join(sorted(found))})")
    extra = sorted(found - set(named))
    if extra:
        raise StatementError(f"{STATEMENT_DIR}/problem.{extra[0]}{TEMPLATE_SUFFIX} has no title: add "
                             f"name.{extra[0]} to problem.yaml or remove the template")
    return sorted(named)


def samples_from_files(pairs: list[tuple[str, Path, Path]]) -> list[Sample]:
    """(name, input file, answer file) in order -> Samples; the caller decides where the files come from."""
    return [Sample(i, name, _read(inp), _read(ans)) for i, (name, inp, ans) in enumerate(pairs, 1)]


def built_samples(tests: list[BuiltTest]) -> list[Sample]:
    """The samples of a built test set (group 'sample'), in judging order."""
    return samples_from_files([(t.name, t.input, t.answer) for t in tests if t.group == SAMPLE_GROUP])


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8").rstrip("\n")
    except (OSError, UnicodeDecodeError) as e:
        raise StatementError(f"cannot read sample file {path}: {e}") from None


def title(problem: Problem, lang: str) -> str:
    names = dict(problem.spec.name)
    if lang not in names:
        raise StatementError(f"problem.yaml 'name' has no '{lang}' entry (it has {', '.join(sorted(names))})")
    return names[lang]


def context(problem: Problem, lang: str, samples: list[Sample]) -> dict[str, object]:
    """Everything a template may use. Numbers are exactly those of problem.yaml."""
    spec = problem.spec
    glob = {k: BoundView(k, b.min, b.max, b.doc) for k, b in spec.bounds.items()}
    subtasks = []
    per_test = points_per_test(spec)
    for i, sub in enumerate(spec.subtasks, 1):
        eff = {k: BoundView(k, lo, hi, glob[k].doc) for k, (lo, hi) in problem.bounds_for(sub.group).items()}
        tight = {k: v for k, v in eff.items() if (v.min, v.max) != (glob[k].min, glob[k].max)}
        subtasks.append(SubtaskView(i, sub.group, sub.score, eff, tight, aggregation(spec, sub.group),
                                    per_test.get(sub.group, ())))
    limits = spec.limits
    return {
        "lang": lang,
        "title": title(problem, lang),
        "short_name": spec.short_name,
        "source": spec.source,
        "credits": spec.credits,
        "limits": {"time": _plain(limits.time), "memory": limits.memory, "output": limits.output},
        "io": {"input": spec.io.input, "output": spec.io.output, "files": spec.io.files},
        "bounds": glob,
        "subtasks": [] if spec.pass_fail else subtasks,   # a pass-fail problem's one group is no subtask
        "pass_fail": spec.pass_fail,
        "checker": spec.checker,
        "scoring": spec.scoring,
        "samples": samples,
    }


def _plain(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


def tex_number(value: int) -> str:
    """5000 -> '5000', 100000 -> '10^5', 200000 -> '2 \\times 10^5': how statements write big bounds."""
    if abs(value) < 10_000 or value % 10:
        return str(value)
    digits = str(abs(value)).rstrip("0")
    if len(digits) > 1:
        return str(value)
    power = len(str(abs(value))) - 1
    head = "" if digits == "1" else f"{digits} \\times "
    return f"{'-' if value < 0 else ''}{head}10^{{{power}}}"


def render_statement(problem: Problem, lang: str, samples: list[Sample]) -> Statement:
    """Render one language's template; `samples=[]` gives the variant without samples (Kattis adds its own)."""
    path = template_path(problem, lang)
    if not path.is_file():
        have = ", ".join(languages(problem)) if (problem.root / STATEMENT_DIR).is_dir() else "none"
        raise StatementError(f"no statement template {path} (languages with a template: {have})")
    try:   # in a child process under a CPU, memory and wall limit (see bounded.py)
        done = bounded(lambda: _render(problem, lang, samples, path))
    except RenderLimit as e:
        raise StatementError(f"{STATEMENT_DIR}/{path.name}: {e}") from None
    if done.error is not None or done.text is None:
        raise StatementError(done.error or f"{STATEMENT_DIR}/{path.name}: the template rendered nothing")
    return Statement(lang, title(problem, lang), with_files_line(problem, lang, done.text.strip()) + "\n", path)


def _render(problem: Problem, lang: str, samples: list[Sample], path: Path) -> Outcome:
    """The template's text, or the one line saying what is wrong with it."""
    env = environment(path.parent, {"num": tex_number})
    try:
        return Outcome(env.get_template(path.name).render(context(problem, lang, samples)), None)
    except jinja2.TemplateSyntaxError as e:
        where = f"{STATEMENT_DIR}/{Path(e.filename or path).name}"
        return Outcome(None, f"{where}: line {e.lineno}: template syntax error: {e.message}")
    except jinja2.UndefinedError as e:
        return Outcome(None, f"{_location(e, path)}: undefined value: {e.message} "
                             f"(available keys: {', '.join(sorted(context(problem, lang, samples)))})")
    except NotText as e:
        return Outcome(None, f"{STATEMENT_DIR}/{e}")
    except SecurityError as e:
        return Outcome(None, f"{_location(e, path)}: refused (statement templates run in a sandbox): {e}")
    except jinja2.TemplateError as e:
        return Outcome(None, f"{_location(e, path)}: template error: {e}")
    except MemoryError:
        raise   # bounded() names the cap
    except Exception as e:  # the template is the package author's code: 1/0, "x" | num, a macro calling itself
        return Outcome(None, f"{_location(e, path)}: template error: {type(e).__name__}: {e}")


def _location(error: Exception, path: Path) -> str:
    """'statement/<file>: line N' for the innermost traceback frame jinja maps back to a template in the folder
    (a macro file, when the mistake is inside a macro)."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if Path(f.filename).parent == path.parent]
    name = Path(frames[-1].filename).name if frames else path.name
    return f"{STATEMENT_DIR}/{name}" + (f": line {frames[-1].lineno}" if frames else "")
