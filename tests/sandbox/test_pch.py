from ojpack.sandbox.compile import CompileError, prepare
from ojpack.sandbox.runner import RunLimits, run

LIMITS = RunLimits(cpu=5, wall=20, memory_mib=256, output_mib=8)
# its own gcd beside std's, and the header included twice: a precompiled header must change neither
SOURCE = ("// first include decides\n#include <bits/stdc++.h>\n#include <bits/stdc++.h>\n"
          "int gcd(int a, int b) { return b ? gcd(b, a % b) : a; }\n"
          "int main() { std::vector<int> v{12, 18}; printf(\"%d\\n\", gcd(v[0], v[1])); }\n")
BROKEN = "#include <bits/stdc++.h>\nint main() { std::vector<int> v; return v.nope(); }\n"


def _compile(tmp_path, monkeypatch, on: bool, name: str, text: str):
    monkeypatch.setenv("OJPACK_CACHE_HOME", str(tmp_path / f"home-{on}"))   # no shared compiled program
    monkeypatch.setenv("OJPACK_PCH", "1" if on else "0")
    src = tmp_path / name
    src.write_text(text)
    return prepare(src, tmp_path / f"cache-{name}-{on}")


def test_bits_stdcpp_is_read_precompiled_and_compiles_the_same(tmp_path, monkeypatch):
    plain = _compile(tmp_path, monkeypatch, False, "a.cpp", SOURCE)
    assert not (tmp_path / "home-False" / "pch").exists()   # switched off: nothing built
    fast = _compile(tmp_path, monkeypatch, True, "a.cpp", SOURCE)
    gch = list((tmp_path / "home-True" / "pch").glob("*/bits/stdc++.h.gch"))
    assert len(gch) == 1 and gch[0].stat().st_size > 0
    assert fast.key == plain.key   # the same program: its cache entry is shared
    for prog in (plain, fast):
        (tmp_path / "in").write_bytes(b"")
        res = run(prog.argv, tmp_path / "in", tmp_path / "out", LIMITS)
        assert res.status == "ok" and (tmp_path / "out").read_bytes() == b"6\n"
    said = []
    for on in (False, True):
        try:
            _compile(tmp_path, monkeypatch, on, f"broken{on}.cpp", BROKEN)
        except CompileError as e:
            said.append(e.message.replace(f"broken{on}.cpp", "broken.cpp"))
    assert len(said) == 2 and said[0] == said[1] and "nope" in said[0]


def test_a_source_starting_with_another_header_builds_none(tmp_path, monkeypatch):
    prog = _compile(tmp_path, monkeypatch, True, "b.cpp", "#include <cstdio>\n#include <bits/stdc++.h>\n"
                    "int main() { puts(\"hi\"); }\n")
    assert prog.argv and not (tmp_path / "home-True" / "pch").exists()
