"""`ojpack new`: a package a new setter can build and check at once, with the libraries its programs use."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from ojpack.errors import OjpackError
from ojpack.problem.load import load_problem
from ojpack.scaffold import new_problem, parse_languages
from ojpack.statement import languages


def ojpack(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "COLUMNS": "200", "CI": "true",
           "OJPACK_CACHE_HOME": os.environ.get("OJPACK_CACHE_HOME", "")}
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=900)


def test_new_then_build_and_check_from_inside(tmp_path: Path) -> None:
    r = ojpack("new", "p", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    root = tmp_path / "p"
    for step in ("build", "check"):
        r = ojpack(step, cwd=root)
        assert r.returncode == 0, f"ojpack {step}: {r.stdout}{r.stderr}"
    assert "check passed" in r.stdout
    for verdict in ("accepted", "wrong_answer", "time_limit_exceeded"):
        assert f"{verdict}/" in r.stdout
    assert (root / "data.sha256").is_file()


@pytest.mark.parametrize("kind, langs", [("pass-fail", ("en",)), ("subtasks", ("zh", "en")),
                                         ("interactive", ("en", "zh", "fr")), ("float", ("en",))])
def test_every_kind_loads_with_the_languages_asked_for(tmp_path: Path, kind: str, langs: tuple[str, ...]) -> None:
    made = new_problem(tmp_path / "My-Problem_2", kind, langs)   # type: ignore[arg-type]
    problem = load_problem(made.root)
    assert problem.spec.short_name == "myproblem2"
    assert list(problem.spec.name) == list(langs)
    assert languages(problem) == sorted(langs)
    assert problem.spec.pass_fail == (kind != "subtasks")
    assert (problem.spec.interactor is not None) == (kind == "interactive")
    assert made.untranslated == (("fr",) if "fr" in langs else ())
    assert problem.spec.checker.type == ("float" if kind == "float" else "tokens")
    for lib in ("generators/ojgen.py", "generators/ojgen.h", "validators/ojval.py", "validators/ojval.h",
                "validators/validate.cpp", "README.md"):
        assert (made.root / lib).is_file(), lib


def test_a_float_problem_accepts_other_digits_and_rejects_a_truncated_mean(tmp_path: Path) -> None:
    """--float: the model prints 9 decimals, mean.py Python's shortest repr; both pass within 1e-6, the integer
    division fails; `export --to all` leaves UOJ out, naming why, and exits 0."""
    r = ojpack("new", "m", "--float", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    root = tmp_path / "m"
    for step in (["build"], ["check"], ["export", "--to", "all", "--no-check"]):
        r = ojpack(*step, cwd=root)
        assert r.returncode == 0, f"ojpack {step}: {r.stdout}{r.stderr}"
        if step == ["check"]:
            assert "check passed" in r.stdout and "wrong_answer/integer_division.cpp" in r.stdout
    assert "uoj skipped" in r.stdout and not (root / "build" / "export" / "uoj.zip").exists()
    assert (root / "build" / "export" / "kattis.zip").is_file()


def test_new_refuses_what_it_should(tmp_path: Path) -> None:
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("")
    with pytest.raises(OjpackError, match="already exists and is not an empty folder"):
        new_problem(tmp_path / "full")
    with pytest.raises(OjpackError, match="--lang english: expected language codes"):
        parse_languages("english")
    r = ojpack("new", "q", "--interactive", "--subtasks", cwd=tmp_path)
    assert r.returncode == 1 and "choose one" in r.stderr and not (tmp_path / "q").exists()


# --- the validator libraries: validate.py (ojval.py) and validate.cpp (ojval.h) say the same -------------------

CASES = [b"3\n1 2 3\n", b"1\n0\n", b"0\n\n", b"1\n1000000001\n", b"1\n-1\n", b"3\n1 2\n", b"2\n1 2 3\n",
         b"1\n07\n", b"2\n1  2\n", b"1\r\n5\n", b"1\n5", b"1\n5\n\n", b"", b"x\n", b"1\n-0\n", b"1\n+5\n",
         b"2\n1000000000 0\n", b"1\n99999999999999999999999\n", b"\xef\xbb\xbf1\n5\n", b"1\n5\t\n"]


@pytest.fixture(scope="module")
def validators(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], list[str]]:
    made = new_problem(tmp_path_factory.mktemp("v") / "p")
    exe = made.root / "validate"
    subprocess.run(["g++", "-O2", "-o", str(exe), str(made.root / "validators" / "validate.cpp")], check=True)
    return [sys.executable, str(made.root / "validators" / "validate.py")], [str(exe)]


@pytest.mark.parametrize("data", CASES)
def test_python_and_cpp_validators_agree(validators, data: bytes) -> None:
    runs = [subprocess.run([*argv, "--features", "n=1..200000", "a=0..1000000000"], input=data,
                           capture_output=True, timeout=60) for argv in validators]
    py, cpp = runs
    assert py.returncode in (42, 43) and py.returncode == cpp.returncode, (py, cpp)
    assert py.stderr.decode() == cpp.stderr.decode()
    if py.returncode == 42:
        assert yaml.safe_load(py.stdout) == yaml.safe_load(cpp.stdout)


def test_features_name_the_bound_ends_reached(validators) -> None:
    py, _ = validators
    r = subprocess.run([*py, "--features", "n=1..3", "a=0..9"], input=b"3\n0 9 9\n", capture_output=True)
    assert r.returncode == 42
    assert yaml.safe_load(r.stdout) == {"values": {}, "features": ["n=max", "a=min", "a=max"], "classes": {}}
    r = subprocess.run([*py, "n=1..3"], input=b"3\n0 9 9\n", capture_output=True)   # a bound missing: a bug
    assert r.returncode == 43 and b"validator bug: no bound a=LO..HI" in r.stderr


# --- the generator libraries: the same draws from ojgen.py and ojgen.h -----------------------------------------

TWIN = r"""
#include "ojgen.h"
#include <cstdio>
int main(int argc, char** argv) {
    ojgen::Random seeded(0);
    std::printf("%llu\n", (unsigned long long)seeded.next64());
    ojgen::Random r = ojgen::Random::from_argv(argc, argv);
    for (int i = 0; i < 5; i++) { long long v = r.randint(-5, 1000000006); std::printf("%lld ", v); }
    std::printf("\n");
    for (int v : r.permutation(8)) std::printf("%d ", v);
    std::printf("\n");
    for (auto& e : r.tree(7)) std::printf("%d-%d ", e.first, e.second);
    std::printf("\n%s\n", r.string(12).c_str());
}
"""


def test_python_and_cpp_generators_draw_the_same(tmp_path: Path) -> None:
    root = new_problem(tmp_path / "p").root
    (tmp_path / "twin.cpp").write_text(TWIN)
    subprocess.run(["g++", "-O2", "-I", str(root / "generators"), "-o", str(tmp_path / "twin"),
                    str(tmp_path / "twin.cpp")], check=True)
    sys.path.insert(0, str(root / "generators"))
    try:
        import ojgen   # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(root / "generators"))
    for argv in (["random", "--n", "5"], ["x"], []):
        cpp = subprocess.run([str(tmp_path / "twin"), *argv], capture_output=True, text=True, check=True).stdout
        r = ojgen.Random.from_argv(argv)
        py = "\n".join([
            str(ojgen.Random(0).next64()),
            "".join(f"{r.randint(-5, 1000000006)} " for _ in range(5)),
            "".join(f"{v} " for v in r.permutation(8)),
            "".join(f"{u}-{v} " for u, v in r.tree(7)),
            r.string(12)]) + "\n"
        assert py == cpp
    # splitmix64's published first output for seed 0 is xoshiro's first state word
    assert ojgen.Random(0).s[0] == 0xE220A8397B1DCDAF


def test_a_generator_gives_the_same_bytes_for_the_same_line(tmp_path: Path) -> None:
    root = new_problem(tmp_path / "p").root
    gen = [sys.executable, str(root / "generators" / "gen.py")]
    one = subprocess.run([*gen, "random", "--n", "3..50", "--a", "0..100"], capture_output=True, check=True).stdout
    two = subprocess.run([*gen, "random", "--n", "3..50", "--a", "0..100"], capture_output=True, check=True).stdout
    salted = subprocess.run([*gen, "random", "--n", "3..50", "--a", "0..100", "--salt", "1"], capture_output=True,
                            check=True).stdout
    assert one == two != salted


def test_uoj_val_cpp_is_one_file_with_the_header_inside(tmp_path: Path) -> None:
    """UOJ compiles val.cpp alone: the export pastes ojval.h in place of its #include."""
    from ojpack.formats.common.package import inline_includes, local_includes

    root = new_problem(tmp_path / "p").root
    source = root / "validators" / "validate.cpp"
    assert local_includes(source) == [root / "validators" / "ojval.h"]
    alone = tmp_path / "alone"
    alone.mkdir()
    (alone / "val.cpp").write_text('#define BUILTIN_BOUNDS "n=1..3 a=0..9"\n#define VALID_EXIT 0\n#define INVALID_EXIT 1\n'
                                   + inline_includes(source))
    subprocess.run(["g++", "-O2", "-Werror", "-o", str(alone / "val"), str(alone / "val.cpp")], check=True)
    assert subprocess.run([str(alone / "val")], input=b"2\n0 9\n").returncode == 0
    assert subprocess.run([str(alone / "val")], input=b"4\n0 9 1 1\n", capture_output=True).returncode == 1
