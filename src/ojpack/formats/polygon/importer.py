"""Polygon packages, as Polygon downloads them: problem.xml, files/, solutions/, statement-sections/, tests/.

Tests made by a generator command become ojpack generator lines (testlib generators seed themselves from
their arguments, so the same line gives the same bytes; the writer checks that against tests/); manual
tests, and generators ojpack cannot run, become copies. Groups become subtasks, solution tags expected
verdicts, the testlib validator a wrapped validator with Kattis exit codes.
"""

from __future__ import annotations

import math
import re
import shlex
import xml.etree.ElementTree as ET
from pathlib import Path, PurePosixPath

from ...errors import OjpackError
from ...problem import FILE_NAME
from ..common import tex
from .checkers import checker_notes
from .java import is_testlib4j, testlib4j_checker
from .langs import by_extension, polygon_language
from .windows import as_polygon_compiled, crlf_notes, with_lf, with_windows_rand
from .statement import statements
from ..common.safe import inside, numbered, parse_xml
from .testlib_run import GROUP_BOUND, adapter, interactor_adapter, plain
from ..common.points import summed_subtask
from ..common.placeholder import permissive_validator
from ..common.writer import Imported, SolutionIn, SubtaskIn, TestIn, fill_names, safe_name, scale_scores

# problem.xml's <solution tag=…> → the verdicts ojpack expects (a list = any of them, as Polygon means it).
TAGS: dict[str, list[str]] = {
    "main": ["AC"], "accepted": ["AC"], "wrong-answer": ["WA"], "presentation-error": ["WA"],
    "time-limit-exceeded": ["TLE"], "time-limit-exceeded-or-accepted": ["TLE", "AC"],
    "memory-limit-exceeded": ["MLE"], "time-limit-exceeded-or-memory-limit-exceeded": ["TLE", "MLE"],
    "rejected": ["WA", "TLE", "MLE", "RE", "OLE"],
}
# Short tag names (Polygon's UI, some .desc files) → problem.xml's.
SHORT_TAGS = {"ma": "main", "ok": "accepted", "wa": "wrong-answer", "pe": "presentation-error",
              "tl": "time-limit-exceeded", "to": "time-limit-exceeded-or-accepted", "ml": "memory-limit-exceeded",
              "tm": "time-limit-exceeded-or-memory-limit-exceeded", "rj": "rejected", "fl": "failed"}
RUNNABLE = {".cpp", ".cc", ".cxx", ".c", ".py", ".java", ".kt"}
# Standard checkers that judge exactly like ojpack's token compare (case-sensitive / not): ncmp reads
# canonical integers (no sign, leading zero or "-0" that token comparison would let differ), yesno/nyesno
# YES/NO in any case. Every other one (lcmp's lines, rcmp/fcmp/hcmp's numbers, …) runs as the package's program.
TOKEN_CHECKERS = {"std::wcmp.cpp": True, "std::ncmp.cpp": True, "std::yesno.cpp": False, "std::nyesno.cpp": False}


def read(root: Path) -> Imported:
    xml = parse_xml(root / "problem.xml")
    for el in xml.iter():   # every file problem.xml names must be inside the package
        if el.get("path") is not None:
            inside(root, el.get("path", ""), f"problem.xml: <{el.tag} path=…>")
    notes: list[str] = []
    short = safe_name(xml.get("short-name", root.name), "problem").replace("-", "").replace("_", "") or "problem"
    judging = xml.find("judging")
    if judging is None or not judging.findall("testset"):
        raise OjpackError(f"{root / 'problem.xml'}: no <judging><testset>: not a Polygon package")
    sets = judging.findall("testset")
    ts = next((t for t in sets if t.get("name") == "tests"), sets[0])
    for other in sets:
        if other is not ts:
            notes.append(f"testset {other.get('name')!r} not imported (ojpack has one test set; "
                         f"{ts.get('name')!r} was taken)")
    imp = Imported("polygon", short, {}, {}, [], [], [], "", "", notes=notes)
    imp.took("problem.xml", "read: names, limits, tests, groups, tags, validator and checker → problem.yaml")
    imp.io = _file_io(judging)
    imp.source = {"name": "Polygon", **({"url": xml.get("url")} if xml.get("url") else {})}
    imp.names = fill_names({tex.LANGS.get(n.get("language", ""), n.get("language", "")): n.get("value", "")
                            for n in xml.findall("names/name")}, imp)
    time_ms = int(ts.findtext("time-limit") or 1000)
    mem = int(ts.findtext("memory-limit") or 256 << 20)
    imp.limits = {"time": time_ms / 1000, "memory": math.ceil(mem / (1 << 20))}
    gens = _executables(xml)
    # headers the sources may include: the listed resources, and any header in files/ (older packages)
    listed = [root / p for p in _resources(xml)] + sorted((root / "files").glob("*.h*"))
    headers = {p.name: p.read_bytes() for p in listed if p.suffix in (".h", ".hpp") and p.is_file()}
    groups = _tests(root, ts, gens, headers, imp)
    _solutions(root, xml, imp)
    _validator(root, xml, headers, (ts.get("name") or "tests", groups), imp)
    if xml.find("assets/interactor") is not None:
        if imp.io:   # the solution talks with the interactor over its standard streams
            imp.note(f"file input/output ({', '.join(imp.io.values())}) of an interactive problem: not imported")
            imp.io = {}
        _interactor(root, xml, headers, imp)   # its verdict alone counts: the checker is not imported
    else:
        _checker(root, xml, headers, imp)
    statements(root, imp)
    return imp


