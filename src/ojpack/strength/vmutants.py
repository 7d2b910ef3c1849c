"""`ojpack strength --validator --mutants`: are the validator's own tests strong enough?

Mutants of the validator (the tree-sitter edits mutate.py makes for solutions) are compiled (cached, in
parallel) and run on the cases of `validators/tests.yaml`: one that judges a case otherwise than declared,
or fails on it, is **killed** by that case. A survivor runs on the smallest valid test of each group (one it
rejects is killed by the data, as the build would be) and on the invalid inputs made from them
(invalid.py): one it accepts **survived**, with that input shrunk for it; else it is **equivalent** as far
as anyone can tell. `add` appends each survivor's input to the validator's tests as an invalid case."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ..cache import cache_for
from ..sandbox import CompileError, Program, RunLimits, prepare, run
from ..problem import Problem
from ..testdata import bound_args, ensure_built, load_cases, load_validator
from .grammar import load_grammar
from .invalid import EDITS, InvalidInput, invalid_inputs
from .mutate import Mutant, mutants
from .parallel import parallel_map
from .shrink import Shrinker
from .spelling import broken_rule
from .validator import need_grammar, sources

# A mutant may loop: a short leash (the real validator takes milliseconds on these inputs).
LIMITS = RunLimits(cpu=2.0, wall=4.0, memory_mib=512, output_mib=4)
Status = Literal["killed", "survived", "equivalent", "stillborn"]
VALID, INVALID = 42, 43   # the Kattis convention every validator follows


@dataclass(frozen=True)
class VMutantResult:
    mutant: Mutant
    status: Status
    killed_by: str = ""          # the case or test that killed it
    input: bytes = b""           # a survivor's shrunk invalid input, accepted by it
    group: str = ""
    rule: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"mutant": self.mutant.id, "diff": self.mutant.diff, "status": self.status,
                "killed_by": self.killed_by, "input": self.input.decode("utf-8", "replace"), "group": self.group,
                "rule": self.rule}


@dataclass(frozen=True)
class VMutantReport:
    results: tuple[VMutantResult, ...]
    added: tuple[str, ...] = ()

    def count(self, status: Status) -> int:
        return sum(r.status == status for r in self.results)

    def to_json(self) -> dict[str, Any]:
        return {k: self.count(k) for k in ("killed", "survived", "equivalent", "stillborn")} | {
            "added": list(self.added), "survivors": [r.to_json() for r in self.results if r.status == "survived"]}


def _verdict(program: Program, data: bytes, bounds: dict[str, tuple[int, int]]) -> bool | None:
    """True accepted, False rejected, None anything else (a crash, a limit)."""
    with tempfile.TemporaryDirectory(prefix="ojpack-vmut-") as tmp:
        inp = Path(tmp, "in")
        inp.write_bytes(data)
        res = run([*program.argv, *bound_args(bounds)], inp, Path(tmp, "out"), LIMITS, stderr=Path(tmp, "err"),
                  readable=[program.source.parent], address_space=program.language.address_space)
    return {VALID: True, INVALID: False}.get(res.exit_code) if res.status in ("ok", "re") else None


def validator_mutants(problem: Problem, workers: int | None = None, add: bool = False,
                      select: Callable[[Mutant], bool] | None = None,
                      on_done: Callable[[int, int], None] | None = None) -> VMutantReport:
    need_grammar(problem)
    grammar = load_grammar(problem)
    cache = cache_for(problem.root)
    source = problem.path(problem.spec.validator)
    load_validator(problem, cache)   # the real one compiles, or the error names it
    cases = load_cases(problem)
    valid = sources(ensure_built(problem), quick=True)
    invalid: list[InvalidInput] = []
    seen: set[bytes] = set()
    for t in valid:
        bounds = problem.bounds_for(t.group)
        for c in invalid_inputs(grammar, grammar.parse(t.input.read_bytes()), t.group, t.id, bounds):
            data = c.render(grammar)
            if data not in seen and broken_rule(grammar, data, bounds) is not None:
                seen.add(data)
                invalid.append(c)
    todo = [m for m in mutants(source) if select is None or select(m)]
    folder = cache.dir / "validator-mutants"
    def examine(m: Mutant) -> VMutantResult:
        try:
            path = folder / m.digest / source.name
            if not path.is_file():
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(m.text)
            program = prepare(path, cache.dir)
        except CompileError:
            return VMutantResult(m, "stillborn")
        for c in cases:
            if _verdict(program, c.input, problem.bounds_for(c.group)) != (c.expect == "valid"):
                return VMutantResult(m, "killed", f"validators/tests.yaml: {c.name}")
        for t in valid:
            if _verdict(program, t.input.read_bytes(), problem.bounds_for(t.group)) is not True:
                return VMutantResult(m, "killed", f"data: {t.id}")
        for c in invalid:
            bounds = problem.bounds_for(c.group)
            if _verdict(program, c.render(grammar), bounds) is True:
                edit = EDITS[c.edit] if c.edit else (lambda d: d)
                fails = lambda d, e=edit, b=bounds: (broken_rule(grammar, e(d), b) is not None   # noqa: E731
                                                     and _verdict(program, e(d), b) is True)
                data = edit(grammar.render(Shrinker(grammar, fails, workers=1, valid_only=False).shrink(c.tree)))
                return VMutantResult(m, "survived", "", data, c.group, broken_rule(grammar, data, bounds) or "?")
        return VMutantResult(m, "equivalent")

    results = tuple(parallel_map(examine, todo, workers, on_done))
    added = _add(source.parent / "tests.yaml", results) if add else ()
    return VMutantReport(results, added)


def _add(path: Path, results: tuple[VMutantResult, ...]) -> tuple[str, ...]:
    """Append each survivor's input (once per distinct input) to the validator's tests as an invalid case."""
    lines, names = [], []
    inputs = {(r.input, r.group): r for r in results if r.status == "survived"}
    for (data, group), r in inputs.items():
        name = f"mutant-{r.mutant.line}-{r.mutant.digest[:6]}"
        text = json.dumps(data.decode("utf-8", "surrogateescape"), ensure_ascii=True)
        where = f", group: {group}" if group != "sample" else ""
        lines.append(f"- {{name: {name}, input: {text}, expect: invalid{where}}}   # {r.rule}\n")
        names.append(name)
    if lines:
        old = path.read_text(encoding="utf-8") if path.is_file() else ""
        sep = "" if not old or old.endswith("\n") else "\n"
        path.write_text(old + sep + "\n# --- added by `ojpack strength --validator --mutants --add` ---\n"
                        + "".join(lines), encoding="utf-8")
    return tuple(names)
