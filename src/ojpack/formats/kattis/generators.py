"""BAPCtools' `generators/generators.yaml` → ojpack plan lines, so that `ojpack build` makes the inputs
`bt generate` makes.

The rules followed (BAPCtools' generate.py, read for facts):
- `data:` of a directory is a mapping (its keys taken in sorted order, except at the top: sample, secret) or a
  list of one-key mappings, which numbers its test cases `NN-key` with one counter over the whole file, as
  wide as the number of numbered cases; a value is a test case when it is a string (a `generate` command, or
  `x.in`: a copy), null, or a mapping with generate / copy / in / ans / count; else a directory.
- `count: N` (or a list, or `LO..=HI`) repeats a case as `name-V`, `{count}` becoming V.
- `{seed}` / `{seed:K}` become int(sha512(random_salt + (":" + str(V - 1) if V != 1) + command.strip()), 16)
  mod 2^31, the command taken after `{count}` is filled in; `random_salt` is inherited from the enclosing
  directories and the file's top.
- the command's program is relative to generators/ (or `/generators/...` from the package root), and its
  standard output is the input, which is also how ojpack runs a plan line. A program may be a folder, whose
  sources BAPCtools compiles together: one source beside its headers (NWERC's `random/random.cpp` +
  `validate.h`) is run as that file, the headers found beside it.
- `{name}` becomes `testcase`, as BAPCtools runs it: a generator may write testcase.in instead of printing.
- `include: [key]` copies an earlier case, or every test of an earlier directory, into the directory (after
  its own cases, under their own names).
- `generators: {NAME: [FILE, ...]}` defines the program NAME made of those files (paths below generators/, the
  main one first), which BAPCtools links flat into one build folder: a command naming NAME runs that program.
  One source among headers that sit beside it runs as that file; otherwise the files are gathered into
  `generators/programs/NAME/` and joined as a submission of several files is (multifile.assemble).
What cannot be carried (a program outside generators/, a `generators:` entry whose files are missing or lie
outside the package, an unknown or ambiguous `include:`) is named in the report; such a case is left out.
"""

from __future__ import annotations

import hashlib
import itertools
import re
from pathlib import Path
from typing import Any, Sequence

import yaml

from ...errors import OjpackError
from ...problem import load_yaml as load_plain_yaml
from ...sandbox import is_source
from ..common.langcodes import KATTIS_RUNS_AS
from .constants import read_constants, substitute
from .multifile import Made, assemble
from .scores import group_score, summed
from .testargs_import import Args, over, settings_args
from ..common.writer import Imported, TestIn, safe_name

SEED = re.compile(r"\{seed(:[0-9]+)?\}")
CASE_KEYS = ("copy", "generate", "count", "match", "in", "ans", "out", "hint", "desc", "yaml", "interaction")
RANGE = re.compile(r"^(-?\d+)\.\.=(-?\d+)$")


def seed_of(command: str, salt: str, count_value: int) -> int:
    value = salt + (f":{count_value - 1}" if count_value != 1 else "") + command.strip()
    return int(hashlib.sha512(value.encode()).hexdigest(), 16) % 2**31


def is_case(node: Any) -> bool:
    return node is None or isinstance(node, str) or (isinstance(node, dict) and any(k in node for k in CASE_KEYS))


MAX_COUNT = 10_000   # tests one `count:` may make; a hostile 10**9 would never finish


def counts(node: Any) -> list[int]:
    raw = node.get("count") if isinstance(node, dict) else None
    values: Sequence[Any] = [1]
    if isinstance(raw, int) and not isinstance(raw, bool):
        values = range(1, raw + 1)
    elif isinstance(raw, list) and raw:
        values = raw
    elif isinstance(raw, str) and (m := RANGE.match(raw.strip())):
        values = range(int(m.group(1)), int(m.group(2)) + 1)
    if len(values) > MAX_COUNT:
        raise OjpackError(f"generators/generators.yaml: count {raw!r}: more than {MAX_COUNT} tests; refused")
    try:
        return [int(v) for v in values] or [1]
    except (TypeError, ValueError):
        raise OjpackError(f"generators/generators.yaml: count {raw!r}: not a list of integers") from None


def _entries(data: Any) -> tuple[list[tuple[str, Any]], bool]:
    """A directory's children in BAPCtools' order, and whether they are numbered."""
    if isinstance(data, dict):
        return sorted(((str(k) if k is not None else "", v) for k, v in data.items()), key=lambda kv: kv[0]), False
    if isinstance(data, list):
        return [(str(k) if k is not None else "", v) for item in data if isinstance(item, dict)
                for k, v in item.items()], True
    return [], False


