"""The machine-wide store of compiled programs: bounded, least recently used out first, a binary kept once,
and a compile failed by the machine (not the program) never remembered."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from ojpack.errors import OjpackError
from ojpack.sandbox.compile import CompileError, prepare
from ojpack.sandbox.runner import RunLimits, run
from ojpack.sandbox.store import _disk_usage, store_max

from conftest import fake_tool, host_secret

LIMITS = RunLimits(cpu=5, wall=20, memory_mib=256, output_mib=8)
HOSTILE = Path(__file__).parent / "hostile"


def source(tmp_path: Path, name: str) -> Path:
    path = tmp_path / "src" / f"{name}.c"
    path.parent.mkdir(exist_ok=True)
    path.write_text(f'#include <stdio.h>\nint main(void) {{ puts("{name}"); return 0; }}\n')
    return path


def test_a_store_past_its_bound_evicts_the_least_recently_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("OJPACK_CACHE_HOME", str(home))
    a = prepare(source(tmp_path, "a"), tmp_path / "one")
    entry = _disk_usage(str(home / "bin" / a.key))
    monkeypatch.setenv("OJPACK_STORE_MAX", str(entry * 5 // 2))   # room for two entries, not three
    b = prepare(source(tmp_path, "b"), tmp_path / "one")
    assert prepare(source(tmp_path, "a"), tmp_path / "two").key == a.key   # a is used again: b is now the oldest
    c = prepare(source(tmp_path, "c"), tmp_path / "one")
    assert sorted(p.name for p in (home / "bin").iterdir()) == sorted([a.key, c.key])
    assert b.key not in os.listdir(home / "bin")
    out = tmp_path / "out"   # a package's own copy outlives the store's
    assert run(b.argv, Path(os.devnull), out, LIMITS).status == "ok" and out.read_text() == "b\n"


def test_a_package_copy_of_a_stored_binary_is_the_same_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("OJPACK_CACHE_HOME", str(home))
    first = prepare(source(tmp_path, "a"), tmp_path / "one")
    second = prepare(source(tmp_path, "a"), tmp_path / "two")
    stored = (home / "bin" / first.key / "prog").stat()
    for program in (first, second):
        assert Path(program.argv[0]).stat().st_ino == stored.st_ino


def test_the_store_bound_is_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OJPACK_STORE_MAX", raising=False)
    assert store_max() == 1 << 30
    for text, size in (("500M", 500 << 20), ("2G", 2 << 30), ("4096", 4096), ("64 KiB", 64 << 10)):
        monkeypatch.setenv("OJPACK_STORE_MAX", text)
        assert store_max() == size
    monkeypatch.setenv("OJPACK_STORE_MAX", "lots")
    with pytest.raises(OjpackError, match="OJPACK_STORE_MAX='lots': expected a size such as 500M or 2G"):
        store_max()


def test_a_compile_failed_by_a_full_disk_is_tried_again_not_remembered(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # A g++ that fails as a full disk makes it fail while the flag file lies beside it, else the real one.
    tools = fake_tool(tmp_path, monkeypatch, HOSTILE / "full_disk_gxx.sh", "g++")
    (tools / "disk-full").write_text("")
    src = tmp_path / "a.cpp"
    src.write_text('#include <cstdio>\nint main() { std::puts("compiled"); }\n')
    cache = tmp_path / "cache"
    with pytest.raises(CompileError, match="No space left on device"):
        prepare(src, cache)
    assert not list((cache / "bin").glob("*.err"))
    (tools / "disk-full").unlink()   # the disk has room again: the same source compiles
    program = prepare(src, cache)
    out = tmp_path / "out"
    assert run(program.argv, Path(os.devnull), out, LIMITS).status == "ok" and out.read_text() == "compiled\n"
    # the program's own error is remembered, even when the line gcc quotes from it mentions a full disk
    src.write_text('int main() { const char* s = "No space left on device"; return undeclared; }\n')
    with pytest.raises(CompileError, match="undeclared"):
        prepare(src, cache)
    assert len(list((cache / "bin").glob("*.err"))) == 1


def test_a_staging_folder_a_killed_process_left_is_cleared_at_the_next_store(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("OJPACK_CACHE_HOME", str(home))
    stale, fresh = home / "bin" / ".abc.123.456", home / "bin" / ".def.123.456"
    for folder in (stale, fresh):
        folder.mkdir(parents=True)
        (folder / "prog").write_bytes(b"\0" * 4096)
    os.utime(stale, (1, 1))   # left in 1970: long dead
    prepare(source(tmp_path, "a"), tmp_path / "one")
    assert not stale.exists() and fresh.exists()   # one being written right now is left alone


def test_a_machine_failure_an_older_toolkit_remembered_is_tried_again(tmp_path: Path) -> None:
    src = source(tmp_path, "a")
    cache = tmp_path / "cache"
    key = prepare(src, cache).key
    shutil.rmtree(cache / "bin" / key)
    (cache / "bin" / f"{key}.err").write_text("a.c: fatal error: cannot write: No space left on device")
    out = tmp_path / "out"
    assert run(prepare(src, cache).argv, Path(os.devnull), out, LIMITS).status == "ok" and out.read_text() == "a\n"


def test_a_compiled_program_left_as_a_link_to_a_host_file_is_refused(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    fake_tool(tmp_path, monkeypatch, HOSTILE / "link_output_gcc.sh", "gcc", host_secret(tmp_path, "TOPSECRET"))
    with pytest.raises(CompileError, match="left its output as a symbolic link"):   # a source no test compiled
        prepare(source(tmp_path, "linked"), tmp_path / "cache")
