"""Step 3: run the package's input validator on a file (Kattis exit codes) and collect its features."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import yaml

from ..cache import Cache, key, toolkit_digest, tree_digest
from ..interrupt import memory_scratch, private_folder
from ..sandbox import Program, RunLimits, RunResult, prepare, run
from ..errors import OjpackError, not_utf8
from ..problem import Problem

# libyaml's parser when PyYAML has it: the pure-Python one costs ~10 ms per file at every start.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

VALID, INVALID = 42, 43
TIMEOUT = 30.0


@dataclass(frozen=True)
class _Done:
    returncode: int
    stdout: bytes
    stderr: bytes


@dataclass(frozen=True)
class Validation:
    valid: bool
    message: str = ""
    features: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Validator:
    program: Program
    digest: str


@dataclass(frozen=True)
class ValidatorCase:
    name: str
    input: bytes
    expect: Literal["valid", "invalid"]
    message: str | None
    group: str = "sample"    # whose bounds it runs under: the global ones, or a subtask's


@dataclass(frozen=True)
class CaseResult:
    case: ValidatorCase
    got: Validation

    @property
    def ok(self) -> bool:
        if self.got.valid != (self.case.expect == "valid"):
            return False
        return not self.case.message or self.case.message in self.got.message


def load_validator(problem: Problem, cache: Cache) -> Validator:
    source = problem.path(problem.spec.validator)
    return Validator(prepare(source, cache.dir), tree_digest(source.parent))


def bound_args(bounds: dict[str, tuple[int, int]]) -> list[str]:
    return [f"{k}={lo}..{hi}" for k, (lo, hi) in bounds.items()]


def _limits() -> RunLimits:
    # Read when used, so the stated limit is the one enforced (wall = CPU: a validator has no reason to wait).
    return RunLimits(cpu=TIMEOUT, wall=TIMEOUT, memory_mib=1024, output_mib=16)


# Inputs up to this size are handed over from tmpfs; a larger one from the disk's temporary folder, so that a
# huge test is not held in memory twice.
IN_MEMORY = 64 << 20


def _run(prog: Program, data: bytes, args: list[str]) -> tuple[RunResult, bytes, bytes]:
    """The validator on `data` with `args`: its run result, stdout and stderr. In the sandbox like any
    program; it sees its own folder (helpers it imports), nothing else. Its three files live in this
    thread's folder, overwritten run after run (a folder made and removed per run cost the proof's ~1,100
    validations of a cold check ~1 ms each on disk); the cage gets them as descriptors, never the folder."""
    base = (len(data) <= IN_MEMORY and memory_scratch()) or private_folder(tempfile.gettempdir())
    work = Path(base, f"val-{threading.get_ident()}")
    work.mkdir(exist_ok=True)
    inp, out, errf = work / "in", work / "out", work / "err"
    try:
        inp.write_bytes(data)
        res = run([*prog.argv, *args], inp, out, _limits(), stderr=errf, readable=[prog.source.parent],
                  address_space=prog.language.address_space)
        return res, out.read_bytes(), errf.read_bytes()
    finally:
        inp.unlink(missing_ok=True)   # no copy of a test left in memory until the next run


def validate_bytes(validator: Validator, data: bytes, bounds: dict[str, tuple[int, int]],
                   cache: Cache | None = None) -> Validation:
    args = bound_args(bounds)
    k = key("val", validator.digest, validator.program.key, *validator.program.argv, " ".join(args),
            repr(TIMEOUT), toolkit_digest(), data)
    if cache and (hit := cache.get("val", k)) is not None:
        return Validation(**json.loads(hit))
    prog = validator.program
    res, stdout, stderr = _run(prog, data, ["--features", *args])
    if res.status == "tle":
        raise OjpackError(f"validator {prog.source.name} was stopped at its time limit of "
                          f"{TIMEOUT:g} s on a {len(data):,}-byte input")
    proc = _Done(res.exit_code if res.exit_code is not None else -(res.signal or 0), stdout, stderr)
    err = proc.stderr.decode(errors="replace").strip()
    if proc.returncode == INVALID:
        result = Validation(False, err.splitlines()[0] if err else "rejected (no message)")
    elif proc.returncode == VALID:
        try:
            features = json.loads(proc.stdout or b"{}")
        except json.JSONDecodeError:
            raise OjpackError(f"validator accepted the input but its --features output is not JSON: "
                              f"{proc.stdout[:200]!r}") from None
        result = Validation(True, "", features)
    else:
        raise OjpackError(f"validator failed with exit code {proc.returncode} (expected 42 or 43): {err[-1000:]}")
    if cache:
        cache.put("val", k, json.dumps(result.__dict__).encode())
    return result


def validate_plain(validator: Validator, data: bytes, flags: list[str], cache: Cache | None = None) -> Validation:
    """An extra validator, run as Kattis runs one: the input on stdin, `flags` as arguments, exit 42/43."""
    k = key("val-plain", validator.digest, validator.program.key, *validator.program.argv, *flags, repr(TIMEOUT),
            toolkit_digest(), data)
    if cache and (hit := cache.get("val", k)) is not None:
        return Validation(**json.loads(hit))
    prog = validator.program
    res, stdout, stderr = _run(prog, data, flags)
    said = (stderr + stdout).decode(errors="replace").strip()
    if res.status == "tle":
        raise OjpackError(f"validator {prog.source.name} was stopped at its time limit of {TIMEOUT:g} s")
    if res.exit_code not in (VALID, INVALID):
        how = f"exit code {res.exit_code}" if res.exit_code is not None else f"signal {res.signal}"
        raise OjpackError(f"validator {prog.source.name} failed with {how} (expected 42 or 43): {said[-1000:]}")
    result = Validation(res.exit_code == VALID, "" if res.exit_code == VALID else
                        said.splitlines()[0] if said else "rejected (no message)")
    if cache:
        cache.put("val", k, json.dumps(result.__dict__).encode())
    return result


def load_extra_validators(problem: Problem, cache: Cache) -> list[Validator]:
    out = []
    for extra in problem.spec.extra_validators:
        source = problem.path(extra.source)
        program = source if source.suffix != ".ctd" else ctd_program(source, cache.dir)
        out.append(Validator(prepare(program, cache.dir), tree_digest(source.parent)))
    return out


def ctd_program(script: Path, cache_dir: Path) -> Path:
    """A checktestdata script as a standalone Python validator (exit 42/43), made by the checktestdata
    package's converter (once per script text); it then runs in the sandbox like any Python program."""
    data = script.read_bytes()
    out = cache_dir / "ctd" / f"{hashlib.sha256(data).hexdigest()[:24]}" / f"{script.stem}.py"
    if out.is_file():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ojpack-ctd-") as tmp:
        copy = Path(tmp, script.name)
        copy.write_bytes(data)
        try:
            proc = subprocess.run([sys.executable, "-m", "checktestdata", "-c", str(Path(tmp, "v.py")), str(copy)],
                                  capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            raise OjpackError(f"checktestdata script {script.name}: its conversion did not end in 60 s") from None
        if proc.returncode != 0 or not Path(tmp, "v.py").is_file():
            said = (proc.stderr or proc.stdout).strip()
            if "No module named checktestdata" in said:
                raise OjpackError("checktestdata validators need the Python package checktestdata "
                                  "(pip install checktestdata)")
            raise OjpackError(f"checktestdata script {script.name} does not convert: {said[-500:]}")
        shutil.move(Path(tmp, "v.py"), out)
    return out


def validate_file(validator: Validator, path: Path, bounds: dict[str, tuple[int, int]]) -> Validation:
    try:
        data = path.read_bytes()
    except OSError as e:
        return Validation(False, f"cannot read: {e.strerror}")
    return validate_bytes(validator, data, bounds)


def load_cases(problem: Problem) -> list[ValidatorCase]:
    """The validator's own tests: validators/tests.yaml, a list of {name, input, expect, message, group};
    a case with `group: <subtask>` runs under that subtask's bounds (default: the global ones)."""
    path = problem.path(problem.spec.validator).parent / "tests.yaml"
    if not path.is_file():
        return []
    try:
        raw = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER) or []
        cases = [ValidatorCase(str(c["name"]), str(c["input"]).encode("utf-8", "surrogateescape"),
                               c["expect"], c.get("message"), str(c.get("group", "sample"))) for c in raw]
    except UnicodeDecodeError as e:
        raise not_utf8(path, e) from None
    except (yaml.YAMLError, KeyError, TypeError) as e:
        raise OjpackError(f"{path}: each case needs name, input and expect (valid|invalid): {e}") from None
    bad = [c.name for c in cases if c.expect not in ("valid", "invalid")]
    if bad:
        raise OjpackError(f"{path}: expect must be 'valid' or 'invalid' (cases {', '.join(bad)})")
    stray = [f"{c.name} ({c.group})" for c in cases if c.group != "sample" and c.group not in problem.groups]
    if stray:
        raise OjpackError(f"{path}: group must be a subtask group of problem.yaml (cases {', '.join(stray)})")
    return cases


def run_cases(problem: Problem, validator: Validator) -> list[CaseResult]:
    cases = load_cases(problem)
    with ThreadPoolExecutor() as pool:  # each case is a process spawn: overlap them
        got = list(pool.map(lambda c: validate_bytes(validator, c.input, problem.bounds_for(c.group)), cases))
    return [CaseResult(c, g) for c, g in zip(cases, got)]