def _file_io(judging: ET.Element) -> dict[str, str]:
    """problem.yaml's io from `<judging input-file="game.in" output-file="game.out">` ("": the stream)."""
    io = {}
    for attr, key in (("input-file", "input"), ("output-file", "output")):
        name = judging.get(attr, "").strip()
        if name and not FILE_NAME.match(name):
            raise OjpackError(f"problem.xml: <judging {attr}={name!r}>: not a plain file name ojpack can give a "
                              "solution (letters, digits, _ . + -; no folder)")
        if name:
            io[key] = name
    return io


def _executables(xml: ET.Element) -> dict[str, str]:
    """Generator name (as commands call it) → its source path in the package."""
    out = {}
    for src in xml.findall("files/executables/executable/source"):
        path = src.get("path", "")
        out[PurePosixPath(path).stem] = path
    return out


def _resources(xml: ET.Element) -> list[str]:
    return [f.get("path", "") for f in xml.findall("files/resources/file")]


def _tests(root: Path, ts: ET.Element, gens: dict[str, str], headers: dict[str, bytes], imp: Imported) -> list[str]:
    """Fill imp's tests and subtasks; give the Polygon group of each subtask, in order."""
    in_pat = ts.findtext("input-path-pattern") or "tests/%02d"
    ans_pat = ts.findtext("answer-path-pattern") or "tests/%02d.a"
    group_el = {g.get("name", ""): g for g in ts.findall("groups/group")}
    tests = ts.findall("tests/test")
    order: list[str] = []                       # Polygon group names in order of first use
    members: dict[str, list[TestIn]] = {}
    every: dict[str, list[TestIn]] = {}        # Polygon group → all its tests, samples included
    crlf_inputs: list[int] = []
    crlf_answers: list[int] = []
    for i, t in enumerate(tests, start=1):
        origin = numbered(in_pat, i, "problem.xml: input-path-pattern")
        in_path = inside(root, origin, "problem.xml: input-path-pattern")
        ans_rel = numbered(ans_pat, i, "problem.xml: answer-path-pattern")
        ans_path = inside(root, ans_rel, "problem.xml: answer-path-pattern")
        data = in_path.read_bytes() if in_path.is_file() else None
        answer = ans_path.read_bytes() if ans_path.is_file() else None
        if answer is not None:
            imp.took(ans_pat % i, "an answer: compared with the model solution's (ojpack's answers are its output)")
        data, crlf = with_lf(data)
        if crlf and t.get("method") == "generated":
            crlf_inputs.append(i)
        elif crlf:   # Polygon keeps a manual test's lines with LF
            imp.note(f"test {i} ({origin}): a manual test with CRLF line ends, stored with LF as Polygon stores it")
        answer, crlf = with_lf(answer)
        crlf_answers += [i] if crlf else []
        gen = _gen_line(t, i, gens, root, headers, imp) if t.get("method") == "generated" else None
        if gen is None and data is None:
            imp.note(f"test {i}: {'`' + t.get('cmd', '') + '` cannot run here and ' if t.get('cmd') else ''}"
                     f"the package has no {origin}: the test is left out")
            continue
        if gen and data is None:
            imp.note(f"test {i}: the package has no {origin}, so `{t.get('cmd')}` was not compared with Polygon's")
        name = f"test-{i:02d}"
        group = t.get("group", "")
        every.setdefault(group, []).append(TestIn("", name, origin, data, answer, gen))
        if t.get("sample") == "true":
            imp.tests.append(TestIn("sample", name, origin, data, answer, gen))
            points = float(group_el[group].get("points", 0) or 0) if group in group_el else 0.0
            if not group or points == 0 and group_el.get(group, ET.Element("g")).get("points-policy") != "each-test":
                continue   # a sample in a worthless group is only a sample
        if group not in members:
            order.append(group)
            members[group] = []
        members[group].append(TestIn("", name, origin, data, answer, gen))
    crlf_notes(crlf_inputs, crlf_answers, imp)
    return _groups(order, members, every, group_el, tests, imp)


