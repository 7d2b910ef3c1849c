"""How big a file a compile may write: a static array is written into the executable, so the cap follows
the problem's memory limit (at least COMPILE_FILE_MIB), and a failure at the cap is not remembered."""

import shutil

import pytest

from ojpack.sandbox.compile import COMPILE_FILE_MIB, CompileError, file_cap_mib, prepare
from ojpack.sandbox.runner import RunLimits, run

BIG_MIB = COMPILE_FILE_MIB + 8   # just past the cap a problem without a larger memory limit gets

# An initialised static array: the object file and the executable each hold all of it.
STATIC = f"""#include <cstdio>
static char a[{BIG_MIB}u * 1024u * 1024u] = {{1}};
int main() {{ a[10] = 2; std::printf("%d %d\\n", a[0], a[10]); }}
"""


def test_the_cap_is_the_memory_limit_and_never_below_the_default():
    assert file_cap_mib(None) == COMPILE_FILE_MIB
    assert file_cap_mib(64) == COMPILE_FILE_MIB
    assert file_cap_mib(2048) == 2048


def test_a_binary_bigger_than_the_default_cap_compiles_under_a_larger_memory_limit(tmp_path, monkeypatch):
    monkeypatch.setenv("OJPACK_CACHE_HOME", str(tmp_path / "home"))   # the store would keep a copy
    src = tmp_path / "memstatic.cc"
    src.write_text(STATIC)
    cache = tmp_path / "cache"
    try:
        with pytest.raises(CompileError) as e:   # the default cap: the compiler is stopped at it
            prepare(src, cache)
        assert f"passed {COMPILE_FILE_MIB} MiB" in e.value.message
        program = prepare(src, cache, memory_mib=BIG_MIB + 64)   # not the failure remembered above
        out = tmp_path / "out"
        res = run(program.argv, src, out, RunLimits(cpu=5, wall=20, memory_mib=BIG_MIB + 64, output_mib=8),
                  address_space=program.language.address_space)
        assert res.status == "ok" and out.read_bytes() == b"1 2\n"
    finally:   # two copies of a big binary: not left for pytest's kept temporary folders
        shutil.rmtree(cache, ignore_errors=True)
        shutil.rmtree(tmp_path / "home", ignore_errors=True)
