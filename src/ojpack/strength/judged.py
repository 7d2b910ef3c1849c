"""One program's run on one input, judged as judging judges it: the run and the checker or, for a
multi-pass problem, every pass its output validator asks for (judging's `run_passes`: the feedback folder
kept between passes, a failing pass deciding). What stress and mutation analysis count as a failure."""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import OjpackError
from ..judging import Checker, MultiPass, Verdict, of_run, pass_folder, run_passes
from ..sandbox import Program, RunLimits, run_with_files


@dataclass(frozen=True)
class Judged:
    failed: bool
    message: str     # the checker's word, or how the run ended
    output: bytes    # what the program wrote on this input (a multi-pass problem's: its first pass)


def judge_run(program: Program, inp: Path, ans: Path, out: Path, checker: Checker | MultiPass, limits: RunLimits,
              time_limit: float, cgroup: bool | None = False) -> Judged:
    """Run `program` on `inp` and judge it against `ans`; `out`'s folder is the caller's own (a multi-pass
    run keeps its passes in a fresh folder beside it). A checker that fails raises (an OjpackError)."""
    if isinstance(checker, MultiPass):
        return _passes(program, inp, ans, out.parent, checker, limits, time_limit)
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
