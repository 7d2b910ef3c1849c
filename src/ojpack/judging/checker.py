"""Decide whether an output answers a test: problem.yaml's `checker` rule.

- tokens: whitespace-separated tokens must match the answer's, case-sensitive unless told otherwise.
- float: the same, but an answer token that reads as a number (as C's sscanf %lf reads a whole token; not
  inf or nan) matches an output number within the absolute or the relative tolerance: Kattis' default
  output validator with `float_absolute_tolerance` / `float_relative_tolerance`. With
  `space_change_sensitive` (both rules) the whitespace between, before and after tokens must be the same.
- program, testlib convention: `checker input output answer`; exit 0 = accepted, 1 = wrong answer,
  2 = presentation error (judged as WA, as Polygon does), 3 = the checker gave up; message on stderr;
  `quitp` and `_pc(k)` give part of the test's points (partial.py).
- program, kattis convention: `validator input answer feedback_dir < output`; exit 42 = accepted,
  43 = wrong answer; message in feedback_dir/judgemessage.txt.

The program is compiled once (sandbox `prepare`, cached) and runs in the sandbox. Any other exit, a
signal or a limit hit is a fault of the checker itself (CheckerError, judged JE), never the contestant's.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import tempfile
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from ..sandbox import CompileError, prepare
from ..errors import OjpackError
from ..interrupt import memory_scratch
from ..problem import Problem, default_rule, points_per_test
from ..sandbox import CageFileError, CappedFolder, RunLimits, head_of, run
from .partial import MULTIPLIER, SCORE, PartialError, of_feedback, of_testlib

ACCEPT, REJECT = 42, 43
CHECKER_LIMITS = RunLimits(cpu=30.0, wall=60.0, memory_mib=1024, output_mib=16)
FEEDBACK_HEAD = 4096   # how much of a feedback file is read: the message shown is its first 500 characters


class CheckerError(OjpackError):
    """The checker itself failed: the judging is void, not the submission wrong."""


@dataclass(frozen=True)
class CheckResult:
    ok: bool
    message: str = ""
    fraction: float | None = None   # a partial answer's share of the test's points, strictly between 0 and 1


class Checker(Protocol):
    def check(self, input: Path, answer: Path, output: Path) -> CheckResult: ...


def _show(token: bytes) -> str:
    text = token[:40].decode("utf-8", errors="replace")
    return repr(text + ("…" if len(token) > 40 else ""))


# A whole token as C's sscanf("%lf") reads it: glibc also takes an exponent marker without digits ("1e",
# "0x1p+") as part of the number, so these count too, with the marker ignored.
NUMBER = re.compile(rb"(?P<num>[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d*)?"
                    rb"|0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?\d*)?))")
SPACES = re.compile(rb"[ \t\n\r\x0b\x0c]+")


def as_number(token: bytes) -> float | None:
    """The token's value when the whole of it is a finite C floating-point literal, else None."""
    m = NUMBER.fullmatch(token)
    if not m:
        return None
    text = m.group("num").decode()
    hexadecimal = "x" in text.lower()
    body = re.sub(r"[pP][+-]?$" if hexadecimal else r"[eE][+-]?$", "", text)   # a marker without digits
    value = float.fromhex(body) if hexadecimal else float(body)
    return value if math.isfinite(value) else None


@dataclass(frozen=True)
class Tolerance:
    absolute: float | None = None
    relative: float | None = None

    def accepts(self, want: float, got: float) -> bool:
        diff = abs(want - got)
        return ((self.absolute is not None and diff <= self.absolute)
                or (self.relative is not None and diff <= self.relative * abs(want)))


def _same(got: bytes, want: bytes, case_sensitive: bool, tolerance: Tolerance | None) -> str | None:
    """None when the output token matches the answer token, else why not."""
    if tolerance is not None and (w := as_number(want)) is not None:
        g = as_number(got)
        if g is None:
            return f"expected a number near {_show(want)}, found {_show(got)}"
        if not tolerance.accepts(w, g):
            return f"expected {_show(want)}, found {_show(got)} (difference {abs(w - g):.3g})"
        return None
    if got == want or (not case_sensitive and got.lower() == want.lower()):
        return None
    return f"expected {_show(want)}, found {_show(got)}"


