import pytest

from ojpack.sandbox.compile import CompileError, prepare
from ojpack.errors import OjpackError
from ojpack.sandbox.runner import RunLimits, run

LIMITS = RunLimits(cpu=5, wall=20, memory_mib=256, output_mib=8)


def _run(program, tmp_path, stdin=b""):
    (tmp_path / "in").write_bytes(stdin)
    res = run(program.argv, tmp_path / "in", tmp_path / "out", LIMITS, address_space=program.language.address_space)
    return res, (tmp_path / "out").read_bytes()


def test_cpp_compiles_once_and_is_cached_by_content(tmp_path):
    src = tmp_path / "a.cpp"
    src.write_text("#include <cstdio>\nint main(){int x; scanf(\"%d\",&x); printf(\"%d\\n\", 2*x);}\n")
    cache = tmp_path / "cache"
    p1 = prepare(src, cache)
    binary = p1.argv[0]
    stamp = (cache / "bin").stat().st_mtime_ns, sorted(x.name for x in (cache / "bin").iterdir())
    p2 = prepare(src, cache)
    assert p1 == p2
    assert stamp == ((cache / "bin").stat().st_mtime_ns, sorted(x.name for x in (cache / "bin").iterdir()))
    res, out = _run(p1, tmp_path, b"21")
    assert res.status == "ok" and out == b"42\n" and binary.endswith("prog")
    src.write_text(src.read_text().replace("2*x", "3*x"))
    assert prepare(src, cache).key != p1.key


def test_compile_error_carries_the_compilers_message(tmp_path):
    src = tmp_path / "bad.cpp"
    src.write_text("int main() { return undeclared_name; }\n")
    with pytest.raises(CompileError) as e:
        prepare(src, tmp_path / "cache")
    assert "undeclared_name" in e.value.message and "error" in e.value.message
    with pytest.raises(CompileError):  # cached failure fails the same way
        prepare(src, tmp_path / "cache")


def test_python_runs_with_the_real_interpreter(tmp_path):
    src = tmp_path / "a.py"
    src.write_text("import sys\nprint(sys.executable)\n")
    p = prepare(src, tmp_path / "cache")
    res, out = _run(p, tmp_path)
    assert res.status == "ok" and "shims" not in out.decode()


def test_java_runs_the_class_with_main_whatever_the_file_name(tmp_path):
    src = tmp_path / "solution.java"
    src.write_text("import java.util.*;\nclass Helper { int x; }\n"
                   "public class Answer { public static void main(String[] a) {"
                   " Scanner s = new Scanner(System.in); System.out.println(s.nextInt() + 1); } }\n")
    p = prepare(src, tmp_path / "cache", memory_mib=128)
    assert p.argv[-1] == "Answer" and "-Xmx128m" in p.argv
    res, out = _run(p, tmp_path, b"41")
    assert res.status == "ok" and out.strip() == b"42"


def test_unknown_extension_and_missing_file_are_clear_errors(tmp_path):
    (tmp_path / "x.d").write_text("void main() {}")   # D: not in the table
    with pytest.raises(OjpackError, match="--lang"):
        prepare(tmp_path / "x.d", tmp_path / "cache")
    with pytest.raises(OjpackError, match="no such file"):
        prepare(tmp_path / "nope.cpp", tmp_path / "cache")
    with pytest.raises(OjpackError, match="unknown language"):
        prepare(tmp_path / "x.d", tmp_path / "cache", lang="dlang")


def test_java_in_a_package_runs_by_its_full_class_name(tmp_path):
    src = tmp_path / "x.java"
    src.write_text("package contest.round1;\n// class NotThis\n"
                   "public class Main { public static void main(String[] a) { System.out.println(7); } }\n")
    p = prepare(src, tmp_path / "cache")
    assert p.argv[-1] == "contest.round1.Main"
    res, out = _run(p, tmp_path)
    assert res.status == "ok" and out.strip() == b"7"


def test_deep_recursion_may_use_the_stack_up_to_the_memory_limit(tmp_path):
    # ~80 MiB of stack frames: far past the usual 8 MiB default, inside a 128 MiB limit
    src = tmp_path / "deep.cpp"
    src.write_text("#include <cstdio>\n"
                   "int down(int k) { volatile char frame[800]; frame[k % 800] = (char)k;"
                   " return k == 0 ? 0 : down(k - 1) + frame[k % 800] % 2; }\n"
                   "int main() { printf(\"%d\\n\", down(100000)); }\n")
    p = prepare(src, tmp_path / "cache")
    (tmp_path / "in").write_bytes(b"")
    res = run(p.argv, tmp_path / "in", tmp_path / "out", RunLimits(cpu=5, wall=20, memory_mib=128, output_mib=1))
    assert res.status == "ok" and (tmp_path / "out").read_text().strip().lstrip("-").isdigit()
    assert res.memory_mib > 60


def test_a_compiled_program_is_shared_between_packages(tmp_path, monkeypatch):
    monkeypatch.setenv("OJPACK_CACHE_HOME", str(tmp_path / "home"))
    src = tmp_path / "a.cpp"
    src.write_text("#include <cstdio>\nint main(){puts(\"shared\");}\n")
    first = prepare(src, tmp_path / "one" / "cache")
    assert (tmp_path / "home" / "bin" / first.key / ".ok").exists()
    # another package compiles nothing: the same source comes out of the store (a missing g++ would fail)
    monkeypatch.setenv("PATH", str(tmp_path / "no-compilers"))
    second = prepare(src, tmp_path / "two" / "cache")
    assert second.key == first.key and second.argv[0].startswith(str(tmp_path / "two" / "cache"))
    out = tmp_path / "out"
    assert run(second.argv, src, out, LIMITS).status == "ok" and out.read_bytes() == b"shared\n"


def test_python_programs_run_on_the_systems_build_of_the_same_version(monkeypatch):
    import os
    import sys

    from ojpack.sandbox import languages

    want = f"/usr/bin/python{sys.version_info.major}.{sys.version_info.minor}"
    seen = []

    def access(path, mode):
        seen.append(path)
        return path == want

    monkeypatch.setattr(os, "access", access)
    languages.real_python.cache_clear()
    try:
        assert languages.real_python() == want
        monkeypatch.setattr(os, "access", lambda path, mode: False)   # no such build: ojpack's own, resolved
        languages.real_python.cache_clear()
        assert languages.real_python() == os.path.realpath(sys.executable)
    finally:
        languages.real_python.cache_clear()
    assert seen == [want]   # never another version's interpreter, whatever /usr/bin/python3 points at
