"""Decide whether an output answers a test: problem.yaml's `checker` rule.

- tokens: whitespace-separated tokens must match the answer's, case-sensitive unless told otherwise.
- custom: a program following the Kattis output-validator convention,
  `prog input answer feedback_dir < team_output`, exit 42 = accepted, 43 = wrong answer; anything else
  is a fault of the checker itself (CheckerError), never the contestant's verdict."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from ..sandbox import prepare
from ..errors import OjpackError
from ..problem import Problem
from ..sandbox import RunLimits, run

ACCEPT, REJECT = 42, 43
CHECKER_LIMITS = RunLimits(cpu=30.0, wall=60.0, memory_mib=1024, output_mib=16)


class CheckerError(OjpackError):
    """The checker itself failed: the judging is void, not the submission wrong."""


@dataclass(frozen=True)
class CheckResult:
    ok: bool
    message: str = ""


class Checker(Protocol):
    def check(self, input: Path, answer: Path, output: Path) -> CheckResult: ...


def _show(token: bytes) -> str:
    text = token[:40].decode("utf-8", errors="replace")
    return repr(text + ("…" if len(token) > 40 else ""))


def compare_tokens(output: bytes, answer: bytes, case_sensitive: bool = True) -> CheckResult:
    got, want = output.split(), answer.split()
    for i, (g, w) in enumerate(zip(got, want), start=1):
        if g != w and (case_sensitive or g.lower() != w.lower()):
            return CheckResult(False, f"token {i}: expected {_show(w)}, found {_show(g)}")
    if len(got) < len(want):
        return CheckResult(False, f"output ends after {len(got)} tokens; expected {len(want)} "
                                  f"(next expected {_show(want[len(got)])})")
    if len(got) > len(want):
        return CheckResult(False, f"extra output after {len(want)} tokens: {_show(got[len(want)])}")
    return CheckResult(True)


@dataclass(frozen=True)
class TokenChecker:
    case_sensitive: bool = True

    def check(self, input: Path, answer: Path, output: Path) -> CheckResult:
        return compare_tokens(output.read_bytes(), answer.read_bytes(), self.case_sensitive)


@dataclass(frozen=True)
class ProgramChecker:
    argv: tuple[str, ...]
    address_space: bool = True
    readable: tuple[Path, ...] = ()   # the checker's own folder (helpers it reads)

    def check(self, input: Path, answer: Path, output: Path) -> CheckResult:
        with tempfile.TemporaryDirectory(prefix="ojpack-check-") as tmp:
            feedback = Path(tmp, "feedback")
            feedback.mkdir()
            argv = [*self.argv, str(input.resolve()), str(answer.resolve()), str(feedback) + "/"]
            res = run(argv, output, Path(tmp, "stdout"), CHECKER_LIMITS, stderr=Path(tmp, "stderr"),
                      address_space=self.address_space, readable=self.readable, writable=[feedback])
            message = _feedback(feedback) or Path(tmp, "stderr").read_bytes()[-500:].decode(errors="replace").strip()
        if res.exit_code == ACCEPT:
            return CheckResult(True, message)
        if res.exit_code == REJECT:
            return CheckResult(False, message or "rejected by the checker")
        how = f"exit code {res.exit_code}" if res.exit_code is not None else f"signal {res.signal} ({res.status})"
        raise CheckerError(f"checker {Path(self.argv[-1]).name} failed on {input.name}: {how}"
                           + (f": {message}" if message else ""))


def _feedback(folder: Path) -> str:
    f = folder / "judgemessage.txt"
    return f.read_text(encoding="utf-8", errors="replace").strip()[:500] if f.is_file() else ""


def load_checker(problem: Problem, cache_dir: Path) -> Checker:
    spec = problem.spec.checker
    if spec.type == "tokens":
        return TokenChecker(spec.case_sensitive)
    assert spec.program is not None  # the schema guarantees it for a custom checker
    program = prepare(problem.path(spec.program), cache_dir)
    return ProgramChecker(program.argv, program.language.address_space, (program.source.parent,))
