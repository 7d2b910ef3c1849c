"""Step 2 of the flow: turn one planned test into input bytes (run its generator, or copy its file)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from ..cache import Cache, key, toolkit_digest, tree_digest
from ..sandbox import prepare
from ..errors import BuildError, OjpackError
from ..problem import PlannedTest
from ..problem import Problem
from ..sandbox import CageFileError, CappedFolder, RunLimits, RunResult, run

# Generators are trusted package code, but a broken one must not hang or flood the build.
GEN_LIMITS = RunLimits(cpu=60, wall=120, memory_mib=2048, output_mib=256)
# A generator may write its input as testcase.in in its working folder instead of printing it (BAPCtools'
# convention; `{name}` in an imported command is "testcase"); the folder is capped like its output.
WRITTEN, WORK_FILES = "testcase.in", 64


def generator_digest(problem: Problem) -> str:
    """Any change under generators/ (helpers included) invalidates every generated test."""
    return tree_digest(problem.path("generators"))


def generate(problem: Problem, test: PlannedTest, cache: Cache, digest: str) -> bytes:
    if test.copy:
        return problem.path(test.copy).read_bytes()
    assert test.gen is not None
    k = key("gen", digest, test.line, repr(GEN_LIMITS), toolkit_digest())
    if (hit := cache.get("gen", k)) is not None:
        return hit
    data = _run_generator(problem, test, cache)
    cache.put("gen", k, data)
    return data


def run_generator(problem: Problem, argv: tuple[str, ...], cache: Cache) -> bytes:
    """One generator command run as the build runs one (sandbox, limits, testcase.in), never cached: what
    stress draws with fresh seeds. A failure is a BuildError naming the command."""
    test = PlannedTest("sample", 1, "stress", argv, None)
    try:
        return _run_generator(problem, test, cache)
    except BuildError as e:
        raise BuildError(str(e).removeprefix(f"{test.id}: ")) from None


def _run_generator(problem: Problem, test: PlannedTest, cache: Cache) -> bytes:
    assert test.gen is not None
    source = problem.path(f"generators/{test.gen[0]}")
    try:
        # problem.yaml's solutions.languages may name the generator's language (an import's C++23)
        program = prepare(source, cache.dir, problem.language_of(f"generators/{test.gen[0]}"))
    except OjpackError as e:
        raise BuildError(f"{test.id}: generator {test.gen[0]}: {e}") from None
    limit = GEN_LIMITS.output_mib << 20
    with tempfile.TemporaryDirectory(prefix="ojpack-gen-") as tmp, \
            CappedFolder(Path(tmp, "work"), size=limit, files=WORK_FILES) as work:
        out, errf = Path(tmp, "out"), Path(tmp, "err")
        res = run([*program.argv, *test.gen[1:]], Path("/dev/null"), out, GEN_LIMITS, stderr=errf,
                  readable=[source.parent], address_space=program.language.address_space,
                  writable=work.writable, mounts=work.mounts, cwd=work.path)
        if res.status != "ok":
            tail = errf.read_bytes()[-2000:].decode(errors="replace").strip()
            what = _broke(res, GEN_LIMITS)
            raise BuildError(f"{test.id}: generator `{test.line}` {what}" + (f":\n{tail}" if tail else ""))
        data = out.read_bytes()
        if not data:   # BAPCtools' convention: the input written as testcase.in in the working folder
            try:
                data = b"" if work.full() else (work.read(WRITTEN, limit) or b"")
            except CageFileError as e:
                raise BuildError(f"{test.id}: generator `{test.line}`: {e}") from None
    if not data:
        raise BuildError(f"{test.id}: generator `{test.line}` printed nothing (and wrote no {WRITTEN})")
    return data


def _broke(res: RunResult, limits: RunLimits) -> str:
    """How the run ended, naming the limit it broke and what it used."""
    if res.status == "tle":
        return (f"was stopped after {res.wall:.1f} s ({res.cpu:.1f} s CPU): over its time limit of "
                f"{limits.cpu:g} s CPU / {limits.wall:g} s wall")
    if res.status == "mle":
        return f"used {res.memory_mib:.0f} MiB: over its memory limit of {limits.memory_mib} MiB"
    if res.status == "ole":
        return f"wrote over its output limit of {limits.output_mib} MiB"
    return f"exited with {res.exit_code if res.exit_code is not None else f'signal {res.signal}'}"
