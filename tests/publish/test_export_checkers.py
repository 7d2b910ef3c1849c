"""Every export judges outputs exactly as `ojpack judge` does, checked by running what each judge runs.

On a table of outputs (one line, extra spaces, blank lines, CRLF, no final newline, wrong case, …) the
checker each target uses is compiled and run as that judge runs it, and its verdict is compared with
ojpack's own token rule (`compare_tokens`), for a case-sensitive and a case-insensitive problem:

- kattis, domjudge: the built-in default output validator with the flags from the export's problem.yaml
  (problemtools' compiled `default_validator`; DOMjudge's default `compare` is built from the same source);
- icpc2025: BAPCtools' `default_output_validator.cpp` with the export's `output_validator_args`;
- hydro, luogu: the shipped testlib-protocol checker, compiled with g++ and run as `checker in out ans`
  (Hydro reads "ok " at the start of stderr, Luogu the exit code);
- cms: the shipped, already compiled check/checker, run as `checker input answer output` (score on stdout);
- uoj: the built-in `wcmp` is testlib's token comparison, case-sensitive; it needs testlib.h, which can
  be neither shipped nor fetched here, so it is not run (the export refuses a case-insensitive problem);
- qduoj: the shipped spj.cpp (answers compiled in: QDUOJ's special judge gets no answer file), compiled
  as C++14 and run as `spj input output` on a secret test's table; QDUOJ's own comparison (md5 of the
  whole output with trailing whitespace stripped, JudgeServer's `_compare_output`) is modelled, and each
  output where it differs must be named by the export's note for anyone who skips the special judge.
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from ojpack.judging.checker import compare_tokens
from ojpack.problem.load import load_problem
from ojpack.formats.exporters import TARGETS
from ojpack.publish.run import export, prepare
from ojpack.formats.common.package import Package

from conftest import REPO

TOOLS = REPO / ".tools"
PROBLEMTOOLS_VALIDATOR = next(TOOLS.glob("problemtools/lib/python3*/site-packages/problemtools/support/default_validator"),
                              None)
BAPC_VALIDATOR = next(TOOLS.glob("bapctools/lib/python3*/site-packages/bapctools/resources/support/"
                                 "default_output_validator.cpp"), None)

# Each output is made from the answer's lines, so the same table fits any test.
OUTPUTS: dict[str, Callable[[list[bytes]], bytes]] = {
    "exact": lambda ls: b"\n".join(ls) + b"\n",
    "one line": lambda ls: b" ".join(ls) + b"\n",
    "extra spaces": lambda ls: b"".join(b"  " + x + b"   \n\t" for x in ls),
    "blank lines": lambda ls: b"\n\n".join(ls) + b"\n\n\n",
    "leading blank line": lambda ls: b"\n" + b"\n".join(ls) + b"\n",
    "crlf": lambda ls: b"\r\n".join(ls) + b"\r\n",
    "no final newline": lambda ls: b"\n".join(ls),
    "wrong case": lambda ls: b"\n".join(x.swapcase() for x in ls) + b"\n",
    "swapped": lambda ls: b"\n".join(swap_first_differing(ls)) + b"\n",
    "missing line": lambda ls: b"\n".join(ls[:-1]) + b"\n",
    "extra token": lambda ls: b"\n".join([*ls, ls[0]]) + b"\n",
    "glued": lambda ls: ls[0] + b"\n".join(ls[1:]) + b"\n",
    "form feed, vertical tab": lambda ls: b"\x0c".join(ls) + b"\x0b",
    "no-break space": lambda ls: b"\xc2\xa0".join(ls) + b"\n",      # not whitespace to anyone: one glued token
    "nul byte": lambda ls: b"\n".join(ls) + b"\n\x00",
    "empty": lambda ls: b"",
}


def swap_first_differing(lines: list[bytes]) -> list[bytes]:
    j = next(j for j in range(1, len(lines)) if lines[j] != lines[0])
    return [lines[j], *lines[1:j], lines[0], *lines[j + 1:]]


Judge = Callable[[Path, Path, Path], bool]   # (input, answer, output) -> accepted


def need(path: Path | None, what: str) -> Path:
    if path is None or not path.exists():
        message = f"{what} is missing: run `bash scripts/setup.sh test`"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


_compiled: dict[tuple[bytes, str], Path] = {}


def gxx(source: Path, binary: Path, std: str = "gnu++17") -> Path:
    """Compile once per source text (a module runs both case modes; the BAPCtools validator is slow to build)."""
    key = (source.read_bytes(), std)
    if key not in _compiled:
        proc = subprocess.run(["g++", "-O0", f"-std={std}", "-o", str(binary), str(source)], capture_output=True,
                              text=True)
        assert proc.returncode == 0, proc.stderr
        _compiled[key] = binary
    return _compiled[key]


@pytest.fixture(scope="module")
def prepared() -> Package:
    return prepare(load_problem(REPO), list(TARGETS), checked=False)[0]


@pytest.fixture(scope="module", params=[True, False], ids=["case-sensitive", "case-insensitive"])
def exported(request, prepared: Package, tmp_path_factory: pytest.TempPathFactory) -> tuple[Package, dict, Path]:
    pkg = dataclasses.replace(prepared, case_sensitive=request.param)
    out = tmp_path_factory.mktemp("checkers")
    return pkg, {r.target: r for r in export(pkg, list(TARGETS), out_root=out)}, out


def make_table(root: Path, inp: bytes, ans: bytes) -> tuple[Path, Path, dict[str, Path]]:
    root.mkdir(parents=True, exist_ok=True)
    (root / "in").write_bytes(inp)
    (root / "ans").write_bytes(ans)
    outs = {}
    for i, (name, make) in enumerate(OUTPUTS.items()):
        outs[name] = root / f"out{i}"
        outs[name].write_bytes(make(ans.split()))
    return root / "in", root / "ans", outs


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, Path]]:
    return make_table(tmp_path_factory.mktemp("table"), b"2\n3\n3 5 1\n1\n1\n", b"John\nBrother\n")


def agree(judge: Judge, table: tuple[Path, Path, dict[str, Path]], case_sensitive: bool) -> None:
    inp, ans, outs = table
    theirs = {name: judge(inp, ans, out) for name, out in outs.items()}
    ours = {name: compare_tokens(out.read_bytes(), ans.read_bytes(), case_sensitive).ok for name, out in outs.items()}
    assert theirs == ours
    assert ours["one line"] and ours["crlf"] and not ours["swapped"]          # the table tells rules apart
    assert ours["wrong case"] is not case_sensitive


def run_kattis(binary: list[str], flags: list[str], scratch: Path) -> Judge:
    def judge(inp: Path, ans: Path, out: Path) -> bool:
        feedback = scratch / "feedback"
        feedback.mkdir(exist_ok=True)
        with open(out, "rb") as stdin:
            code = subprocess.run([*binary, str(inp), str(ans), str(feedback) + "/", *flags], stdin=stdin,
                                  capture_output=True).returncode
        assert code in (42, 43), f"validator exit {code}"
        return code == 42
    return judge


def run_testlib(binary: Path, hydro: bool) -> Judge:
    def judge(inp: Path, ans: Path, out: Path) -> bool:
        proc = subprocess.run([str(binary), str(inp), str(out), str(ans)], capture_output=True, text=True)
        assert proc.returncode in (0, 1), proc.stderr
        if hydro:   # hydrojudge's testlib checker: accepted iff stderr starts with "ok "
            assert (proc.returncode == 0) == proc.stderr.startswith("ok ")
        return proc.returncode == 0
    return judge


def run_cms(binary: Path, translated: bool = True) -> Judge:
    """CMS's comparator protocol; our token checker answers in CMS's translated messages."""
    def judge(inp: Path, ans: Path, out: Path) -> bool:
        proc = subprocess.run([str(binary), str(inp), str(ans), str(out)], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        assert not translated or proc.stderr.strip() in ("translate:success", "translate:wrong"), proc.stderr
        return float(proc.stdout) == 1.0
    return judge


def judge_for(target: str, pkg: Package, results: dict, scratch: Path) -> Judge:
    folder = results[target].folder
    if target in ("kattis", "domjudge"):
        root = folder / pkg.short_name if target == "kattis" else folder
        meta = yaml.safe_load((root / "problem.yaml").read_text())
        flags = str(meta.get("validator_flags", "")).split()
        return run_kattis([str(need(PROBLEMTOOLS_VALIDATOR, "problemtools"))], flags, scratch)
    if target == "icpc2025":
        top = yaml.safe_load((folder / pkg.short_name / "data" / "test_group.yaml").read_text())
        binary = gxx(need(BAPC_VALIDATOR, "BAPCtools"), scratch / "bapc_default", std="gnu++20")
        return run_kattis([str(binary)], top.get("output_validator_args", []), scratch)
    if target == "hydro":
        testdata = folder / pkg.short_name / "testdata"
        conf = yaml.safe_load((testdata / "config.yaml").read_text())
        assert conf["checker_type"] == "testlib"
        return run_testlib(gxx(testdata / conf["checker"], scratch / "hydro_checker"), hydro=True)
    if target == "luogu":
        return run_testlib(gxx(folder / "checker.cpp", scratch / "luogu_checker"), hydro=False)
    if target == "cms":
        return run_cms(folder / "check" / "checker")
    raise AssertionError(target)


@pytest.mark.parametrize("target", ["kattis", "icpc2025", "domjudge", "hydro", "luogu", "cms"])
def test_the_judge_agrees_with_ojpack_on_every_output(exported, table, target: str, tmp_path: Path) -> None:
    pkg, results, _ = exported
    if results[target].error:
        assert target == "cms" and "Chromium" in results[target].error, results[target].error
        pytest.skip("no PDF engine on this machine, so no CMS export")
    agree(judge_for(target, pkg, results, tmp_path), table, pkg.case_sensitive)


def test_uoj_uses_wcmp_and_refuses_what_wcmp_cannot_judge(exported) -> None:
    pkg, results, _ = exported
    if not pkg.case_sensitive:
        assert "only the case-sensitive token checker" in results["uoj"].error
        return
    conf = dict(line.split(" ", 1) for line in (results["uoj"].folder / "problem.conf").read_text().splitlines())
    assert conf["use_builtin_checker"] == "wcmp"


def qduoj_accepts(output: bytes, answer: bytes) -> bool:
    """JudgeServer's _compare_output: md5(output.rstrip()) against the answer's stripped md5."""
    return output.rstrip() == answer.rstrip()


def test_qduoj_spj_knows_every_answer_and_agrees_with_ojpack(exported, tmp_path: Path) -> None:
    pkg, results, _ = exported
    folder = results["qduoj"].folder
    spj = gxx(folder / "spj.cpp", tmp_path / "spj", std="c++14")   # QDUOJ compiles special judges as C++14

    def judge(inp: Path, ans: Path, out: Path) -> bool:   # QDUOJ passes no answer: `spj input output`
        proc = subprocess.run([str(spj), str(inp), str(out)], capture_output=True, text=True)
        assert proc.returncode in (0, 1), proc.stderr
        return proc.returncode == 0

    tests = pkg.secret_tests
    for n, t in enumerate(tests, start=1):   # the zip's own numbering, and every answer as it is
        assert judge(folder / f"{n}.in", folder / f"{n}.out", t.answer)
    test = next(t for t in tests if len(set(t.answer.read_bytes().split())) > 1)
    agree(judge, make_table(tmp_path / "table", test.input.read_bytes(), test.answer.read_bytes()), pkg.case_sensitive)
    unknown = tmp_path / "unknown.in"
    unknown.write_bytes(b"1\n1\n7\n")
    assert subprocess.run([str(spj), str(unknown), str(test.answer)], capture_output=True).returncode == 2


def test_qduoj_without_its_spj_is_named_for_every_output_it_judges_differently(exported) -> None:
    pkg, results, _ = exported
    answer = b"John\nBrother\n"
    differ = [name for name, make in OUTPUTS.items()
              if qduoj_accepts(make(answer.split()), answer) != compare_tokens(make(answer.split()), answer,
                                                                                pkg.case_sensitive).ok]
    assert {"one line", "crlf", "extra spaces", "blank lines"} <= set(differ)
    said = " ".join(results["qduoj"].todo)
    assert "spj.cpp" in said and all(word in said for word in ("one line", "CRLF", "extra spaces", "blank lines"))


# A package's own checker in testlib's convention (written without testlib.h, which cannot be shipped;
# its helper header stands in for it): tokens, case-sensitive, "fail" when the answer is empty.
OWN_HEADER = r"""
#include <cstdio>
#include <string>
inline bool next_token(FILE* f, std::string& t) {
    t.clear(); int c;
    while ((c = std::fgetc(f)) != EOF && (c == ' ' || (c >= 9 && c <= 13))) {}
    if (c == EOF) return false;
    do t.push_back((char)c); while ((c = std::fgetc(f)) != EOF && !(c == ' ' || (c >= 9 && c <= 13)));
    return true;
}
"""
OWN_CHECKER = r"""
#include "mytokens.h"
int main(int argc, char** argv) {
    FILE* out = std::fopen(argv[2], "rb"); FILE* ans = std::fopen(argv[3], "rb");
    if (!out || !ans) { std::fprintf(stderr, "FAIL cannot open files\n"); return 3; }
    std::string a, b; long n = 0;
    for (;; ++n) {
        bool ha = next_token(ans, a), hb = next_token(out, b);
        if (!ha && n == 0) { std::fprintf(stderr, "FAIL empty answer\n"); return 3; }
        if (!ha && !hb) { std::fprintf(stderr, "ok %ld tokens\n", n); return 0; }
        if (ha != hb || a != b) { std::fprintf(stderr, "wrong answer at token %ld\n", n + 1); return 1; }
    }
}
"""


PROBLEMTOOLS_BUILD = """
import sys, tempfile
from pathlib import Path
from problemtools import languages
from problemtools.run import get_program
program = get_program(sys.argv[1], languages.load_language_config(Path(sys.argv[1])))
result = program.compile(Path(tempfile.mkdtemp(dir=sys.argv[2])))
assert result.success, result.errmsg
print(result.path / "run")
"""


def problemtools_build(folder: Path, scratch: Path) -> Path:
    """Build an output validator folder the way verifyproblem does (problemtools' own program loader)."""
    python = need(TOOLS / "problemtools" / "bin" / "python", "problemtools")
    proc = subprocess.run([str(python), "-c", PROBLEMTOOLS_BUILD, str(folder), str(scratch)], capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stderr
    return Path(proc.stdout.strip())


@pytest.mark.parametrize("target", ["kattis", "icpc2025", "domjudge", "cms"])
def test_a_testlib_checker_runs_under_kattis_and_cms_protocols(prepared, table, target: str, tmp_path: Path) -> None:
    from ojpack.judging.checker import ProgramChecker
    from ojpack.sandbox import prepare as compile_program
    own = tmp_path / "own"
    own.mkdir()
    (own / "mytokens.h").write_text(OWN_HEADER)
    (own / "chk.cpp").write_text(OWN_CHECKER)
    pkg = dataclasses.replace(prepared, checker_type="program", checker_program=own / "chk.cpp",
                              checker_convention="testlib")
    [result] = export(pkg, [target], out_root=tmp_path / "out")
    if result.error and target == "cms" and "Chromium" in result.error:
        pytest.skip("no PDF engine on this machine, so no CMS export")
    assert not result.error, result.error
    # ojpack's own judging of the same checker, compiled as ojpack compiles it (its header beside it)
    ours = ProgramChecker(compile_program(own / "chk.cpp", tmp_path / "cache").argv, "testlib")
    if target == "cms":
        judge = run_cms(result.folder / "check" / "checker", translated=False)   # the checker's own words
    else:
        folder = {"kattis": result.folder / pkg.short_name / "output_validators" / "checker",
                  "icpc2025": result.folder / pkg.short_name / "output_validator",
                  "domjudge": result.folder / "output_validators" / "checker"}[target]
        # as the judges build an output validator: every C++ file of the folder, the headers beside them
        assert sorted(p.name for p in folder.iterdir()) == ["mytokens.h", "ojpack_adapter.cpp", "testlib_checker.inc"]
        binary = problemtools_build(folder, tmp_path) if target == "kattis" else \
            gxx(folder / "ojpack_adapter.cpp", tmp_path / "adapted")
        judge = run_kattis([str(binary)], [], tmp_path)
    inp, ans, outs = table
    assert {n: judge(inp, ans, o) for n, o in outs.items()} == {n: ours.check(inp, ans, o).ok for n, o in outs.items()}
    empty = tmp_path / "empty.ans"   # the checker gives up: a judge error there, never an accepted or wrong answer
    empty.write_bytes(b"")
    if target == "cms":
        assert subprocess.run([str(result.folder / "check" / "checker"), str(inp), str(empty), str(ans)]).returncode != 0
    else:
        with open(ans, "rb") as stdin:
            code = subprocess.run([str(binary), str(inp), str(empty), str(tmp_path) + "/"], stdin=stdin).returncode
        assert code not in (42, 43)
