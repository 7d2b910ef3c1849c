"""A Kattis-format package whose data is made by a testdata_tools script (`data/gen.sh` or
`data/generator.sh`, as the Swedish olympiad, Kodsport and Nordic archives keep it) → ojpack plan lines, so
that `ojpack build` makes the inputs testdata_tools makes.

The script runs in the sandbox with ojpack's recording library (`gensh_run.py`); its records are replayed
here with testdata_tools' rules (its gen.sh, read for facts):
- `compile F [opts]` makes program `basename(F)` without extension; `use_solution F` compiles
  submissions/accepted/F and answers every test with it (here: the model solution, when it is one of the
  package's accepted submissions).
- `tc NAME PROGRAM ARGS…` runs `PROGRAM ARGS… SEED` with its standard output the input, where SEED is
  the first six hex digits of md5(NAME) read as a number; the test is secret/<group>/NNN-NAME with one
  counter over the script (samples count too in the newer library, not in the older; ojpack numbers its
  own tests). `tc NAME` alone repeats an earlier test in the current group; `include_group G…` does that for
  every test G holds. `tc_manual FILE` (and `tg_manual DIR`) copies a file; the builtin `cat` program too.
- `samplegroup` then `sample X` / `sample_manual X`: data/sample/X.in, answered by the solution (manual:
  by the .ans beside it). `group NAME POINTS` opens a group worth POINTS; `limits FLAGS…` are its input
  validator flags. With `USE_SCORING=0` there are no groups: every test goes to data/secret.
A generator ojpack cannot run, an unknown program, or a command it does not carry is named in the report
and the test is left out; a failing script gives one line.
"""

from __future__ import annotations

import hashlib
import os
import shlex
from dataclasses import dataclass, field
from pathlib import Path

from ...errors import OjpackError
from ...sandbox import detect, is_source
from .gensh_run import records, require, script_of
from .validators import BOUND
from ..common.writer import Imported, SubtaskIn, TestIn, safe_name, scale_scores

HELPERS = {".py", ".h", ".hpp", ".hh", ".inc"}   # files beside a generator it may import or include
DEFINE = "GENERATING_TEST_DATA"   # testdata_tools compiles C++ with -D of it


def seed_of(name: str) -> int:
    """testdata_tools' seed: the first 6 hex digits of md5(test name), in decimal (0 … 16777215)."""
    return int(hashlib.md5(name.encode()).hexdigest()[:6], 16)


