"""Step 2 of the flow: turn one planned test into input bytes (run its generator, or copy its file)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from ..cache import Cache, key, tree_digest
from ..sandbox import prepare
from ..errors import BuildError, OjpackError
from ..problem import PlannedTest
from ..problem import Problem
from ..sandbox import RunLimits, run

# Generators are trusted package code, but a broken one must not hang or flood the build.
GEN_LIMITS = RunLimits(cpu=60, wall=120, memory_mib=2048, output_mib=256)


def generator_digest(problem: Problem) -> str:
    """Any change under generators/ (helpers included) invalidates every generated test."""
    return tree_digest(problem.path("generators"))


def generate(problem: Problem, test: PlannedTest, cache: Cache, digest: str) -> bytes:
    if test.copy:
        return problem.path(test.copy).read_bytes()
    assert test.gen is not None
    k = key("gen", digest, test.line)
    if (hit := cache.get("gen", k)) is not None:
        return hit
    data = _run_generator(problem, test, cache)
    cache.put("gen", k, data)
    return data


def _run_generator(problem: Problem, test: PlannedTest, cache: Cache) -> bytes:
    assert test.gen is not None
    source = problem.path(f"generators/{test.gen[0]}")
    try:
        program = prepare(source, cache.dir)
    except OjpackError as e:
        raise BuildError(f"{test.id}: generator {test.gen[0]}: {e}") from None
    with tempfile.TemporaryDirectory(prefix="ojpack-gen-") as tmp:
        out, errf = Path(tmp, "out"), Path(tmp, "err")
        res = run([*program.argv, *test.gen[1:]], Path("/dev/null"), out, GEN_LIMITS, stderr=errf,
                  readable=[source.parent], address_space=program.language.address_space)
        if res.status != "ok":
            tail = errf.read_bytes()[-2000:].decode(errors="replace").strip()
            what = {"tle": "ran out of time", "mle": "ran out of memory", "ole": "wrote too much"}.get(
                res.status, f"exited with {res.exit_code if res.exit_code is not None else f'signal {res.signal}'}")
            raise BuildError(f"{test.id}: generator `{test.line}` {what}" + (f":\n{tail}" if tail else ""))
        data = out.read_bytes()
    if not data:
        raise BuildError(f"{test.id}: generator `{test.line}` printed nothing")
    return data