def _gen_line(t: ET.Element, i: int, gens: dict[str, str], root: Path, headers: dict[str, bytes],
              imp: Imported) -> str | None:
    cmd = t.get("cmd", "")
    words = cmd.split()
    why = ""
    if not words or words[0] not in gens:
        why = f"its generator {words[0] if words else '(none)'!r} is not among the package's executables"
    elif t.get("from-file") or any(w in (">", "<", "|") or "$" in w for w in words):
        why = "it writes several tests at once (ojpack runs one generator per test)"
    elif PurePosixPath(gens[words[0]]).suffix not in RUNNABLE:
        why = f"ojpack cannot run {gens[words[0]]}"
    elif re.search(r"\{[A-Za-z_]\w*\.(min|max)\}", cmd):
        why = "its arguments look like ojpack placeholders"
    if why:
        imp.note(f"test {i} (`{cmd}`): copied from the package's file: {why}")
        return None
    src = PurePosixPath(gens[words[0]])
    if not (root / src).is_file():
        imp.note(f"test {i} (`{cmd}`): copied: the package has no {src}")
        return None
    source = (root / src).read_bytes()
    imp.files[f"generators/{src.name}"] = with_windows_rand(source) if src.suffix in (".c", ".cpp", ".cc") else source
    if imp.files[f"generators/{src.name}"] != source:
        imp.took(str(src), f"copied to generators/{src.name} with lines before it that give it the rand() of "
                           "Polygon's Windows C library (msvcrt), not glibc's")
    for name, data in headers.items():
        imp.files[f"generators/{name}"] = data
    return shlex.join([src.name, *words[1:]])


def _groups(order: list[str], members: dict[str, list[TestIn]], every: dict[str, list[TestIn]],
            group_el: dict[str, ET.Element], tests: list[ET.Element], imp: Imported) -> list[str]:
    """Polygon groups → subtasks. Worthless groups lend their tests to the next scored one; a group's
    dependencies lend it theirs (repeated), so that it scores only when they pass, as in Polygon."""
    if not order:
        raise OjpackError("the Polygon test set has no tests besides the samples: nothing to judge")
    raw = {f"test-{i:02d}": float(t.get("points", 0) or 0) for i, t in enumerate(tests, start=1)}
    points: dict[str, float] = {}
    summed: set[str] = set()   # each-test groups, and tests without a group carrying their own points: sum subtasks
    for g in order:
        el = group_el.get(g)
        if el is None and g or el is not None and el.get("points-policy") != "each-test":
            points[g] = float(el.get("points", 0) or 0) if el is not None else 0.0
            continue
        points[g] = sum(raw[t.name] for t in members[g])
        summed |= {g} if points[g] > 0 else set()
    scored = [g for g in order if points[g] > 0] or [order[-1]]
    if not any(points.values()):
        points[order[-1]] = 100.0
        if len(order) > 1 or order[0]:
            imp.note("no group carries points: all tests form one subtask worth 100")
    names: dict[str, str] = {}
    for g in scored:
        base = safe_name(g, "main") if g else "main"
        base = "group-sample" if base == "sample" else base
        name, n = base, 1
        while name in names.values():
            n += 1
            name = f"{base}-{n}"
        names[g] = name
    for idx, g in enumerate(order):
        target = g if g in names else next((h for h in order[idx:] if h in names), scored[-1])
        if target != g:
            imp.note(f"group {g or '(none)'!r} is worth no points: its tests join subtask {names[target]!r}")
        for t in members[g]:
            t.group = names[target]
    subtasks = scale_scores([(names[g], points[g] or 1.0) for g in scored], imp)
    imp.subtasks = subtasks
    for g, sub in zip(scored, subtasks):
        own = [t for h in order for t in members[h] if t.group == names[g]]
        need = _needs(g, group_el) - {g}
        if g in summed:   # each test earns its own points: nothing to lend, a dependency cannot hold them back
            mine = {t.name for t in members[g]}
            summed_subtask(sub, own, [raw[t.name] if t.name in mine else 0.0 for t in own])
            imp.notes += [f"group {g!r}: its dependency on {', '.join(repr(d) for d in sorted(need))} is not carried "
                          "over (in ojpack's sum subtask each test earns its points on its own)"] if need else []
            imp.tests.extend(own)
            continue
        have = {t.name for t in own}
        lent = [TestIn(names[g], t.name, t.origin, t.input, t.answer, t.gen)
                for d in every if d in need for t in every[d] if t.name not in have]
        if lent:
            imp.note(f"group {g!r} depends on {', '.join(repr(d) for d in sorted(need))}: their {len(lent)} test(s) "
                     f"are repeated in subtask {names[g]!r}, so it scores only when they pass too")
        imp.tests.extend(lent + own)
    return scored


