"""Step 4: the model solution's answer for one input."""

from __future__ import annotations

import tempfile
from pathlib import Path

from ..cache import Cache, key, sha256_file, toolkit_digest
from ..sandbox import Program, link_of, prepare
from ..errors import BuildError
from ..problem import Problem
from ..sandbox import Files, RunLimits, run_with_files


def load_model(problem: Problem, cache: Cache) -> tuple[Program, str] | None:
    """The compiled model solution and its digest; None for a package whose tests all carry their answer."""
    if not problem.spec.model_solution or problem.spec.kind == "communication":   # its manager judges
        return None
    source = problem.path(problem.spec.model_solution)
    link = link_of(problem)
    program = prepare(source, cache.dir, problem.language_of(problem.spec.model_solution),
                      includes=problem.includes(), link=link)
    # with included files or a grader, the built folder's key: the answers depend on them too
    return program, program.key if problem.includes() or link is not None else sha256_file(source)


def problem_files(problem: Problem) -> Files | None:
    """The files a solution of `problem` reads its test from and writes its answer to (problem.yaml's
    `io`), None when it uses standard input and output."""
    io = problem.spec.io
    return Files(io.input_file, io.output_file) if io.files else None


def model_limits(problem: Problem) -> RunLimits:
    lim = problem.spec.limits
    # The model must fit the real limits: an answer it cannot give in time is no answer.
    return RunLimits(cpu=lim.time, wall=3 * lim.time + 1, memory_mib=lim.memory, output_mib=lim.output,
                     files=problem_files(problem))


def solve(problem: Problem, model: tuple[Program, str] | None, data: bytes, test_id: str, cache: Cache) -> bytes:
    if model is None:   # the schema requires an answer for every test then
        raise BuildError(f"{test_id}: no model solution to answer it")
    program, digest = model
    limits = model_limits(problem)
    # Whatever the answer depends on: the model's bytes and toolchain, its limits, the input, our code.
    k = key("ans", digest, program.key, *program.argv, repr(limits), toolkit_digest(), data)
    if (hit := cache.get("ans", k)) is not None:
        return hit
    with tempfile.TemporaryDirectory(prefix="ojpack-solve-") as tmp:
        inp, out, err = Path(tmp, "in"), Path(tmp, "out"), Path(tmp, "err")
        inp.write_bytes(data)
        ran = run_with_files(program.argv, inp, out, limits, stderr=err,
                             address_space=program.language.address_space)
        res = ran.result
        if ran.lost and res.status == "ok":
            raise BuildError(f"{test_id}: model solution {problem.spec.model_solution}: {ran.lost}")
        if res.status != "ok":
            tail = err.read_bytes()[-1500:].decode(errors="replace").strip()
            raise BuildError(f"{test_id}: model solution {problem.spec.model_solution} failed "
                             f"({res.status}, {res.cpu:.2f} s CPU, {res.memory_mib:.0f} MiB)"
                             + (f":\n{tail}" if tail else ""))
        answer = out.read_bytes()
    cache.put("ans", k, answer)
    return answer