def compare_tokens(output: bytes, answer: bytes, case_sensitive: bool = True, tolerance: Tolerance | None = None,
                   space_change_sensitive: bool = False) -> CheckResult:
    got, want = output.split(), answer.split()
    for i, (g, w) in enumerate(zip(got, want), start=1):
        why = _same(g, w, case_sensitive, tolerance)
        if why is not None:
            return CheckResult(False, f"token {i}: {why}")
    if len(got) < len(want):
        return CheckResult(False, f"output ends after {len(got)} tokens; expected {len(want)} "
                                  f"(next expected {_show(want[len(got)])})")
    if len(got) > len(want):
        return CheckResult(False, f"extra output after {len(want)} tokens: {_show(got[len(want)])}")
    if space_change_sensitive and (SPACES.findall(output), output[:1].isspace()) != \
            (SPACES.findall(answer), answer[:1].isspace()):
        return CheckResult(False, "the whitespace differs from the answer's (space_change_sensitive)")
    return CheckResult(True)


TestKey = tuple[str, str]   # a test's group folder and file stem (sample, 01-x): its test line's checker_args


def test_key(answer: Path) -> TestKey:
    """Which test line an answer file is (the same across a multi-pass test's passes, unlike its input)."""
    return answer.parent.name, answer.stem


def own_args(problem: Problem) -> dict[TestKey, tuple[str, ...]]:
    """The tests that give their own checker_args (their data files' keys), with those arguments."""
    return {(g, f"{i:02d}-{t.name}"): tuple(t.checker_args) for g, lines in problem.spec.tests.items()
            for i, t in enumerate(lines, start=1) if t.checker_args is not None}


@dataclass(frozen=True)
class TokenChecker:
    case_sensitive: bool = True
    tolerance: Tolerance | None = None
    space_change_sensitive: bool = False
    own: dict[TestKey, TokenChecker] = field(default_factory=dict)   # tests with a rule of their own

    def check(self, input: Path, answer: Path, output: Path) -> CheckResult:
        if (mine := self.own.get(test_key(answer))) is not None:
            return mine.check(input, answer, output)
        return compare_tokens(output.read_bytes(), answer.read_bytes(), self.case_sensitive, self.tolerance,
                              self.space_change_sensitive)


def output_scratch(checker: object) -> str | None:
    """Where runs judged by `checker` keep their files: tmpfs for the in-process token checker; a checker
    program runs in the cage, whose /dev is its own, so it gets them from the temporary folder (None)."""
    return memory_scratch() if isinstance(checker, TokenChecker) else None


# testlib's exit codes: ok, wrong answer, presentation error, fail, "dirt" (extra output), unexpected EOF
TESTLIB = {0: (True, ""), 1: (False, ""), 2: (False, "presentation error"), 4: (False, "extra output"),
           8: (False, "unexpected end of output")}
KATTIS = {ACCEPT: (True, ""), REJECT: (False, "")}


