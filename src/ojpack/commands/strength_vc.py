"""`ojpack strength --validator` / `--checker`: the output of the validator's and the checker's strength."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from .common import sandbox
from .console import out, print_json, progress_bar, said

if TYPE_CHECKING:
    from ..strength import CheckerStrength, ValidatorStrength, VMutantReport


def run_strength(problem_dir: Path | None, no_sandbox: bool, as_json: bool, validator: bool, checker: bool,
                 quick: bool, jobs: int | None, mutants: bool = False, add: bool = False) -> int:
    """Measure what was asked; the exit code: 0 strong, 1 a weakness found, 2 an error."""
    from ..errors import OjpackError
    from ..problem import load_problem
    from ..strength import checker_strength, validator_mutants, validator_strength

    report: dict[str, Any] = {}
    ok = True
    try:
        sandbox(no_sandbox)
        problem = load_problem(problem_dir)
        with progress_bar("[bold]strength {task.description}") as bar:
            def progress(stage: str) -> Any:
                task = bar.add_task(stage, total=None)
                return lambda done, total: bar.update(task, completed=done, total=total)

            v = validator_strength(problem, quick, jobs, progress("validator")) if validator else None
            c = checker_strength(problem, quick, jobs, progress("checker")) if checker else None
            m = validator_mutants(problem, jobs, add, on_done=progress("validator mutants")) if mutants else None
    except OjpackError as e:
        said("error: ", "bold red", str(e))
        return 2
    if v is not None:
        report["validator"] = v.to_json()
        ok = ok and v.ok
        if not as_json:
            show_validator(v)
    if c is not None:
        report["checker"] = c.to_json()
        ok = ok and c.ok
        if not as_json:
            show_checker(c)
    if m is not None:
        report["validator_mutants"] = m.to_json()
        ok = ok and (not m.count("survived") or bool(m.added))
        if not as_json:
            show_mutants(m)
    if as_json:
        print_json(report)
    return 0 if ok else 1


def show_mutants(m: VMutantReport) -> None:
    for r in m.results:
        if r.status == "survived":
            said("validator mutant survived ", "bold red",
                 f"{r.mutant.diff} — it accepts {r.input!r} (group {r.group}): {r.rule}", to=out)
    out.print(f"validator mutants: {len(m.results) - m.count('stillborn')} ({m.count('stillborn')} more did not "
              f"compile): {m.count('killed')} killed by its tests or the data, {m.count('equivalent')} equivalent, "
              f"{m.count('survived')} survived")
    for name in m.added:
        out.print(f"added {name} to the validator's tests")


def validator_line(v: ValidatorStrength) -> str:
    where = "the smallest test of each group" if v.quick else f"{v.tests} tests"
    verdict = "[green]all rejected[/]" if v.ok else f"[bold red]{v.accepted} not rejected[/]"
    return f"validator: {v.tried} invalid inputs made from {where}, {v.rejected} rejected; {verdict}"


def show_validator(v: ValidatorStrength) -> None:
    for e in v.escapes:
        how = {"accepted": "accepted", "crashed": "crashed on"}[e.outcome]
        out.print(f"[bold red]validator {how}[/] {e.count} input(s) with {e.kind} "
                  f"(group {e.group}, bounds {e.bounds}"
                  + (f"; also under the bounds of {', '.join(e.also)}" if e.also else "")
                  + f"); the smallest, from {e.test}:")
        out.print(f"  input: {e.data!r}", markup=False)
        out.print(f"  breaks: {e.rule}", markup=False)
        if e.message:
            out.print(f"  validator: {e.message}", markup=False)
    out.print(validator_line(v))


def checker_line(c: CheckerStrength) -> str:
    """One line, honest about what was measured: "sound" only when changed answers were tried and all
    rejected; with unique_answers: false only the declared cases were run, and the line says so."""
    if c.interactive:
        return "checker: none (interactive: the interactor judges; nothing to measure)"
    parts = []
    if c.changed is not None:
        parts.append(f"{c.changed} changed answers, {c.changed_rejected} rejected")
        parts.append(f"{c.variants} allowed variants, {c.variants_accepted} accepted")
    else:
        parts.append("answers are not unique: perturbations skipped")
    parts.append(f"{c.declared} declared cases, {c.declared_ok} as declared")
    if not c.ok:
        verdict = f"[bold red]{len(c.failures)} failure(s)[/]"
    elif c.changed is not None:
        verdict = "[green]sound[/]"
    elif c.declared:
        verdict = "[yellow]declared cases only[/] (list more in checkers/tests.yaml)"
    else:
        verdict = "[yellow]not measured[/] (no cases in checkers/tests.yaml)"
    return "checker: " + "; ".join(parts) + f"; {verdict}"


def show_checker(c: CheckerStrength) -> None:
    for f in c.failures:
        said(f"checker {f.verdict} ", "bold red", f"{f.what} on {f.test}:", to=out)   # the package's text
        for label, data in (("input", f.input), ("answer", f.answer), ("output", f.output)):
            text = data if len(data) <= 200 else data[:200] + b"..."
            out.print(f"  {label}: {text!r}", markup=False)
        out.print(f"  checker: {f.message or '(no message)'}", markup=False)
    out.print(checker_line(c))


def data_line(report: Any) -> tuple[str, dict[str, Any]]:
    """The data's strength: how many of the solutions that must fail (Solution.must_fail) some test kills,
    and the smallest killing set."""
    wrong = [r for r in report.rows if r.solution.must_fail]
    killed = sum(bool(r.kills) for r in wrong)
    if report.quick:
        line = "data: not measured (wrong solutions stopped at their first failure; --full measures it)"
    else:
        line = (f"data: {killed} of {len(wrong)} wrong solutions killed; smallest killing set "
                f"{len(report.killing_set)} tests (mutation score: `ojpack strength`)")
    return line, {"wrong": len(wrong), "killed": killed, "killing_set": len(report.killing_set)}


def validator_figures(problem: Any, workers: int | None,
                      gate: Any = None) -> tuple[str, dict[str, Any] | None]:
    """`ojpack check`'s validator line and its JSON (None when not measured): the quick strength, its runs
    holding `gate` (a side turn when it runs beside the check's runs)."""
    from ..errors import OjpackError
    from ..strength import GrammarError, validator_strength

    try:
        v = validator_strength(problem, quick=True, workers=workers, gate=gate)
        return validator_line(v) + ("" if v.ok else "; details: `ojpack strength --validator`"), v.to_json()
    except GrammarError:
        return "validator: not measured (no `grammar:` in problem.yaml to make invalid inputs from)", None
    except OjpackError as e:
        return f"validator: not measured ({e})", None


def check_figures(problem: Any, report: Any, workers: int | None,
                  validator: tuple[str, dict[str, Any] | None] | None = None) -> tuple[list[str], dict[str, Any], bool]:
    """`ojpack check`'s three strength lines (data, validator, checker: quick versions, results cached), their
    JSON and whether the declared checker cases hold (the only part that can fail the check). `validator`:
    validator_figures' result when it was had beside the check."""
    from ..errors import OjpackError
    from ..strength import checker_strength

    line, data = data_line(report)
    lines = [line]
    figures: dict[str, Any] = {"data": data}
    v_line, v_json = validator if validator is not None else validator_figures(problem, workers)
    lines.append(v_line)
    if v_json is not None:
        figures["validator"] = v_json
    ok = True
    try:
        c = checker_strength(problem, quick=True, workers=workers)
        wrong_cases = [f for f in c.failures if f.what.startswith("declared case")]
        ok = not wrong_cases
        lines.append(checker_line(c) + ("" if c.ok else "; details: `ojpack strength --checker`"))
        lines += [f"  [red]•[/] {f.what}: the checker {f.verdict} (output {f.output[:60]!r}; "
                  f"checker: {f.message or 'no message'})" for f in wrong_cases]
        figures["checker"] = c.to_json()
    except OjpackError as e:
        lines.append(f"checker: not measured ({e})")
        ok = "checkers/tests.yaml" not in str(e)
    return lines, figures, ok
