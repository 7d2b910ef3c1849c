"""The compile cache must give what a cold compile gives: keyed by language, toolchain, version and name."""

from __future__ import annotations

from pathlib import Path

import pytest

import ojpack.sandbox.compile as compile_mod
from ojpack.sandbox.compile import CompileError, prepare
from ojpack.sandbox.runner import RunLimits, run

LIMITS = RunLimits(cpu=5, wall=20, memory_mib=256, output_mib=8)
CPP = "#include <cstdio>\nint main(){int x; if (scanf(\"%d\",&x) != 1) return 1; std::printf(\"%d\\n\", x + 1);}\n"


def _out(program, tmp_path: Path, stdin: bytes) -> bytes:
    (tmp_path / "in").write_bytes(stdin)
    res = run(program.argv, tmp_path / "in", tmp_path / "out", LIMITS)
    assert res.status == "ok"
    return (tmp_path / "out").read_bytes()


def test_lang_compiles_any_extension_as_that_language(tmp_path: Path) -> None:
    txt = tmp_path / "x.txt"
    txt.write_text(CPP)
    cache = tmp_path / "cache"
    program = prepare(txt, cache, lang="cpp")       # g++ alone would read a .txt as a linker script
    assert _out(program, tmp_path, b"41") == b"42\n"
    same = tmp_path / "x.cpp"
    same.write_text(CPP)
    assert _out(prepare(same, cache), tmp_path, b"1") == b"2\n"


def test_a_failure_in_one_language_is_not_reused_for_another(tmp_path: Path) -> None:
    src = tmp_path / "prog.c"
    src.write_text("#include <cstdio>\nint main(){ std::printf(\"hi\\n\"); }\n")   # C++, not C
    cache = tmp_path / "cache"
    with pytest.raises(CompileError):
        prepare(src, cache)
    assert _out(prepare(src, cache, lang="cpp"), tmp_path, b"") == b"hi\n"


def test_the_compiler_version_is_part_of_the_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = tmp_path / "a.cpp"
    src.write_text(CPP)
    before = prepare(src, tmp_path / "cache").key
    monkeypatch.setattr(compile_mod, "tool_version", lambda program: "g++ (a newer release) 99.1")
    assert prepare(src, tmp_path / "cache").key != before


def test_java_class_name_is_part_of_the_key(tmp_path: Path) -> None:
    body = "public class {0} {{ public static void main(String[] a) {{ System.out.println(\"{0}\"); }} }}\n"
    a, b = tmp_path / "a.java", tmp_path / "b.java"
    a.write_text(body.format("Alpha"))
    b.write_text(body.format("Beta"))
    pa, pb = prepare(a, tmp_path / "cache"), prepare(b, tmp_path / "cache")
    assert pa.key != pb.key and pa.argv[-1] == "Alpha" and pb.argv[-1] == "Beta"


def test_a_compiled_folder_copied_from_the_shared_store_is_readable_by_the_cage(tmp_path: Path) -> None:
    # the cage runs programs as an unprivileged uid: a root-only folder would hide a JVM's classes from it
    from ojpack.sandbox.store import copy_in as _copy_in

    src = tmp_path / "store" / "k"
    src.mkdir(parents=True)
    (src / "Main.class").write_bytes(b"\xca\xfe")
    src.chmod(0o700)
    assert _copy_in(src, tmp_path / "bin" / "k")
    assert (tmp_path / "bin" / "k").stat().st_mode & 0o777 == 0o755
