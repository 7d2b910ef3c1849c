"""`ojpack strength --checker`: is the checker sound on outputs made from the accepted answers?

Every test's answer is perturbed (perturb.py); the package's checker (problem.yaml `checker`, its program
in the sandbox) judges each output against the test's input and answer, in parallel. A changed answer
accepted, or an allowed variant rejected, is a failure. `checker: {unique_answers: false}` says that other
outputs may be right too: then only the declared cases count (`checkers/tests.yaml`: each names its input
and answer, or a `test` of the data for both, an `output` and `expect: valid_output | invalid_output`)."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml

from ..cache import cache_for
from ..errors import OjpackError
from ..judging import CheckResult, load_checker
from ..problem import Problem
from ..testdata import BuiltTest, ensure_built
from .parallel import parallel_map
from .perturb import allowed, answer_words, changed
from .validator import sources

Expect = Literal["valid_output", "invalid_output"]
CASES = "checkers/tests.yaml"


@dataclass(frozen=True)
class Probe:
    test: str
    what: str
    expect: Expect
    input: bytes
    answer: bytes
    output: bytes
    declared: bool = False


@dataclass(frozen=True)
class CheckerFailure:
    test: str
    what: str
    verdict: str          # "accepted a changed answer", "rejected an allowed variant", "failed"
    input: bytes
    answer: bytes
    output: bytes
    message: str

    def to_json(self) -> dict[str, Any]:
        text = lambda b: b.decode("utf-8", "replace")[:100_000]   # noqa: E731
        return {"test": self.test, "what": self.what, "verdict": self.verdict, "input": text(self.input),
                "answer": text(self.answer), "output": text(self.output), "message": self.message}


@dataclass(frozen=True)
class CheckerStrength:
    interactive: bool = False
    changed: int | None = 0          # None: answers are not unique, no perturbations
    changed_rejected: int = 0
    variants: int = 0
    variants_accepted: int = 0
    declared: int = 0
    declared_ok: int = 0
    failures: tuple[CheckerFailure, ...] = ()
    quick: bool = False

    @property
    def ok(self) -> bool:
        return not self.failures

    def to_json(self) -> dict[str, Any]:
        return {"interactive": self.interactive, "changed": self.changed, "changed_rejected": self.changed_rejected,
                "variants": self.variants, "variants_accepted": self.variants_accepted, "declared": self.declared,
                "declared_ok": self.declared_ok, "quick": self.quick, "ok": self.ok,
                "failures": [f.to_json() for f in self.failures]}


def declared_cases(problem: Problem, tests: list[BuiltTest]) -> list[Probe]:
    path = problem.path(CASES)
    if not path.is_file():
        return []
    by_id = {t.id: t for t in tests}
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8")) or []
        out = []
        for c in raw:
            enc = lambda k: str(c[k]).encode("utf-8", "surrogateescape")   # noqa: E731
            if "test" in c:
                if c["test"] not in by_id:
                    raise OjpackError(f"{path}: case {c['name']}: no test {c['test']!r} in data/")
                t = by_id[c["test"]]
                inp, ans = t.input.read_bytes(), t.answer.read_bytes()
            else:
                inp, ans = enc("input"), enc("answer")
            if c["expect"] not in ("valid_output", "invalid_output"):
                raise OjpackError(f"{path}: case {c['name']}: expect must be valid_output or invalid_output")
            out.append(Probe(str(c.get("test", "declared")), f"declared case {c['name']}", c["expect"], inp, ans,
                             enc("output"), True))
        return out
    except (yaml.YAMLError, KeyError, TypeError) as e:
        raise OjpackError(f"{path}: each case needs name, output, expect and either test or input and answer: "
                          f"{e}") from None


def checker_strength(problem: Problem, quick: bool = False, workers: int | None = None,
                     on_done: Callable[[int, int], None] | None = None, perturb: bool = True) -> CheckerStrength:
    """Perturbations of every test's answer (quick: the smallest test of each group; perturb=False: none) and
    the declared cases, judged by the package's checker."""
    if problem.spec.interactor is not None:
        return CheckerStrength(interactive=True, changed=None, quick=quick)
    if problem.spec.multi_pass is not None:
        raise OjpackError("a multi-pass problem's output validator judges each pass on what the submission did in "
                          "the passes before, not one output against the answer: fixed outputs cannot measure it")
    tests = ensure_built(problem)
    probes = declared_cases(problem, tests)
    unique = problem.spec.checker.unique_answers
    if perturb and unique:
        chosen = sources(tests, quick)
        answers = {t.id: t.answer.read_bytes() for t in chosen}
        words = answer_words(list(answers.values()))
        sensitive = problem.spec.checker.case_sensitive
        for t in chosen:
            inp, ans = t.input.read_bytes(), answers[t.id]
            seen = {ans}
            for expect, made in (("invalid_output", changed(ans, words, sensitive)),
                                 ("valid_output", allowed(ans, sensitive))):
                for what, output in made:
                    if output not in seen or what == "the answer itself":
                        seen.add(output)
                        probes.append(Probe(t.id, what, expect, inp, ans, output))   # type: ignore[arg-type]
    checker = load_checker(problem, cache_for(problem.root).dir)
    def judge(p: Probe) -> CheckResult | str:
        with tempfile.TemporaryDirectory(prefix="ojpack-sound-") as tmp:
            files = [Path(tmp, n) for n in ("input", "answer", "output")]
            for f, data in zip(files, (p.input, p.answer, p.output)):
                f.write_bytes(data)
            try:
                got: CheckResult | str = checker.check(*files)
            except OjpackError as e:
                got = str(e)
        return got

    results = parallel_map(judge, probes, workers, on_done)
    failures = []
    for p, r in zip(probes, results):
        if isinstance(r, str):
            failures.append(CheckerFailure(p.test, p.what, "failed", p.input, p.answer, p.output, r))
        elif r.ok != (p.expect == "valid_output"):
            verdict = ("rejected an allowed variant" if p.expect == "valid_output" else "accepted a changed answer")
            failures.append(CheckerFailure(p.test, p.what, verdict, p.input, p.answer, p.output, r.message))
    count = lambda want, good: sum(p.expect == want and not p.declared and isinstance(r, CheckResult)   # noqa: E731
                                   and r.ok == good for p, r in zip(probes, results))
    total = lambda want: sum(p.expect == want and not p.declared for p in probes)   # noqa: E731
    declared = [(p, r) for p, r in zip(probes, results) if p.declared]
    return CheckerStrength(
        False, total("invalid_output") if unique and perturb else None, count("invalid_output", False),
        total("valid_output"), count("valid_output", True), len(declared),
        sum(isinstance(r, CheckResult) and r.ok == (p.expect == "valid_output") for p, r in declared),
        tuple(failures), quick)
