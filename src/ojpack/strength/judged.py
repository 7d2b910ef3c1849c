"""One program's run on one input, judged as judging judges it: the run and the checker or, for a
multi-pass problem, every pass its output validator asks for (judging's `run_passes`: the feedback folder
kept between passes, a failing pass deciding) or, for a communication task, the manager and the program's
processes as judging runs them, anything but AC failing. What stress and mutation analysis count as a failure."""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import OjpackError
from ..judging import Checker, Communicator, MultiPass, Verdict, communicate, of_run, pass_folder, run_passes
from ..sandbox import Program, RunLimits, run_with_files
from ..testdata import BuiltTest


@dataclass(frozen=True)
class Judged:
    failed: bool
    message: str     # the checker's word, or how the run ended
    output: bytes    # what the program wrote on this input (a multi-pass problem's: its first pass; a
                     # communication task's: the manager's score and message)


def judge_run(program: Program, inp: Path, ans: Path, out: Path, checker: Checker | MultiPass | Communicator,
              limits: RunLimits, time_limit: float, cgroup: bool | None = False) -> Judged:
    """Run `program` on `inp` and judge it against `ans`; `out`'s folder is the caller's own (a multi-pass
    run keeps its passes in a fresh folder beside it, a communication run its FIFOs). A checker that fails
    raises (an OjpackError)."""
    if isinstance(checker, MultiPass):
        return _passes(program, inp, ans, out.parent, checker, limits, time_limit)
    if isinstance(checker, Communicator):
        return _communicated(program, inp, ans, out.parent, checker, limits, time_limit)
    ran = run_with_files(program.argv, inp, out, limits, address_space=program.language.address_space,
                         cgroup=cgroup)
    res = ran.result
    got = out.read_bytes() if out.exists() else b""
    failed = of_run(res, time_limit)
    if failed is not None:
        how = f"exit code {res.exit_code}" if res.exit_code else (f"signal {res.signal}" if res.signal else "")
        return Judged(True, f"{failed}" + (f" ({how})" if how else ""), got)
    if ran.lost:
        return Judged(True, ran.lost, got)
    verdict = checker.check(inp, ans, out)
    return Judged(not verdict.ok, verdict.message, got)


def _passes(program: Program, inp: Path, ans: Path, scratch: Path, judge: MultiPass, limits: RunLimits,
            time_limit: float) -> Judged:
    work = Path(tempfile.mkdtemp(prefix="passes-", dir=scratch))
    try:
        p = run_passes(program.argv, program.language.address_space, inp, ans, limits, time_limit, judge, work)
        first = pass_folder(work, 1) / "out"
        got = first.read_bytes() if first.is_file() else b""
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if p.verdict is Verdict.JE:   # the output validator's fault, not the program's
        raise OjpackError(p.message)
    if p.verdict is Verdict.AC:
        return Judged(False, p.message, got)
    if p.verdict is Verdict.WA:
        return Judged(True, p.message or f"WA in pass {p.passes}", got)
    return Judged(True, f"{p.verdict} in pass {p.passes}" + (f" ({p.message})" if p.message else ""), got)


def _communicated(program: Program, inp: Path, ans: Path, scratch: Path, judge: Communicator, limits: RunLimits,
                  time_limit: float) -> Judged:
    """The manager decides: a partial score fails as WA does (stress wants the reference's AC)."""
    work = Path(tempfile.mkdtemp(prefix="comm-", dir=scratch))
    try:
        c = communicate(program, judge, BuiltTest("stress", 0, "stress", "stress", inp, ans), limits, time_limit,
                        work)
        said = (work / "manager.out").read_bytes() if c.verdict is not Verdict.JE else b""
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if c.verdict is Verdict.JE:   # the manager's fault, not the program's
        raise OjpackError(f"the manager failed: {c.message}")
    shown = f"{c.verdict}" + (f": {c.message}" if c.message else "")
    return Judged(c.verdict is not Verdict.AC, shown, said + (c.message + "\n").encode())
