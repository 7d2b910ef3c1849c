"""A problem whose answers are not unique, judged by a testlib checker (the `ojpack new --checker` package):
UOJ gets the checker as chk.cpp, QDUOJ as a special judge that carries it (with the answers compiled in, as
QDUOJ passes none), and a target that cannot run the checker fails by name; `--to all` leaves it out."""

from __future__ import annotations

import dataclasses
import json
import subprocess
from pathlib import Path

import pytest

from ojpack.problem.load import load_problem
from ojpack.formats.exporters import TARGETS
from ojpack.publish.run import export, prepare
from ojpack.formats.common.package import CannotHold, Package
from ojpack.scaffold import new_problem

# testlib 0.9.34 as a real Polygon package brings it (test material): the judges compile with the real one
REAL_TESTLIB = Path(__file__).parents[1] / "formats" / "fixtures" / "polygon-lecturer" / "files" / "testlib.h"


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Package, Path]:
    root = tmp_path_factory.mktemp("maxat") / "maxat"
    new_problem(root, "checker")
    pkg, _ = prepare(load_problem(root), ["uoj", "qduoj"], checked=False)
    return pkg, root


def gxx(source: Path, binary: Path, *flags: str) -> Path:
    proc = subprocess.run(["g++", "-O0", *flags, "-o", str(binary), str(source)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return binary


def other_maximum(pkg: Package) -> tuple[Path, bytes, bytes]:
    """A test whose maximum occurs more than once: its input, the model's index and another right index."""
    for t in pkg.secret_tests:
        a = t.input.read_bytes().split()[1:]
        best = max(map(int, a))
        at = [i + 1 for i, x in enumerate(a) if int(x) == best]
        if len(at) > 1:
            assert t.answer.read_bytes().split() == [str(at[0]).encode()]
            return t.input, str(at[-1]).encode() + b"\n", str(a.index(min(a, key=int)) + 1).encode() + b"\n"
    raise AssertionError("no test with a repeated maximum")


def test_uoj_ships_the_testlib_checker_as_chk_cpp(made, tmp_path: Path) -> None:
    pkg, root = made
    TARGETS["uoj"].write(pkg, tmp_path / "uoj")
    conf = dict(line.split(" ", 1) for line in (tmp_path / "uoj" / "problem.conf").read_text().splitlines())
    assert "use_builtin_checker" not in conf   # UOJ compiles chk.cpp only when no builtin checker is named
    chk = (tmp_path / "uoj" / "chk.cpp").read_text()
    assert chk == (root / "checkers" / "chk.cpp").read_text()   # testlib.h is UOJ's own, on its include path
    inp, right, wrong = other_maximum(pkg)
    model = next(t for t in pkg.secret_tests if t.input == inp).answer
    # the same verdicts with ojpack's small testlib.h and with the real one UOJ brings
    for n, header in enumerate((root / "checkers" / "testlib.h", REAL_TESTLIB)):
        (tmp_path / f"inc{n}").mkdir()
        (tmp_path / f"inc{n}" / "testlib.h").write_bytes(header.read_bytes())
        binary = gxx(tmp_path / "uoj" / "chk.cpp", tmp_path / f"chk{n}", "-I", str(tmp_path / f"inc{n}"))
        for output, code in ((right, 0), (wrong, 1), (b"x\n", 2), (right + right, 2)):
            (tmp_path / "out").write_bytes(output)
            got = subprocess.run([str(binary), str(inp), str(tmp_path / "out"), str(model)], capture_output=True)
            assert got.returncode == code, (header, output, got.stderr)


def test_qduoj_carries_the_checker_as_its_special_judge(made, tmp_path: Path) -> None:
    pkg, _ = made
    notes = TARGETS["qduoj"].write(pkg, tmp_path / "q")
    folder = tmp_path / "q"
    spj_text = (folder / "spj.cpp").read_text()
    form = json.loads((folder / "spj.json").read_text())   # problem.json's `spj`, as QDUOJ's importer reads it
    assert form == {"language": "C++", "code": spj_text}
    assert not any("cannot run there" in n for n in notes.lost)
    assert any("Special Judge (C++)" in n and "spj.cpp" in n for n in notes.todo)
    spj = gxx(folder / "spj.cpp", tmp_path / "spj", "-std=c++14", "-O2")   # QDUOJ compiles spj as C++14

    def judge(inp: Path, output: bytes) -> int:   # QDUOJ's call: `spj input user_output`, exit 0 AC / 1 WA
        (tmp_path / "out").write_bytes(output)
        return subprocess.run([str(spj), str(inp), str(tmp_path / "out")], capture_output=True).returncode

    for n in range(1, len(pkg.secret_tests) + 1):
        assert judge(folder / f"{n}.in", (folder / f"{n}.out").read_bytes()) == 0
    inp, right, wrong = other_maximum(pkg)
    assert judge(inp, right) == 0 and judge(inp, wrong) == 1 and judge(inp, b"") == 1
    (tmp_path / "unknown.in").write_bytes(b"1\n5\n")
    assert judge(tmp_path / "unknown.in", b"1\n") not in (0, 1)   # no answer compiled in: an error, never AC


def test_a_target_that_cannot_run_the_checker_fails_by_name_when_answers_are_not_unique(made, tmp_path: Path) -> None:
    pkg, _ = made
    kattis_style = dataclasses.replace(pkg, checker_convention="kattis")
    with pytest.raises(CannotHold, match="qduoj: its special judge runs C\\+\\+ testlib checkers only"):
        TARGETS["qduoj"].write(kattis_style, tmp_path / "q")
    with pytest.raises(CannotHold, match="uoj: runs testlib checkers"):
        TARGETS["uoj"].write(kattis_style, tmp_path / "u")
    # one right answer: QDUOJ's own comparison with it still judges right, and the loss is named
    notes = TARGETS["qduoj"].write(dataclasses.replace(kattis_style, unique_answers=True), tmp_path / "q2")
    assert any("testlib checkers only" in n for n in notes.lost) and not (tmp_path / "q2" / "spj.cpp").exists()


def test_all_leaves_out_by_name_the_targets_that_cannot_hold_the_problem(made, tmp_path: Path) -> None:
    pkg, _ = made
    kattis_style = dataclasses.replace(pkg, checker_convention="kattis")
    results = {r.target: r for r in export(kattis_style, ["uoj", "qduoj", "luogu"], out_root=tmp_path,
                                            skip_unfit=True)}
    assert results["uoj"].skipped and "uoj: runs testlib checkers" in results["uoj"].error
    assert results["qduoj"].skipped and not (tmp_path / "qduoj.zip").exists()
    assert results["luogu"].skipped and "luogu: runs testlib-protocol checkers only" in results["luogu"].error
    named = {r.target: r for r in export(kattis_style, ["uoj"], out_root=tmp_path)}
    assert named["uoj"].error and not named["uoj"].skipped   # named on its own: it fails