def _needs(group: str, group_el: dict[str, ET.Element]) -> set[str]:
    """The group and every group it depends on, directly or not (a cycle stops the walk)."""
    seen, todo = set(), [group]
    while todo:
        g = todo.pop()
        if g in seen:
            continue
        seen.add(g)
        el = group_el.get(g)
        todo += [d.get("group", "") for d in (el.findall("dependencies/dependency") if el is not None else [])]
    return seen


def _tagged(root: Path, xml: ET.Element, imp: Imported) -> list[tuple[str, PurePosixPath, str]]:
    """(tag, path, source type) per solution: problem.xml's <solution tag=…>, then any solutions/*.desc
    ("Tag: MA" / "Tag: MAIN" lines) for a file problem.xml does not list."""
    out = []
    for sol in xml.findall("assets/solutions/solution"):
        src = sol.find("source")
        out.append((sol.get("tag", ""), PurePosixPath(src.get("path", "") if src is not None else ""),
                    src.get("type", "") if src is not None else ""))
    listed = {str(p) for _, p, _ in out}
    for desc in sorted((root / "solutions").glob("*.desc")) if (root / "solutions").is_dir() else []:
        path = PurePosixPath("solutions", desc.name.removesuffix(".desc"))
        m = re.search(r"(?mi)^tag\s*:\s*(\S+)", desc.read_text(encoding="utf-8", errors="replace"))
        imp.took(f"solutions/{desc.name}", "read for its tag")
        if m and str(path) not in listed:
            tag = m.group(1).lower().replace("_", "-")
            out.append((SHORT_TAGS.get(tag, tag), path, ""))
    return out


def _solutions(root: Path, xml: ET.Element, imp: Imported) -> None:
    for tag, path, kind in _tagged(root, xml, imp):
        if tag not in TAGS:
            imp.note(f"{path}: tag {tag!r} has no ojpack verdict; the solution is not imported")
            imp.took(str(path), f"not carried over: tag {tag!r} has no ojpack verdict")
            continue
        # the language is the source type's (a .pl is Perl there); a .desc-only file's is its extension's
        lang, what = polygon_language(kind) if kind else (by_extension(path), f"'{path.suffix}'")
        why = ("missing from the package" if not (root / path).is_file() else None if lang else
               f"Polygon runs it as {what}, which ojpack cannot run" if kind else f"ojpack cannot run {what} files")
        if why:   # Python 2 too: raw_input, xrange, print statements fail as Python 3
            imp.took(str(path), f"not carried over: {why}")
            imp.note(f"{path} ({tag}): {why}; not imported")
            continue
        if tag == "presentation-error":
            imp.note(f"{path}: presentation-error is judged WA by ojpack")
        sol = SolutionIn(path.name, (root / path).read_bytes(), TAGS[tag], str(path),
                         lang if lang != by_extension(path) else None)
        imp.solutions.append(as_polygon_compiled(sol, kind, imp))
        if tag == "main":
            imp.model = str(path)
    if not imp.model:
        first = next((s for s in imp.solutions if s.verdicts == ["AC"]), None)
        if first is None:
            raise OjpackError("the Polygon package has no main or accepted solution that ojpack can run")
        imp.model = first.origin
        imp.note(f"no solution tagged main: {first.origin} is the model solution")


