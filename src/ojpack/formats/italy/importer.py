"""A CMS italy_yaml / task-maker task → an `Imported` description.

The tests are input/input<i>.txt with output/output<i>.txt when the task ships them (CMS's loader reads
those), else gen/GEN's lines run with the task's generator (gen/generatore.* or gen/generator.*) or
copied (`#COPY:`). Subtask points scale to 100; without `#ST:` every test earns an equal share.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...errors import OjpackError
from ...problem import load_yaml
from ..common import tex
from ..common.points import summed_subtask
from ..common.submissions import runnable
from ..common.placeholder import permissive_validator
from ..common.writer import Imported, SolutionIn, TestIn, fill_names, safe_name, scale_scores
from . import annotations, checker, gen, tasktype
from .validator import adapter, cpp_adapter

GENERATOR = re.compile(r"(generatore|generator)\.[a-z0-9]+$")
VALIDATOR = re.compile(r"(valida|validator)\.[a-z0-9]+$")
ST_BOUND = "ST"
PREFERRED = [".cpp", ".cc", ".c", ".py", ".java", ".rs", ".go", ".pas"]   # the official solution's language, by speed


def is_task(root: Path) -> bool:
    return (root / "task.yaml").is_file() or (root / "task.yaml.orig").is_file() or \
        ((root / "gen" / "GEN").is_file() and (root / "sol").is_dir())


def read(root: Path) -> Imported:
    meta = _meta(root)
    short = re.sub(r"[^a-z0-9]", "", str(meta.get("name") or root.name).lower()) or "task"
    imp = Imported("italy_yaml", short, {}, {}, [], [], [], "", "")
    imp.limits = {"time": float(meta.get("time_limit") or 1.0), "memory": int(float(meta.get("memory_limit") or 256))}
    if not meta.get("time_limit"):
        imp.note("task.yaml gives no time_limit: 1 s")
    # task.yaml (CMS's) defaults to input.txt / output.txt, task-maker's task.yaml.orig to standard input /
    # output (""), as CMS's loader and task-maker read them
    orig = (root / "task.yaml.orig").is_file()
    infile = str(meta.get("infile", "" if orig else "input.txt") or "")
    outfile = str(meta.get("outfile", "" if orig else "output.txt") or "")
    if infile or outfile:
        imp.io = {**({"input": infile} if infile else {}), **({"output": outfile} if outfile else {})}
    kind = tasktype.kind_of(root, meta)
    if meta.get("title"):
        imp.names = {"en": str(meta["title"])}
    groups = _tests(root, meta, imp)
    tasktype.apply(root, meta, kind, imp)
    if kind not in ("communication", "controller"):   # check/ holds the manager (or controller), which judges
        _checker(root, imp)
    _validator(root, imp)
    _solutions(root, groups, imp, tasktype.linked_names(root, kind), kind)
    _statement(root, imp)
    imp.names = fill_names(imp.names, imp)
    imp.took("task.yaml.orig" if orig else "task.yaml", "read: name, title, limits, infile/outfile → problem.yaml")
    return imp


def _meta(root: Path) -> dict[str, Any]:
    path = root / "task.yaml.orig"   # task-maker reads it first: task.yaml may be the one it wrote for CMS
    path = path if path.is_file() else root / "task.yaml"
    if not path.is_file():
        return {}
    raw = load_yaml(path.read_text(encoding="utf-8")) or {}
    if not isinstance(raw, dict):
        raise OjpackError(f"{path}: expected a mapping at the top level")
    return raw


def _tests(root: Path, meta: dict[str, Any], imp: Imported) -> list[str]:
    """imp.tests and imp.subtasks from gen/GEN (or input/ alone); the subtask groups, in order."""
    gen_file = root / "gen" / "GEN"
    inputs = sorted((root / "input").glob("input*.txt"), key=lambda p: int(re.sub(r"\D", "", p.name) or 0))
    if gen_file.is_file():
        plan = gen.parse(gen_file.read_text(encoding="utf-8"))
        imp.notes += plan.notes
        imp.took("gen/GEN", "read: the subtasks and each test's generator line or copy → problem.yaml")
    elif inputs:
        plan = gen.GenPlan([gen.GenSubtask(100.0, None, [gen.GenTest(i, None) for i in range(len(inputs))])], True, [])
    else:
        raise OjpackError(f"{root}: neither gen/GEN nor input/: the task has no tests")
    total = sum(len(s.tests) for s in plan.subtasks)
    shipped = len(inputs) == total and total > 0
    if inputs and not shipped:
        imp.note(f"input/ holds {len(inputs)} files but gen/GEN makes {total} tests: the tests are generated")
    generator = next((p for p in sorted((root / "gen").glob("*")) if GENERATOR.match(p.name)), None)
    if not shipped:
        _generators(root, generator, imp)
    names: list[str] = []
    try:
        holds = gen.held(plan)
    except ValueError as e:
        raise OjpackError(f"{root}: {e}") from None
    for k, (sub, tests) in enumerate(zip(plan.subtasks, holds), start=1):
        group = safe_name(sub.name or "", f"st{k}") if sub.name else f"st{k}"
        group = group if group not in names and group != "sample" else f"st{k}"
        names.append(group)
        for t in tests:   # #STDEP: a dependency's tests are this subtask's too (built once per subtask)
            imp.tests.append(_test(root, group, t, shipped, generator, imp))
    points = [(g, s.points) for g, s in zip(names, plan.subtasks)]
    if plan.summed:
        points = [(names[0], float(meta.get("total_value") or 100))]
    imp.subtasks = scale_scores(points, imp)
    if plan.summed:
        summed_subtask(imp.subtasks[0], imp.tests)
    return names


def _generators(root: Path, generator: Path | None, imp: Imported) -> None:
    if generator is None:
        return
    for f in sorted((root / "gen").glob("*")):   # the generator and what it imports (limiti.py, ...)
        if f.is_file() and f.name != "GEN":
            imp.files[f"generators/{f.name}"] = f.read_bytes()


def _test(root: Path, group: str, t: gen.GenTest, shipped: bool, generator: Path | None, imp: Imported) -> TestIn:
    name = f"test-{t.index:02d}"
    out = root / "output" / f"output{t.index}.txt"
    answer = out.read_bytes() if out.is_file() else None
    if answer is not None:
        imp.took(f"output/{out.name}", f"the answer of test {group}/{name}: compared with the model solution's")
    if shipped:
        rel = f"input/input{t.index}.txt"
        return TestIn(group, name, rel, (root / rel).read_bytes(), answer)
    if t.copy is not None:
        path = (root / t.copy).resolve()
        if not path.is_relative_to(root.resolve()) or not path.is_file():
            raise OjpackError(f"{root}: gen/GEN copies {t.copy}, which is not a file of the task")
        return TestIn(group, name, t.copy, path.read_bytes(), answer)
    if generator is None:
        raise OjpackError(f"{root}: gen/GEN has generator lines but gen/ has no generatore.* or generator.*")
    return TestIn(group, name, f"gen/GEN #{t.index}", None, answer,
                  gen=" ".join([generator.name, *(_quoted(a) for a in t.args or [])]))


def _quoted(arg: str) -> str:
    return arg if re.fullmatch(r"[\w.,:=+-]+", arg) else "'" + arg.replace("'", "'\\''") + "'"


def _validator(root: Path, imp: Imported) -> None:
    found = next((p for p in sorted((root / "gen").glob("*")) if VALIDATOR.match(p.name)), None)
    if found is None:
        imp.validator = permissive_validator(imp)
        return
    if found.suffix in (".cpp", ".cc"):
        header = f"{found.stem}_task.h"   # beside the adapter, byte for byte, with the headers it includes
        for f in sorted((root / "gen").glob("*")):
            if f.is_file() and f.suffix in (".h", ".hpp"):
                imp.files[f"validators/{f.name}"] = f.read_bytes()
        imp.files[f"validators/{header}"] = found.read_bytes()
        imp.files["validators/validate.cpp"] = cpp_adapter(f"gen/{found.name}", header)
        imp.validator = "validators/validate.cpp"
    elif found.suffix == ".py":
        for f in sorted((root / "gen").glob("*.py")):   # the validator and the limits it imports (limiti.py)
            imp.files[f"validators/{f.name}"] = f.read_bytes()
        imp.files["validators/validate.py"] = adapter(found.name)
        imp.validator = "validators/validate.py"
    else:   # never an accept-all validator in place of the package's own
        raise OjpackError(f"{root}: gen/{found.name}: task-maker validators in {found.suffix} (not Python or "
                          "C++) cannot be carried over yet")
    imp.took(f"gen/{found.name}", "the validator, kept byte for byte behind an adapter")
    n = len(imp.subtasks)
    imp.bounds[ST_BOUND] = {"min": 0, "max": n, "doc": "the subtask the validator is told (task-maker's, from 1)"}
    for k, s in enumerate(imp.subtasks, start=1):
        s.bounds[ST_BOUND] = {"min": k, "max": k}


def _checker(root: Path, imp: Imported) -> None:
    """cor/correttore.cpp (task-maker) or check/checker.cpp (CMS), with CMS's protocol; a checker in another
    language, or only as a binary, is refused in one line."""
    found = [p for p in (root / "cor" / "correttore.cpp", root / "check" / "checker.cpp") if p.is_file()]
    if not found:
        if any((root / d).is_dir() for d in ("cor", "check")):
            raise OjpackError(f"{root}: a checker ojpack cannot build (cor/ or check/ holds no correttore.cpp or "
                              "checker.cpp source)")
        return
    path = found[0]
    rel = "/".join(path.parts[-2:])
    header = f"{path.stem}_cms.h"
    imp.files[f"validators/checker/{header}"] = path.read_bytes()
    imp.files["validators/checker/check.cpp"] = checker.adapter(rel, header)
    for h in sorted(path.parent.glob("*.h")):   # headers it includes
        imp.files[f"validators/checker/{h.name}"] = h.read_bytes()
    imp.checker = {"type": "program", "source": "validators/checker/check.cpp", "convention": "kattis"}
    imp.took(rel, "the checker (CMS protocol): validators/checker/, run through an adapter in Kattis's convention")


def _solutions(root: Path, groups: list[str], imp: Imported, linked: set[str], kind: str) -> None:
    """sol/'s programs (not the grader's or stubs' files) with their expectations; an output-only task's are
    its solvers, and without any its output/ files are the answers."""
    sol = root / "sol"
    files = sorted(p for p in sol.glob("*") if p.is_file() and not p.name.startswith(".")
                   and p.name not in linked) if sol.is_dir() else []
    for path in files:
        rel = f"sol/{path.name}"
        name, why = runnable(path)
        if name is None:
            imp.note(f"{rel}: {why}; left out")
            continue
        data = path.read_bytes()
        expect = annotations.expectations(data, groups, imp.notes, rel)
        official = annotations.OFFICIAL.match(path.name) is not None
        if expect is None and official:
            expect = {g: ["AC"] for g in groups}
        if expect is None:
            imp.note(f"{rel}: no @check annotation: any verdict is allowed")
            verdicts = ["WA", "AC", "TLE", "RE", "MLE", "OLE", "CE"]
        else:
            verdicts = annotations.folder_verdicts(expect)
        whole = expect is not None and set(expect) == set(groups) and all(len(set(v)) == 1 for v in expect.values()) \
            and len({v[0] for v in expect.values()}) == 1
        imp.solutions.append(SolutionIn(name, data, verdicts, rel,
                                        expect=None if whole or expect is None else expect))
    accepted = [s for s in imp.solutions if s.verdicts == ["AC"] and s.expect is None]
    official = sorted((s for s in accepted if annotations.OFFICIAL.match(Path(s.origin).name)),
                      key=lambda s: PREFERRED.index(Path(s.path).suffix) if Path(s.path).suffix in PREFERRED else 99)
    model = official[0] if official else accepted[0] if accepted else None
    if model is None and kind == "output_only" and all(t.answer is not None for t in imp.tests):
        imp.note("no solver in sol/: the answers are output/'s files, as CMS judges with them")
        for rel, fate in imp.fates.items():
            if rel.startswith("output/"):
                imp.took(rel, fate.replace("compared with the model solution's", "kept (the checker's answer)"))
        return
    if model is None:
        raise OjpackError(f"{root}: no official solution (sol/soluzione.* or sol/solution.*) nor an accepted one "
                          "ojpack can run")
    imp.model = model.origin


def _statement(root: Path, imp: Imported) -> None:
    for folder in ("statement", "testo"):
        d = root / folder
        md = sorted(d.glob("*.md")) if d.is_dir() else []
        texs = sorted(d.glob("*.tex")) if d.is_dir() else []
        if md:
            body = md[0].read_text(encoding="utf-8", errors="replace").strip()
        elif texs:
            body = tex.to_markdown(texs[0].read_text(encoding="utf-8", errors="replace"), f"{folder}/{texs[0].name}",
                                   imp.notes)
        else:
            continue
        imp.files["statement/problem.en.md.j2"] = tex.template("en", {"body": body}).encode()
        for pdf in sorted(d.glob("*.pdf")):
            imp.files[f"statement/imported/{pdf.name}"] = pdf.read_bytes()
        return