@dataclass
class Replay:
    root: Path
    imp: Imported
    script: str
    scoring: bool = True
    group: str = "."
    programs: dict[str, str] = field(default_factory=dict)   # name -> generator file in generators/, or "cat"
    cases: dict[str, TestIn] = field(default_factory=dict)   # by testdata_tools name
    latest: dict[str, str] = field(default_factory=dict)     # name -> the group it was last placed in
    members: dict[str, list[str]] = field(default_factory=dict)   # group -> names, in order
    scores: dict[str, float] = field(default_factory=dict)
    flags: dict[str, list[str]] = field(default_factory=dict)
    tests: list[TestIn] = field(default_factory=list)
    solution: str = ""
    lost: list[str] = field(default_factory=list)
    named: dict[int, str] = field(default_factory=dict)   # id of a test placed -> its testdata_tools name

    def note(self, text: str) -> None:
        self.imp.note(f"data/{self.script}: {text}")

    def play(self, record: list[str]) -> None:
        cmd, args = record[0], record[1:]
        handler = getattr(self, f"do_{cmd}", None)
        if handler is None:
            self.note(f"`{' '.join([cmd, *args])}` is not carried over")
            return
        try:
            handler(*args)
        except TypeError:
            self.note(f"`{' '.join([cmd, *args])}`: wrong number of arguments; not carried over")
        except OjpackError as e:
            self.note(f"`{' '.join([cmd, *args])}`: {e}; not carried over")

    def do_setup(self, scoring: str, _path: str) -> None:
        self.scoring = scoring != "0"

    @property
    def pypy_default(self) -> bool:
        """Whether the library the package ships (if any, beside data/) defaults to pypy3, as the current one."""
        shipped = self.root / "testdata_tools" / "gen.sh"
        return not shipped.is_file() or '"pypy3 $1"' in shipped.read_text(encoding="utf-8", errors="replace")

    def do_error(self, text: str) -> None:
        self.note(f"testdata_tools would stop here: {text}")

    def do_compile(self, path: str, opts: str = "") -> None:
        source = require(self.root, path)
        name = self.place(source)
        if source.suffix == ".py":
            name = self.python(source, name, opts)
        self.programs[Path(path).stem] = name

    def python(self, source: Path, name: str, opts: str) -> str:
        """testdata_tools runs a .py with pypy3 since 2023 (cpython3: python3), before with python3 (pypy:
        pypy); the two may print different bytes (set order). pypy3 runs through a wrapper in generators/."""
        if "python2" in opts or "pypy2" in opts:
            raise OjpackError(f"{source.name} runs with Python 2 ({opts}), which ojpack cannot run")
        if "cpython3" in opts or not ("pypy" in opts or self.pypy_default):
            return name
        wrapper = f"{source.stem}.pypy3.bash"
        self.imp.files[f"generators/{wrapper}"] = (
            f"# Written by `ojpack import`: testdata_tools runs {name} with pypy3\n"
            f'exec pypy3 "$(dirname "$0")/{name}" "$@"\n').encode()
        return wrapper

    def do_add_program(self, name: str, command: str) -> None:
        words = command.split()
        if len(words) == 2 and words[0] in ("python3", "pypy3", "python", "pypy", "bash") or \
                len(words) == 1 and words[0].startswith("./"):
            self.programs[name] = self.place(require(self.root, words[-1].removeprefix("./")))
        else:
            raise OjpackError(f"program {name} runs `{command}`, which ojpack cannot carry")

    def do_use_solution(self, path: str, opts: str = "") -> None:
        self.solution = os.path.normpath(path.removeprefix("@/"))

    def do_samplegroup(self) -> None:
        self.group = "sample"

    def do_sample(self, name: str, manual: bool = False) -> None:
        inp = require(self.root, f"sample/{name}.in")
        ans = inp.with_suffix(".ans")
        if name in self.cases:
            raise OjpackError(f"duplicate test case sample/{name}")
        test = TestIn("sample", safe_name(name, "sample"), f"data/sample/{name}.in", inp.read_bytes(),
                      ans.read_bytes() if ans.is_file() else None)
        self.cases[name], self.latest[name] = test, "sample"
        self.members.setdefault("sample", []).append(name)
        self.add(test, name)

    def do_sample_manual(self, name: str) -> None:
        self.do_sample(name, True)

    def do_group(self, name: str, score: str) -> None:
        self.group = name
        self.members[name] = []
        self.scores[name] = float(score)

    def do_limits(self, *flags: str) -> None:
        self.flags[self.group if self.scoring else "."] = list(flags)

    def do_include_group(self, *names: str) -> None:
        for g in names:
            if not self.members.get(g):
                raise OjpackError(f"included group {g!r} does not exist")
            for x in list(self.members[g]):
                self.do_tc(x)

    def do_tc_manual(self, path: str, *_: str) -> None:
        self.do_tc(Path(path).stem, "cat", path)

    def do_tc(self, name: str, *command: str) -> None:
        if self.scoring and self.group in (".", "sample"):
            raise OjpackError(f"test case {name!r} must be within a test group")
        group = self.group if self.scoring else "secret"
        if not command:   # reuse
            if name not in self.cases:
                raise OjpackError(f"no earlier test case {name!r}")
            if self.latest[name] != group:
                self.latest[name] = group
                self.members[group].append(name)
                old = self.cases[name]
                self.add(TestIn(group, old.name, old.origin, old.input, old.answer, old.gen), name)
            return
        if name in self.cases:
            raise OjpackError(f"duplicate test case name {name!r}")
        program, args = command[0], list(command[1:])
        where = f"data/secret/{'' if group == 'secret' else group + '/'}{name}"
        if program == "cat":
            copied = require(self.root, args[0])
            test = TestIn(group, safe_name(name, "test"), copied.relative_to(self.root).as_posix(), copied.read_bytes())
        elif program in self.programs:
            test = TestIn(group, safe_name(name, "test"), where,
                          gen=shlex.join([self.programs[program], *args, str(seed_of(name))]))
        else:
            self.lost.append(name)
            raise OjpackError(f"generator {program!r} was never compiled")
        self.cases[name], self.latest[name] = test, group
        self.members.setdefault(group, []).append(name)
        self.add(test, name)

    def add(self, test: TestIn, name: str) -> None:
        self.tests.append(test)
        self.named[id(test)] = name

    def place(self, source: Path) -> str:
        """The program's file (and the helpers beside it) in generators/; its name there."""
        if source.suffix not in (".sh",) and not is_source(source):
            raise OjpackError(f"{source.relative_to(self.root)}: a generator language ojpack cannot run")
        name = source.name if source.suffix != ".sh" else source.stem + ".bash"   # testdata_tools runs bash
        data = source.read_bytes()
        if detect(source).id.startswith("cpp") and DEFINE.encode() in data:
            data = f"#define {DEFINE}\n#line 1\n".encode() + data
        target = f"generators/{name}"
        if b"argv" not in data and source.suffix in (".py", ".cpp", ".cc"):
            self.note(f"{source.name} reads no command line, so not testdata_tools' seed: its tests differ from "
                      "build to build, as they did for testdata_tools")
        if self.imp.files.get(target, data) != data:
            raise OjpackError(f"two generators named {name}")
        self.imp.files[target] = data
        for f in sorted(source.parent.iterdir()):
            if f.is_file() and f.suffix in HELPERS and f != source and f"generators/{f.name}" not in self.imp.files:
                self.imp.files[f"generators/{f.name}"] = f.read_bytes()
        return name