def _dir_names(entries: list[tuple[str, Any]], numbered: bool) -> list[str]:
    """The folder name BAPCtools gives each directory among a directory's entries (numbered `N-key`; "" for
    a case), aligned with the entries."""
    width = len(str(sum(1 for _, v in entries if not is_case(v))))
    ids = itertools.count(1)
    return ["" if is_case(v) else f"{next(ids):0{width}}-{k}" if numbered else k for k, v in entries]


def folder_settings(spec: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
    """What BAPCtools writes to each data/ folder's test_group.yaml when it generates, from the parsed
    generators.yaml (`read_plan`), by the folder's path below the package (`data/secret/1-small`): a
    directory's `test_group.yaml:` (or `testdata.yaml:`) mapping."""
    out: dict[str, dict[str, Any]] = {}

    def walk(node: Any, rel: str) -> None:
        if not isinstance(node, dict):
            return
        settings = node.get("test_group.yaml", node.get("testdata.yaml"))
        if isinstance(settings, dict):
            out[rel] = settings
        entries, numbered = _entries(node.get("data"))
        for (_, child), name in zip(entries, _dir_names(entries, numbered)):
            if name:
                walk(child, f"{rel}/{name}")

    walk(spec, "data")
    return out


def _numbered_total(node: Any) -> int:
    entries, numbered = _entries(node.get("data") if isinstance(node, dict) else None)
    return sum(len(counts(v)) if is_case(v) and numbered else _numbered_total(v) if not is_case(v) else 0
               for _, v in entries)


PROGRAMS = "programs"   # below generators/: where a `generators:` program's gathered files go


class Planner:
    def __init__(self, root: Path, imp: Imported, total: int, named: Any = None) -> None:
        self.root, self.imp = root, imp
        self.named = {str(k): v for k, v in named.items()} if isinstance(named, dict) else {}   # NAME -> files
        self.made: dict[str, str | None] = {}   # a `generators:` program -> the file its plan lines run
        self.case_ids = itertools.count(1)
        self.width = len(str(total))
        self.tests: list[TestIn] = []
        self.constants = read_constants(root)
        self.scores: dict[str, float | None] = {}   # first-level secret group → its points
        self.summed: set[str] = set()               # first-level secret groups whose tests' points add up
        self.known: dict[str, list[str]] = {}        # a case's or directory's key → where it sits (include:)
        self.located: list[tuple[str, TestIn]] = []  # (the directory a test sits in, the test)
        self.own: dict[str, tuple[Args, Args]] = {}   # a case's own `yaml:` arguments, by its origin

    def directory(self, node: dict[str, Any], path: str, group: str, salt: str, key: str,
                  args: tuple[Args, Args] = (None, None)) -> None:
        if not isinstance(node, dict):   # `data: {x: 1}`: a directory must be a mapping
            self.imp.note(f"generators.yaml: {path}: a {type(node).__name__}, not a directory or a case; left out")
            return
        salt = str(node.get("random_salt", salt))
        args = over(args, settings_args(node.get("test_group.yaml", node.get("testdata.yaml"))))
        self.known.setdefault(key, []).append(path)
        included = self.included(node.get("include"), path)
        entries, numbered = _entries(node.get("data"))
        for (key, child), sub in zip(entries, _dir_names(entries, numbered)):
            if is_case(child):
                values = counts(child)
                # BAPCtools pads the count values with zeros when they are consecutive
                pad = max(len(str(v)) for v in values) if max(values) - min(values) == len(values) - 1 else 0
                for value in values:
                    name = f"{next(self.case_ids):0{self.width}}-{key}" if numbered else key
                    name = name.strip("-") or "test"
                    if isinstance(child, dict) and "count" in child:
                        name += f"-{value:0{pad}}"
                    self.known.setdefault(key, []).append(f"{path}.{name}")
                    self.case(child, f"{path}.{name}", group, name, salt, value, args)
            else:
                if group == "secret":
                    self.group_settings(safe_name(sub, "group"), child, f"{path}.{sub}")
                # the first level under secret is ojpack's subtask group; deeper levels join it
                self.directory(child, f"{path}.{sub}", safe_name(sub, "group") if group == "secret" else group, salt,
                               key, args)
        here = {t.name for where, t in self.located if where == path}
        for t in included:   # after its own cases, under the included case's name, as BAPCtools places them
            if t.name not in here:
                here.add(t.name)
                here_args = over(args, self.own.get(t.origin, (None, None)))   # this directory's settings
                self.add(path, TestIn(group, t.name, t.origin, t.input, t.answer, t.gen, here_args[1], here_args[0]))

    def included(self, keys: Any, path: str) -> list[TestIn]:
        """The tests `include:` names: earlier cases or directories (all their tests), by key."""
        out: list[TestIn] = []
        for key in keys if isinstance(keys, list) else []:
            where = self.known.get(str(key), [])
            if len(where) != 1:
                self.imp.note(f"generators.yaml: {path}: include {key}: " + (
                    "ambiguous" if where else "no earlier case or directory has that key") + "; left out")
                continue
            out += [t for at, t in self.located if t.origin == f"generators.yaml: {where[0]}" or at == where[0]
                    or at.startswith(where[0] + ".")]
        return out

    def add(self, where: str, test: TestIn) -> None:
        self.tests.append(test)
        self.located.append((where, test))

    def group_settings(self, group: str, node: Any, where: str) -> None:
        """A first-level group's points, from its `test_group.yaml:` (or legacy `testdata.yaml:`) mapping."""
        settings = node.get("test_group.yaml", node.get("testdata.yaml")) if isinstance(node, dict) else None
        settings = settings if isinstance(settings, dict) else {}
        self.scores[group] = group_score(settings)
        if summed(settings):   # a sum subtask (common/points.py), its max_score split evenly
            self.summed.add(group)

    def case(self, node: Any, where: str, group: str, name: str, salt: str, count_value: int,
             args: tuple[Args, Args]) -> None:
        rule = {"generate": node} if isinstance(node, str) and not node.endswith(".in") else \
            {"copy": node[:-3]} if isinstance(node, str) else (node or {})
        salt = str(rule.get("random_salt", salt))
        answer = _text(rule["ans"]) if isinstance(rule.get("ans"), str) else None
        test = TestIn(group, safe_name(name, "test"), f"generators.yaml: {where}", None, answer)
        own = settings_args(rule.get("yaml"))   # the case's own test case yaml
        if own != (None, None):
            self.own[test.origin] = own
        test.validator_args, test.checker_args = over(args, own)
        if isinstance(rule.get("in"), str):
            test.input = _text(rule["in"])
        elif isinstance(rule.get("copy"), str):
            found = [p for p in (self.root / "generators" / f"{rule['copy']}.in", self.root / f"{rule['copy']}.in")
                     if p.is_file()]
            if not found:
                self.imp.note(f"generators.yaml: {where}: copy {rule['copy']}.in not found; left out")
                return
            test.input = found[0].read_bytes()
            ans = found[0].with_suffix(".ans")
            test.answer = ans.read_bytes() if ans.is_file() else test.answer
        elif isinstance(rule.get("generate"), str):
            test.gen = self.command(rule["generate"], where, salt, count_value, "count" in rule)
            if test.gen is None:
                return
        else:
            self.imp.note(f"generators.yaml: {where}: no generate, copy or in; left out")
            return
        self.add(where[:-len(name) - 1], test)   # where is the directory's path, then the case's name

    def command(self, command: str, where: str, salt: str, count_value: int, counted: bool) -> str | None:
        command = substitute(command, self.constants)   # {{constants}} first, as BAPCtools
        if "{{" in command:
            self.imp.note(f"generators.yaml: {where}: `{command}` uses an unknown {{{{constant}}}}; left out")
            return None
        if counted:
            command = command.replace("{count}", str(count_value))
        seed = seed_of(command, salt, count_value)
        program, _, args = command.strip().partition(" ")
        program = program.removeprefix("/generators/") if program.startswith("/generators/") else program
        if str(program) in self.named:
            runs = self.named_program(str(program))
        else:
            runs = None if program.startswith("/") else program_file(self.root / "generators", program)
        if runs is None:
            self.imp.note(f"generators.yaml: {where}: program {program} is not a file in generators/ that ojpack can "
                          "run (nor a folder with one source); left out")
            return None
        program = runs
        if (lang := KATTIS_RUNS_AS.get(Path(runs).suffix)) is not None and lang.startswith("cpp"):
            self.imp.program_langs[f"generators/{runs}"] = lang   # BAPCtools compiles C++ as C++23 (std::ranges)
        # {name}: the file name the generator writes (BAPCtools runs it as testcase; ojpack reads testcase.in)
        return " ".join(x for x in (program, SEED.sub(str(seed), args).replace("{name}", "testcase")) if x)


    def named_program(self, name: str) -> str | None:
        """The file below generators/ that runs the `generators:` program `name` (made once; None, named,
        when it cannot be carried)."""
        if name not in self.made:
            self.made[name] = self._make(name)
        return self.made[name]

    def _make(self, name: str) -> str | None:
        listed = self.named[name]
        if not isinstance(listed, list) or not listed or not all(isinstance(x, str) for x in listed):
            self.imp.note(f"generators.yaml: generators: {name}: not a list of files; its tests are left out")
            return None
        base, root = (self.root / "generators").resolve(), self.root.resolve()
        files = [(base / x).resolve() for x in listed]
        wrong = next((x for x, f in zip(listed, files) if not f.is_relative_to(root) or not f.is_file()), None)
        if wrong is not None:
            self.imp.note(f"generators.yaml: generators: {name}: {wrong} is not a file of the package; its tests "
                          "are left out")
            return None
        main = files[0]
        beside = all(f.parent == main.parent for f in files)
        if beside and main.is_relative_to(base) and [f for f in files if is_source(f)] == [main]:
            return main.relative_to(base).as_posix()   # compiled with the headers beside it, as BAPCtools does
        made = assemble(name, files)
        if isinstance(made, str):
            self.imp.note(f"generators.yaml: generators: {name}: {made}; its tests are left out")
            return None
        return self._gathered(name, made)

    def _gathered(self, name: str, made: Made) -> str:
        for rel, blob in made.files.items():
            self.imp.files[f"generators/{PROGRAMS}/{rel}"] = blob
        self.imp.note(f"generators.yaml: generators: {name}: {made.how.replace(name + '/', f'generators/{PROGRAMS}/{name}/')}")
        return f"{PROGRAMS}/{made.path}"


def program_file(generators: Path, program: str) -> str | None:
    """The file below generators/ a plan line runs for `program`: the file itself, or the one source of a
    folder (its headers beside it; no build/run script, which ojpack's plan lines cannot run); None if neither."""
    path = generators / program
    if path.is_file():
        return program
    if not path.is_dir() or (path / "build").exists() or (path / "run").exists():
        return None
    sources = [p for p in path.iterdir() if p.is_file() and is_source(p)]
    return f"{program.rstrip('/')}/{sources[0].name}" if len(sources) == 1 else None


def _text(value: str) -> bytes:
    """A case's `in:` / `ans:` text as BAPCtools writes it: with a final newline."""
    return (value if not value or value.endswith("\n") else value + "\n").encode()


def plan_tests(root: Path, imp: Imported) -> list[TestIn]:
    """The tests of generators/generators.yaml (group "sample", "secret", or the first level under secret)."""
    planner = plan(root, imp, read_plan(root, imp))
    return planner.tests if planner else []


def read_plan(root: Path, imp: Imported) -> dict[str, Any] | None:
    """generators/generators.yaml parsed, once per import (its tests, its root test_group.yaml); None when
    there is none or it is no mapping. One that cannot be read (bad YAML, an alias) is noted, not carried."""
    path = root / "generators" / "generators.yaml"
    try:
        spec = load_plain_yaml(path.read_text(encoding="utf-8")) if path.is_file() else None
    except (yaml.YAMLError, UnicodeDecodeError, ValueError) as e:   # ValueError: an alias, refused
        imp.note(f"generators/generators.yaml: cannot read ({' '.join(str(e).split())}); not carried over")
        return None
    return spec if isinstance(spec, dict) else None


def plan(root: Path, imp: Imported, spec: dict[str, Any] | None) -> Planner | None:
    """The parsed generators/generators.yaml (`read_plan`): its tests and its first-level groups' points
    (None: no plan)."""
    if spec is None or not isinstance(spec.get("data"), dict):
        return None
    named = spec.get("generators")
    if named is not None and not isinstance(named, dict):
        imp.note("generators.yaml: `generators:` is not a mapping of names to files; not carried over")
    data = spec["data"]
    planner = Planner(root, imp, sum(_numbered_total(data.get(k) or {}) for k in ("sample", "secret")), named)
    salt = str(spec.get("random_salt", ""))
    root_args = settings_args(spec.get("test_group.yaml", spec.get("testdata.yaml")))
    for key in ("sample", "secret"):   # numbered cases count over the whole file: the samples come first
        if isinstance(data.get(key), dict):
            planner.directory(data[key], f"data.{key}", key, salt, key, root_args)
    return planner
