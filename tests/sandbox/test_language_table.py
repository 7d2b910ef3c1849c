"""Every language of the table compiles and runs a hello-world in the cage, as judges run it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ojpack.sandbox import load_languages
from ojpack.sandbox.compile import prepare
from ojpack.sandbox.isolation import isolation_problem
from ojpack.sandbox.runner import RunLimits, run

from cage_identities import Identity, each_identity

HERE = Path(__file__).parent / "langs"
# language id -> the hello-world that exercises it (the C++ standards share one source)
SOURCES = {"c": "hello.c", "cpp": "hello.cpp", "cpp11": "hello.cpp", "cpp14": "hello.cpp", "cpp20": "hello.cpp",
           "cpp23": "hello.cpp", "python": "hello.py", "pypy": "hello.py", "java": "Hello.java",
           "kotlin": "hello.kt", "rust": "hello.rs", "go": "hello.go", "javascript": "hello.js",
           "csharp": "hello.cs", "haskell": "hello.hs", "ocaml": "hello.ml", "php": "hello.php", "ruby": "hello.rb",
           "scala": "hello.scala", "lisp": "hello.lisp", "prolog": "hello.pl", "perl": "hello_perl.pl",
           "pascal": "hello.pas", "shell": "hello.sh", "bash": "hello.bash"}


# the runtimes that start threads, reserve address space or read their own configuration: run as a plain
# user too (the rootless cage), where the process cap and the namespaces differ from root's
THREADED = ["csharp", "haskell", "ocaml", "php", "ruby", "scala", "lisp", "prolog", "perl", "go", "javascript", "pascal"]


def test_every_language_has_a_hello_world():
    assert set(SOURCES) == set(load_languages())


def _available(language_id: str) -> bool:
    lang = load_languages()[language_id]
    tool = lang.toolchain
    return tool == "{python}" or shutil.which(tool) is not None


@pytest.mark.parametrize("language_id", sorted(SOURCES))
def test_hello_world_in_the_cage(language_id, tmp_path):
    if not _available(language_id):
        pytest.skip(f"{load_languages()[language_id].toolchain} is not installed (scripts/setup.sh test installs it)")
    src = tmp_path / SOURCES[language_id]
    shutil.copy(HERE / SOURCES[language_id], src)
    program = prepare(src, tmp_path / "cache", lang=language_id, memory_mib=256, timeout=300)
    (tmp_path / "in").write_bytes(b"20 22\n")
    res = run(program.argv, tmp_path / "in", tmp_path / "out", RunLimits(cpu=10, wall=30, memory_mib=256, output_mib=8),
              address_space=program.language.address_space, stderr=tmp_path / "err")
    assert res.status == "ok", (res, (tmp_path / "err").read_text(errors="replace"))
    assert (tmp_path / "out").read_bytes() == b"hello 42\n"


@pytest.fixture(scope="module")
def plain_user() -> Identity:
    if isolation_problem() is not None:
        pytest.skip(f"no sandbox here: {isolation_problem()}")
    yield from each_identity("user", "ojpack-langs-driver-")


@pytest.mark.parametrize("language_id", THREADED)
def test_hello_world_in_a_plain_users_cage(language_id, plain_user, tmp_path):
    if not _available(language_id):
        pytest.skip(f"{load_languages()[language_id].toolchain} is not installed (scripts/setup.sh test installs it)")
    work = plain_user.folder(tmp_path)
    try:
        src = work / SOURCES[language_id]
        shutil.copy(HERE / SOURCES[language_id], src)
        (work / "in").write_bytes(b"20 22\n")
        if plain_user.driver is None:
            argv = list(prepare(src, work / "cache", lang=language_id, timeout=300).argv)
        else:
            said = plain_user.call(work, op="prepare", source=src, cache=work / "cache", lang=language_id)
            assert "argv" in said, said
            argv = said["argv"]
        limits = {"cpu": 10, "wall": 30, "memory_mib": 256, "output_mib": 8}
        if plain_user.driver is None:
            res = run(argv, work / "in", work / "out", RunLimits(**limits), stderr=work / "err").status
        else:
            res = plain_user.call(work, op="run", argv=argv, stdin=work / "in", stdout=work / "out",
                                  stderr=work / "err", limits=limits)["status"]
        assert res == "ok", (work / "err").read_text(errors="replace")
        assert (work / "out").read_bytes() == b"hello 42\n"
    finally:
        if not work.is_relative_to(tmp_path):
            shutil.rmtree(work, ignore_errors=True)


@pytest.mark.parametrize("memory", [1024, 2048])
def test_java_starts_under_a_memory_limit_above_a_gibibyte(memory, tmp_path):
    """-Xss above 1024m makes the JVM refuse to start; imported Kattis packages ask for 2048 MiB."""
    src = tmp_path / "Hello.java"
    shutil.copy(HERE / "Hello.java", src)
    program = prepare(src, tmp_path / "cache", memory_mib=memory)
    assert program.argv[-1] == "Hello"
    assert "-Xss1024m" in program.argv and f"-Xmx{memory}m" in program.argv
    (tmp_path / "in").write_bytes(b"1 2\n")
    res = run(program.argv, tmp_path / "in", tmp_path / "out", RunLimits(cpu=10, wall=30, memory_mib=memory, output_mib=8),
              address_space=False, stderr=tmp_path / "err")
    assert res.status == "ok", (tmp_path / "err").read_text(errors="replace")
    assert (tmp_path / "out").read_bytes() == b"hello 3\n"


@pytest.mark.parametrize("text, main", [
    # a static helper class declared before main(): the class holding main() is run, not the helper
    ("public class Main {\n static class FastReader { String s = \"{\"; char c = '}'; }\n"
     " public static void main(String[] a) { }\n}", "Main"),
    ("class FastReader { void f() { } }\nclass Solution { // class Fake {\n static public void main(String... a) {"
     " Runnable r = () -> { }; }\n}", "Solution"),
    ("package a.b; /* public class X { static void main( */ public class Y { public static void main(String[] a) {} }",
     "a.b.Y"),
    ("public class P { void f() { Object o = new Object() { }; } public static void main(String[] x) { } }", "P"),
    ("public class Z { }", "Z"),
])
def test_java_main_class_is_the_one_declaring_main(text, main):
    from ojpack.sandbox import main_name
    assert main_name(Path("/x/Q.java"), load_languages()["java"], text) == main


def test_a_prolog_program_that_halts_while_it_loads_is_a_compile_error(tmp_path):
    """`:- initialization(main).` runs main, and its halt, while swipl compiles: no saved state is written, yet
    swipl exits 0. That is the program's compile error, not a crash of the sandbox on a missing binary."""
    if not _available("prolog"):
        pytest.skip("swipl is not installed (scripts/setup.sh test installs it)")
    from ojpack.sandbox import CompileError
    src = tmp_path / "halts.pl"
    src.write_text(":- initialization(main).\nmain :- write(hi), nl, halt.\n")
    with pytest.raises(CompileError, match="left no prog"):
        prepare(src, tmp_path / "cache")


@pytest.mark.parametrize("first_line, language_id", [
    ("#!/usr/bin/perl\n", "perl"), ("#!/usr/bin/env perl -w\n", "perl"),
    ("% reads two numbers\n", "prolog"), ("#!/usr/bin/env swipl\n", "prolog"), ("", "prolog"),
])
def test_a_pl_file_is_prolog_unless_its_first_line_runs_perl(first_line, language_id, tmp_path):
    """problemtools and BAPCtools take .pl as Prolog; a Perl script says so on its #! line."""
    from ojpack.sandbox import detect
    src = tmp_path / "a.pl"
    src.write_text(first_line + "main.\n")
    assert detect(src).id == language_id
    assert detect(tmp_path / "missing.pl").id == "prolog"
