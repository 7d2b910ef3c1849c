"""Grader tasks: `ojpack new --grader` builds and checks as it is (C++, Java and Python submissions linked
with their graders), and hostile submissions get the verdict CMS gives them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ojpack.judging import Verdict, judge
from ojpack.problem import load_problem
from ojpack.scaffold import new_problem

HOSTILE = Path(__file__).parent / "grader_subs"
C_GRADER = """#include <stdio.h>
#include <stdlib.h>
long long sum_mod(int n, const long long *a);
int main(void) {
    int n; if (scanf("%d", &n) != 1) return 1;
    long long *a = malloc(sizeof *a * (n + 1));
    for (int i = 0; i < n; i++) if (scanf("%lld", &a[i]) != 1) return 1;
    printf("%lld\\n", sum_mod(n, a));
    return 0;
}
"""
C_SOLUTION = """long long sum_mod(int n, const long long *a) {
    long long s = 0;
    for (int i = 0; i < n; i++) s = (s + a[i]) % 1000000007LL;
    return s;
}
"""


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args], capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, "COLUMNS": "100"}, timeout=900)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = new_problem(tmp_path_factory.mktemp("gr") / "gr", "grader").root
    (root / "graders" / "grader.c").write_text(C_GRADER)
    (root / "solutions" / "accepted" / "sum_c.c").write_text(C_SOLUTION)
    text = (root / "problem.yaml").read_text()
    (root / "graders" / "grader.pas").write_bytes((HOSTILE / "grader.pas").read_bytes())
    (root / "problem.yaml").write_text(text.replace("  java: {files:", "  c: {files: [graders/grader.c]}\n"
                                                    "  pascal: {files: [graders/grader.pas]}\n  java: {files:"))
    for step in ("build", "check"):
        r = _cli(step, cwd=root)
        assert r.returncode == 0, r.stdout + r.stderr
    assert "5 solutions" not in r.stdout and "6 solutions" in r.stdout   # C, C++ x2, Java, Python x2
    return root


@pytest.mark.parametrize("name, verdict, said", [
    ("own_main.cpp", Verdict.CE, "multiple definition of `main'"),   # its main does not link with the grader's
    ("exits.cpp", Verdict.WA, "output ends"),                         # exit() before returning: no output
    ("prints.py", Verdict.WA, "found 'debug:'"),                      # its print goes into the grader's output
    ("forks.cpp", Verdict.AC, ""),                                    # the child dies with the run
])
def test_hostile_submissions_get_cms_verdicts(built: Path, name: str, verdict: Verdict, said: str) -> None:
    result = judge(load_problem(built), HOSTILE / name)
    assert result.verdict is verdict
    assert said in (result.compile_error or "") + " ".join(c.message for c in result.cells)


def test_a_pascal_unit_runs_under_the_pascal_grader(built: Path) -> None:
    result = judge(load_problem(built), HOSTILE / "sum_unit.pas")   # `unit task`, used by grader.pas
    assert (result.verdict, result.score) == (Verdict.AC, 100)


def test_a_language_without_a_grader_is_a_compile_error(built: Path, tmp_path: Path) -> None:
    source = tmp_path / "task.kt"
    source.write_text("fun main() {}\n")
    result = judge(load_problem(built), source)
    assert result.verdict is Verdict.CE and "no Kotlin grader" in (result.compile_error or "")


def test_grader_keys_are_read_strictly(built: Path, tmp_path: Path) -> None:
    from ojpack.errors import ProblemConfigError
    from ojpack.problem import copy_sources

    copy = copy_sources(built, tmp_path / "p")
    text = (copy / "problem.yaml").read_text()
    (copy / "problem.yaml").write_text(text.replace("python: {files: [graders/grader.py]}",
                                                    "python: {files: [graders/nope.py]}"))
    with pytest.raises(ProblemConfigError, match=r"line \d+: 'grader.python.files\[0\]': file graders/nope.py"):
        load_problem(copy)
    (copy / "problem.yaml").write_text(text.replace("kind: grader", "kind: batch"))
    with pytest.raises(ProblemConfigError, match=r"'grader' is for `kind: grader`"):
        load_problem(copy)


def test_cms_and_kattis_exports_carry_the_graders(built: Path) -> None:
    """As CMS's italy_yaml loader reads a Batch task with graders: sol/grader.<ext> and the headers beside
    them (the loader itself is not run here: it needs CMS installed); the public files are attachments."""
    r = _cli("export", "--to", "cms", cwd=built)
    assert r.returncode == 0, r.stdout + r.stderr
    cms = built / "build" / "export" / "cms"
    assert sorted(p.name for p in (cms / "sol").iterdir()) == ["grader.c", "grader.cpp", "grader.java", "grader.pas",
                                                               "grader.py", "no_mod.cpp", "quadratic.py",
                                                               "soluzione.cpp", "sum.h", "sum.py", "sum_c.c", "sum_java.java"]
    # the solutions as task-maker keeps them (CMS's loader reads only the graders and headers there)
    assert (cms / "sol" / "soluzione.cpp").read_bytes() == (built / "solutions/accepted/sum.cpp").read_bytes()
    assert (cms / "sol" / "sum.py").read_text().startswith("# @check-accepted: *\n")
    assert "@check" not in (cms / "sol" / "no_mod.cpp").read_text()
    assert (cms / "att" / "grader.cpp").is_file() and (cms / "att" / "sum.h").is_file()
    r = _cli("export", "--to", "kattis,hydro", cwd=built)
    assert "hydro: cannot express grader tasks" in r.stdout + r.stderr
    kattis = built / "build" / "export" / "kattis" / "gr"   # C and C++ graders as include/<code>/
    assert sorted(p.name for p in (kattis / "include" / "cpp").iterdir()) == ["grader.cpp", "sum.h"]
    assert (kattis / "include" / "c" / "grader.c").is_file() and not (kattis / "include" / "python3").exists()
    assert "the python grader: include/ adds files" in r.stdout


def test_a_batch_of_submissions_is_linked_too(built: Path) -> None:
    r = _cli("judge", str(HOSTILE / "own_main.cpp"), str(HOSTILE / "prints.py"),
             str(built / "solutions" / "accepted" / "sum.py"), cwd=built)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "AC 1, CE 1, WA 1" in r.stdout and "with the grader" in r.stdout