def _validator(root: Path, xml: ET.Element, headers: dict[str, bytes], testset: tuple[str, list[str]],
               imp: Imported) -> None:
    """The testlib validator, as it is, beside an adapter told the testset's name and its groups."""
    name, groups = testset
    src = xml.find("assets/validators/validator/source")
    if src is None:
        src = xml.find("assets/validator/source")
    others = xml.findall("assets/validators/validator")[1:]
    if others:
        imp.note(f"{len(others)} more validator(s) not imported: ojpack runs one")
    path = PurePosixPath(src.get("path", "")) if src is not None else None
    if path is None or not (root / path).is_file() or path.suffix not in (".cpp", ".cc", ".cxx"):
        if path is not None and (root / path).is_file():   # never an accept-all one in place of the package's
            raise OjpackError(f"{path}: a validator in another language than C++ cannot be carried over")
        if path is not None:
            imp.note(f"{path}: the validator is not in the package; validators/validate.py accepts every input")
        imp.validator = permissive_validator(imp)
        return
    # the source byte for byte, as a header beside the adapter (compiled with the headers beside it)
    header = plain(f"{path.name}.h").replace("/", "_")
    imp.files[f"validators/{header}"] = (root / path).read_bytes()
    named = [g for g in groups if g]
    imp.files["validators/validate.cpp"] = adapter(str(path), header, named, name).encode()
    for name, data in headers.items():
        imp.files[f"validators/{name}"] = data
    imp.validator = "validators/validate.cpp"
    if named:   # each subtask's bound names its Polygon group, which the adapter passes as --group
        imp.bounds[GROUP_BOUND] = {"min": 0, "max": len(named),
                                   "doc": "the Polygon group the validator is told (--group); 0: none"}
        index = {g: i for i, g in enumerate(named, start=1)}
        imp.subtasks = [SubtaskIn(s.group, s.score, {**s.bounds, GROUP_BOUND: {"min": index[g], "max": index[g]}}, s.aggregation)
                        if g in index else s for s, g in zip(imp.subtasks, groups)]


def _checker(root: Path, xml: ET.Element, headers: dict[str, bytes], imp: Imported) -> None:
    el = xml.find("assets/checker")
    if el is None:
        return
    name = el.get("name", "")
    if name in TOKEN_CHECKERS:
        imp.checker = {"type": "tokens", "case_sensitive": TOKEN_CHECKERS[name]}
        if el.find("source") is not None:
            imp.took(el.find("source").get("path", ""), f"the standard checker {name}: ojpack's token rule "
                     f"({'case-sensitive' if TOKEN_CHECKERS[name] else 'any case'}), which judges the same")
        return
    src = el.find("source")
    path = PurePosixPath(src.get("path", "")) if src is not None else None
    if path is None or not (root / path).is_file():
        imp.note(f"checker {name or '(custom)'}: its source is not in the package; ojpack compares tokens")
        return
    imp.notes += checker_notes(path, (root / path).read_bytes())
    if is_testlib4j(path, (root / path).read_bytes()) and testlib4j_checker(root, path, _resources(xml), imp):
        return
    # its own folder: a checker named like the validator (validate.cpp) must not overwrite it
    imp.files[f"validators/checker/{path.name}"] = (root / path).read_bytes()
    for h, data in headers.items():
        imp.files[f"validators/checker/{h}"] = data
    imp.checker = {"type": "program", "source": f"validators/checker/{path.name}", "convention": "testlib"}


def _interactor(root: Path, xml: ET.Element, headers: dict[str, bytes], imp: Imported) -> None:
    """A testlib interactor, kept byte for byte beside an adapter to ojpack's (Kattis's) convention."""
    src = xml.find("assets/interactor/source")
    path = PurePosixPath(src.get("path", "")) if src is not None else None
    if path is None or path.suffix not in (".cpp", ".cc", ".cxx") or not (root / path).is_file():
        raise OjpackError(f"{root}: an interactive problem whose interactor is not a C++ source in the package")
    header = plain(f"{path.name}.h").replace("/", "_")
    imp.files[f"interactor/{header}"] = (root / path).read_bytes()
    imp.files["interactor/interact.cpp"] = interactor_adapter(str(path), header).encode()
    for name, data in headers.items():
        imp.files[f"interactor/{name}"] = data
    imp.interactor = "interactor/interact.cpp"
    imp.note(f"interactive: {path} runs as it is through interactor/interact.cpp; its verdict alone counts: "
             f"the checker Polygon runs on the interactor's output is not run")
    for t in imp.tests:   # ojpack's interactive answers are empty: the source's are not compared
        t.answer = None