@dataclass(frozen=True)
class ProgramChecker:
    argv: tuple[str, ...]
    convention: str = "kattis"     # "kattis" or "testlib"
    address_space: bool = True
    name: str = ""                 # how messages name it (its source file)
    readable: tuple[Path, ...] = ()   # the checker's own folder (helpers it reads)
    args: tuple[str, ...] = ()        # kattis convention: after feedback_dir
    own: dict[TestKey, tuple[str, ...]] = field(default_factory=dict)   # tests with arguments of their own
    maxima: dict[TestKey, float] = field(default_factory=dict)   # kattis: what score.txt is out of, per test

    def check(self, input: Path, answer: Path, output: Path) -> CheckResult:
        if self.convention == "testlib":   # no feedback folder, so its runs may share the thread's prepared cage
            with tempfile.TemporaryDirectory(prefix="ojpack-check-") as tmp:
                return self.check_in(input, answer, output, None, Path(tmp))
        with tempfile.TemporaryDirectory(prefix="ojpack-check-") as tmp, \
                CappedFolder(Path(tmp, "feedback")) as feedback:
            return self.check_in(input, answer, output, feedback, Path(tmp))

    def check_in(self, input: Path, answer: Path, output: Path, feedback: CappedFolder | None, tmp: Path
                 ) -> CheckResult:
        """`check` with a feedback folder the caller keeps (a multi-pass problem's, kept across passes); a
        testlib checker has none."""
        name = self.name or Path(self.argv[-1]).name
        stderr = Path(tmp, "stderr")
        args = self.own.get(test_key(answer), self.args)
        stdin = output
        if self.convention == "testlib":
            files, stdin = [str(input.resolve()), str(output.resolve()), str(answer.resolve())], Path(os.devnull)
        else:
            assert feedback is not None   # a Kattis-convention checker writes its message there
            files = [str(input.resolve()), str(answer.resolve()), f"{feedback.path}/", *args]
        res = run([*self.argv, *files], stdin, Path(tmp, "stdout"), CHECKER_LIMITS, stderr=stderr,
                  address_space=self.address_space, readable=[*self.readable, *map(shown_folder, (input, answer, output))],
                  writable=feedback.writable if feedback else [], mounts=feedback.mounts if feedback else ())
        try:
            message = feedback_message(feedback, stderr) if feedback else tail(stderr)
        except CageFileError as e:
            raise CheckerError(f"checker {name} failed on {input.name}: {e}") from None
        if self.convention == "testlib" and res.status in ("ok", "re") and res.exit_code is not None:
            try:
                partial = of_testlib(res.exit_code, head_of(stderr, FEEDBACK_HEAD))
            except PartialError as e:
                raise CheckerError(f"checker {name} failed on {input.name}: {e}") from None
            if partial is not None:
                return graded(*partial)
        table = TESTLIB if self.convention == "testlib" else KATTIS
        known = table.get(res.exit_code) if res.status in ("ok", "re") and res.exit_code is not None else None
        if known is not None:
            ok, kind = known
            text = ": ".join(x for x in (kind, message) if x)
            if ok and table is KATTIS and (maximum := self.maxima.get(test_key(answer))):
                try:
                    fraction = of_feedback(_take(feedback, SCORE), _take(feedback, MULTIPLIER), maximum)
                except (CageFileError, PartialError) as e:
                    raise CheckerError(f"checker {name} failed on {input.name}: {e}") from None
                if fraction is not None:
                    return graded(fraction, text)
            return CheckResult(ok, text or ("" if ok else "rejected by the checker"))
        if res.status not in ("ok", "re"):
            how = {"tle": "ran out of time", "mle": "ran out of memory", "ole": "wrote too much"}[res.status]
        elif res.exit_code is not None:
            how = f"exit code {res.exit_code}" + (" (testlib: fail)" if table is TESTLIB and res.exit_code == 3 else "")
        else:
            how = f"signal {res.signal}"
        raise CheckerError(f"checker {name} failed on {input.name}: {how}"
                           + (f": {message}" if message else ""))


def graded(fraction: float, message: str) -> CheckResult:
    """A checker's fraction of the test's points as a result: all of them accepted, none wrong, else partial."""
    if fraction >= 1:
        return CheckResult(True, message)
    return CheckResult(False, message or "no points", fraction if fraction > 0 else None)


def _take(feedback: CappedFolder, name: str) -> str | None:
    """A score file, removed (a multi-pass problem's next pass starts without it)."""
    data = feedback.take(name, FEEDBACK_HEAD)
    return None if data is None else data.decode("utf-8", errors="replace")


