"""Two programs on one input, judged by the package's own checker (the reference's output is the answer; for
a multi-pass problem, the solution runs every pass the output validator asks for). A communication task's
manager judges both on its own (no answer file): they differ when the reference is AC and the solution not."""

from __future__ import annotations

import shutil
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from ..errors import OjpackError
from ..judging import Checker, Communicator, MultiPass, of_run, output_scratch
from ..sandbox import Program, RunLimits, RunResult, run_with_files
from .judged import judge_run


class ReferenceFailed(OjpackError):
    """The reference did not end well on an input: the input's fault if the validator rejects it, else the
    reference's (`kept` writes the input where the user can find it after ojpack exits)."""

    def __init__(self, name: str, how: str, data: bytes) -> None:
        super().__init__(f"the reference {name} failed ({how}) on a valid input; it cannot judge")
        self.data = data

    def kept(self, folder: Path) -> OjpackError:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "reference-failed.in"
        path.write_bytes(self.data)
        return OjpackError(f"{self} (input kept at {path})")


@dataclass(frozen=True)
class Outcome:
    differ: bool
    expected: bytes     # the reference's output
    got: bytes          # the solution's output
    message: str        # the checker's word, or how the solution's run ended


class Duel:
    """Thread-safe: every thread gets its own scratch files."""

    def __init__(self, solution: Program, reference: Program, checker: Checker | MultiPass | Communicator,
                 limits: RunLimits, time_limit: float, cgroup: bool | None = False) -> None:
        # No memory cgroup by default: a stress run needs answers, not a memory verdict, and setting up
        # a cage costs more than running a small program (RLIMIT_AS still stops a runaway).
        self.cgroup = cgroup
        self.solution, self.reference, self.checker = solution, reference, checker
        self.limits, self.time_limit = limits, time_limit
        self._dir = Path(tempfile.mkdtemp(prefix="ojpack-duel-", dir=output_scratch(checker)))
        self._local = threading.local()

    def close(self) -> None:
        shutil.rmtree(self._dir, ignore_errors=True)

    def __enter__(self) -> Duel:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _files(self) -> tuple[Path, Path, Path]:
        files = getattr(self._local, "files", None)
        if files is None:
            mine = Path(tempfile.mkdtemp(dir=self._dir))
            files = self._local.files = (mine / "in", mine / "ref", mine / "sol")
        return files

    def _run(self, program: Program, inp: Path, out: Path) -> RunResult:
        ran = run_with_files(program.argv, inp, out, self.limits, address_space=program.language.address_space,
                             cgroup=self.cgroup)
        if ran.lost:
            raise OjpackError(f"the reference {program.source.name} {ran.lost.removeprefix('it ')}")
        return ran.result

    def compare(self, data: bytes) -> Outcome:
        inp, ref_out, sol_out = self._files()
        inp.write_bytes(data)
        if isinstance(self.checker, Communicator):
            return self._communicated(inp, ref_out, sol_out, data)
        ref = self._run(self.reference, inp, ref_out)
        failed = of_run(ref, self.time_limit)
        if failed is not None:
            raise ReferenceFailed(self.reference.source.name, failed, data)
        sol = judge_run(self.solution, inp, ref_out, sol_out, self.checker, self.limits, self.time_limit, self.cgroup)
        return Outcome(sol.failed, ref_out.read_bytes(), sol.output, sol.message)

    def _communicated(self, inp: Path, ref_out: Path, sol_out: Path, data: bytes) -> Outcome:
        ref = judge_run(self.reference, inp, ref_out, ref_out, self.checker, self.limits, self.time_limit)
        if ref.failed:
            raise ReferenceFailed(self.reference.source.name, ref.message, data)
        sol = judge_run(self.solution, inp, ref_out, sol_out, self.checker, self.limits, self.time_limit)
        return Outcome(sol.failed, ref.output, sol.output, sol.message)

    def differs(self, data: bytes) -> bool:
        return self.compare(data).differ