def read(root: Path, imp: Imported, scoring: bool) -> Replay | None:
    """The tests, groups and flags of the package's testdata_tools script, when it has one and the data/secret
    it commits (if any) is exactly what the script makes: then imp.tests and imp.subtasks are set (committed
    inputs attached, so the build is checked against them). None: no such script, or not used (noted)."""
    script = script_of(root)
    if script is None:
        return None
    found, failure = records(root.resolve(), script)
    secret_dir = root / "data" / "secret"
    if failure and secret_dir.is_dir() and any(secret_dir.rglob("*.in")):
        imp.note(f"data/{failure}; the committed data/secret is imported")
        return None
    if failure:
        raise OjpackError(f"{root}: data/{failure}")
    replay = Replay(root.resolve(), imp, script.name)
    for record in found:
        replay.play(record)
    secret = [t for t in replay.tests if t.group != "sample"]
    if not secret:
        imp.note(f"data/{script.name} makes no secret test; the package's data/ is read instead")
        return None
    if not _attach(root, [(t, replay.named[id(t)]) for t in secret], imp, script.name):
        return None
    groups = list(dict.fromkeys(t.group for t in secret))
    top = imp.validator_flags.get("", [])
    imp.validator_flags["sample"] = replay.flags.get("sample", top)
    imp.validator_flags["secret"] = replay.flags.get(".", top)
    for g in groups:
        imp.validator_flags[g] = replay.flags.get(g, replay.flags.get(".", top))
    samples = [t for t in replay.tests if t.group == "sample"] or _sample_folder(root)
    imp.tests += samples + secret
    raw = [(g, replay.scores.get(g, 0.0)) for g in groups]
    imp.subtasks = scale_scores(raw if scoring and replay.scoring else [(g, 1.0) for g in groups], imp)
    _bounds(imp.subtasks, imp)
    made = sum(1 for t in secret if t.gen)
    imp.took(f"data/{script.name}", "read: run with ojpack's recording testdata_tools → the tests of problem.yaml")
    imp.note(f"the secret data is data/{script.name}'s (testdata_tools, run with ojpack's recording library): "
             f"{made} generator lines seeded as testdata_tools seeds them, {len(secret) - made} copies"
             + (f"; left out: {', '.join(replay.lost)}" if replay.lost else ""))
    return replay


def choose_model(imp: Imported, replay: Replay | None) -> None:
    """testdata_tools' `use_solution` is the model solution, when it is one of the package's accepted ones."""
    if replay is None or not replay.solution:
        return
    match = [s for s in imp.solutions if s.origin == replay.solution and s.verdicts == ["AC"]]
    if match:
        imp.model = match[0].origin
    else:
        imp.note(f"data/{replay.script}: use_solution {replay.solution} is not an accepted submission of the "
                 f"package; the model solution is {imp.model or 'none'}")


def _attach(root: Path, secret: list[tuple[TestIn, str]], imp: Imported, script: str) -> bool:
    """Committed data/secret files become the inputs the build is checked against; when the committed set is
    not the script's, the committed data is imported as it is (said)."""
    folder = root / "data" / "secret"
    committed = {(p.parent.relative_to(folder).as_posix(), p.stem.split("-", 1)[-1] if p.stem[:3].isdigit() else p.stem): p
                 for p in folder.rglob("*.in")} if folder.is_dir() else {}
    if not committed:
        return True
    wanted = {("." if t.group == "secret" else t.group, name) for t, name in secret}
    if wanted != set(committed):
        imp.note(f"data/{script}: the tests it makes are not the committed data/secret ({len(wanted)} against "
                 f"{len(committed)}); the committed data is imported")
        return False
    for t, name in secret:
        path = committed[("." if t.group == "secret" else t.group, name)]
        t.input, rel = path.read_bytes(), path.relative_to(root).as_posix()
        if t.gen:   # the report then names the committed file as made by the generator line
            t.origin = rel
        else:
            imp.took(rel, f"the input of test {t.group}/{t.name}, which data/{script} copies from {t.origin}")
    return True


def _sample_folder(root: Path) -> list[TestIn]:
    folder = root / "data" / "sample"
    return [TestIn("sample", safe_name(p.stem, "sample"), f"data/sample/{p.name}", p.read_bytes(),
                   p.with_suffix(".ans").read_bytes() if p.with_suffix(".ans").is_file() else None)
            for p in sorted(folder.glob("*.in"))] if folder.is_dir() else []


def _bounds(subtasks: list[SubtaskIn], imp: Imported) -> None:
    """A group's `limits` NAME=LO..HI that differ from the global bounds become the subtask's."""
    for s in subtasks:
        for f in imp.validator_flags.get(s.group, []):
            m = BOUND.match(f)
            if m and m.group(1) in imp.bounds and int(m.group(2)) <= int(m.group(3)):
                value = {"min": int(m.group(2)), "max": int(m.group(3))}
                if imp.bounds[m.group(1)] != value:
                    s.bounds[m.group(1)] = value
