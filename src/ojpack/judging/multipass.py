"""Multi-pass problems (Kattis / ICPC `multi-pass`): the output validator -- a checker program in the Kattis
convention, or the interactor -- may leave `nextpass.in` in its feedback folder when it accepts a pass; the
submission then runs again with that file as its input, the feedback folder kept as the validator left it,
up to `multi_pass.passes` runs.

The verdict of a test, as problemtools' verifyproblem and BAPCtools' `bt run` give it:
- a pass that fails (the submission's TLE, RE, MLE, OLE, or the validator's WA) ends the test with that
  verdict, except a WA whose validator also wrote nextpass.in: the validator contradicts itself, JE;
- a pass accepted without nextpass.in ends it accepted;
- a validator still asking for another pass after the last allowed one is a judge error (JE).
The time of a test is its slowest pass (each pass has the whole time limit), its memory the largest.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..problem import Problem
from ..sandbox import CageFileError, CappedFolder, RunLimits, head_of, run
from .checker import Checker, CheckerError, CheckResult, ProgramChecker, load_checker
from .communication import Communicator
from .interact import Interactor, interact, load_interactor
from .verdicts import Verdict, of_run

NEXTPASS = "nextpass.in"
NEXTPASS_CAP = 16 << 20   # the feedback folder's own cap: nothing larger fits there


@dataclass(frozen=True)
class MultiPass:
    """A problem's judge that may ask for more passes: its checker program or its interactor."""
    judge: ProgramChecker | Interactor
    passes: int

    def check(self, input: Path, answer: Path, output: Path) -> CheckResult:
        """One output checked as a first pass (what callers that only check outputs need)."""
        if isinstance(self.judge, Interactor):
            raise CheckerError("an interactive problem's outputs are judged by playing, not checked")
        return self.judge.check(input, answer, output)


@dataclass(frozen=True)
class Passed:
    """A test's outcome over all its passes."""
    verdict: Verdict
    cpu: float          # the slowest pass
    wall: float
    memory: float
    message: str
    transcript: str     # an interactive pass's last moves (the last pass run)
    passes: int         # how many passes ran


def load_judge(problem: Problem, cache_dir: Path) -> Checker | Interactor:
    """What judges a run of this problem: its interactor or its checker, wrapped for a multi-pass problem."""
    if problem.spec.kind == "communication":
        from .communication import load_communicator
        return load_communicator(problem, cache_dir)   # type: ignore[return-value]
    judge = load_interactor(problem, cache_dir) or load_checker(problem, cache_dir)
    spec = problem.spec.multi_pass
    if spec is None:
        return judge
    assert isinstance(judge, (ProgramChecker, Interactor))   # the schema requires a program for multi_pass
    return MultiPass(judge, spec.passes)


def judge_identity(judge: object) -> str:
    """What remembered runs depend on beyond problem.yaml's checker rule: the interactor's build, the passes."""
    if isinstance(judge, MultiPass):
        return f" multi-pass {judge.passes}" + judge_identity(judge.judge)
    key = judge.key if isinstance(judge, (Interactor, Communicator)) else ""
    return f" {type(judge).__name__.lower()} {key}" if key else ""


def run_passes(argv: tuple[str, ...], address_space: bool, test_input: Path, answer: Path, limits: RunLimits,
               time_limit: float, judge: MultiPass, work: Path) -> Passed:
    """Run a program on one test of a multi-pass problem; `work` is a private, empty scratch folder."""
    name = judge.judge.name or "output validator"
    cpu = wall = memory = 0.0
    with CappedFolder(work / "feedback", runs=judge.passes) as feedback:
        infile = test_input
        for n in range(1, judge.passes + 1):
            here = pass_folder(work, n)
            here.mkdir()
            verdict, res_cpu, res_wall, res_mem, message, transcript = _one_pass(
                argv, address_space, infile, answer, limits, time_limit, judge.judge, feedback, here)
            cpu, wall, memory = max(cpu, res_cpu), max(wall, res_wall), max(memory, res_mem)
            try:
                nextpass = feedback.take(NEXTPASS, NEXTPASS_CAP)
            except CageFileError as e:
                verdict, message, nextpass = Verdict.JE, f"{name} failed: its feedback file {e}", None
            if verdict is Verdict.WA and nextpass is not None:
                verdict, message, nextpass = Verdict.JE, f"{name} rejected pass {n} yet wrote {NEXTPASS}", None
            if verdict is not Verdict.AC or nextpass is None:
                return Passed(verdict, cpu, wall, memory, f"pass {n}: {message}" if n > 1 and message else message,
                              transcript, n)
            infile = work / f"pass-{n + 1}.in"
            infile.write_bytes(nextpass)
    return Passed(Verdict.JE, cpu, wall, memory,
                  f"{name} still asked for another pass after {judge.passes} (multi_pass.passes)", "", judge.passes)


def pass_folder(work: Path, n: int) -> Path:
    """Where `run_passes` keeps pass `n`'s files: its output is `out` there (not for an interactive pass)."""
    return work / f"pass-{n}"


def _one_pass(argv: tuple[str, ...], address_space: bool, infile: Path, answer: Path, limits: RunLimits,
              time_limit: float, judge: ProgramChecker | Interactor, feedback: CappedFolder, here: Path
              ) -> tuple[Verdict, float, float, float, str, str]:
    if isinstance(judge, Interactor):
        played = interact(argv, address_space, judge, infile, answer, limits, time_limit, here, feedback)
        res = played.submission
        note = played.note
        if played.verdict in (Verdict.RE, Verdict.TLE, Verdict.MLE, Verdict.OLE):
            note = ": ".join(x for x in (note, head_of(here / "submission.err")) if x)
        return played.verdict, res.cpu, res.wall, res.memory_mib, note, played.transcript.tail()
    out = here / "out"
    res = run(argv, infile, out, limits, stderr=here / "stderr", address_space=address_space)
    failed = of_run(res, time_limit)
    if failed is not None:
        return failed, res.cpu, res.wall, res.memory_mib, head_of(here / "stderr"), ""
    try:
        checked = judge.check_in(infile, answer, out, feedback, here)
    except CheckerError as e:
        return Verdict.JE, res.cpu, res.wall, res.memory_mib, str(e), ""
    return (Verdict.AC if checked.ok else Verdict.WA), res.cpu, res.wall, res.memory_mib, checked.message, ""