def shown_folder(path: Path) -> Path:
    """What a checker is shown of one of its files: the folder that holds it when the cage's uid may enter
    that folder (a judge keeps its tests' and its outputs' folders, so a thread's checker runs keep their
    binds and reuse one prepared cage), else the file alone; never a folder anyone may write to (/tmp,
    /dev/shm), which holds other programs' files."""
    real = path.resolve()
    try:
        mode = real.parent.stat().st_mode
        return real.parent if mode & stat.S_IXOTH and not mode & stat.S_IWOTH else real
    except OSError:
        return real


def feedback_message(folder: CappedFolder, stderr: Path, files: tuple[str, ...] = ("judgemessage.txt",)) -> str:
    """What a Kattis-convention program said: the first non-empty of `files` in its feedback folder, else
    the tail of its stderr (checkers and interactors alike). Raises CageFileError when the program filled
    the folder to its cap or left one of `files` as anything but a regular file (a symbolic link to a host
    file would otherwise put that file's text in the verdict)."""
    if folder.full():
        raise CageFileError(f"it filled its feedback folder (the cap is {folder.cap()})")
    for name in files:
        try:
            data = folder.read(name, FEEDBACK_HEAD)
        except CageFileError as e:
            raise CageFileError(f"its feedback file {e}") from None
        if data and (text := data.decode("utf-8", errors="replace").strip()):
            return text[:500]
    return tail(stderr)


def tail(stderr: Path) -> str:
    """The end of what a program said on stderr: the message of a testlib checker."""
    return stderr.read_bytes()[-500:].decode(errors="replace").strip() if stderr.is_file() else ""


def load_checker(problem: Problem, cache_dir: Path) -> Checker:
    """The problem's checker, its program compiled (once; a compile failure names the checker)."""
    spec = problem.spec.checker
    if spec.type in ("tokens", "float"):
        own = {key: _rule_checker(default_rule(list(args))[0]) for key, args in own_args(problem).items()}
        return replace(_rule_checker(asdict(spec)), own=own)
    assert spec.source is not None  # the schema guarantees it for a checker program
    try:
        program = prepare(problem.path(spec.source), cache_dir)
    except CompileError as e:
        raise CheckerError(f"checker {spec.source} does not compile:\n{e.message}") from None
    return ProgramChecker(program.argv, spec.convention, program.language.address_space, spec.source,
                          (program.source.parent,), tuple(spec.args), own_args(problem), maxima_of(problem))


def maxima_of(problem: Problem) -> dict[TestKey, float]:
    """Each scored test's maximum (what a Kattis validator's score.txt is out of): its points in a sum
    subtask, the subtask's score in a min one (ICPC 2025-09's rule), or 1 with `score_file: share`. The
    samples are worth nothing."""
    spec, points = problem.spec, points_per_test(problem.spec)
    share = spec.checker.score_file == "share"
    out: dict[TestKey, float] = {}
    for sub in spec.subtasks:
        lines = spec.tests.get(sub.group) or []
        worth = points.get(sub.group) or [sub.score] * len(lines)
        out |= {(sub.group, f"{i:02d}-{t.name}"): 1.0 if share else float(w)
                for i, (t, w) in enumerate(zip(lines, worth), start=1)}
    return out


def _rule_checker(rule: dict[str, Any]) -> TokenChecker:
    """The token / float rule (problem.yaml's checker fields) as a checker."""
    tolerance = Tolerance(rule.get("absolute"), rule.get("relative")) if rule.get("type") == "float" else None
    return TokenChecker(bool(rule.get("case_sensitive", True)), tolerance, bool(rule.get("space_change_sensitive")))


def checker_identity(problem: Problem, cache_dir: Path) -> str:
    """What a remembered run's verdict depends on besides program and test: the rule and the checker's build."""
    spec = problem.spec.checker
    program = prepare(problem.path(spec.source), cache_dir).key if spec.source else ""
    own = json.dumps(sorted(own_args(problem).items())) if own_args(problem) else ""
    # a score.txt's fraction depends on what the test is worth
    worth = json.dumps(sorted(maxima_of(problem).items())) if spec.convention == "kattis" and spec.source else ""
    return f"{json.dumps(asdict(spec), sort_keys=True)} {program}{own}{worth}"
