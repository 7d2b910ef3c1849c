"""The cage's prepared /etc is rebuilt when the host's copies change (a language installed later)."""

from __future__ import annotations

import os
from pathlib import Path

from ojpack.sandbox import launch


def _etc(tmp_path: Path) -> Path:
    etc = tmp_path / "etc"
    (etc / "alternatives").mkdir(parents=True)
    os.symlink("/usr/bin/true", etc / "alternatives" / "java")
    (etc / "ld.so.cache").write_bytes(b"cache")
    (etc / "passwd").write_text("not copied\n")
    for p in (etc / "alternatives", etc / "ld.so.cache"):
        os.utime(p, ns=(10**18, 10**18), follow_symlinks=False)
    return etc


def test_a_new_alternatives_link_changes_the_host_state(tmp_path: Path) -> None:
    etc = _etc(tmp_path)
    before = launch.host_state(etc)
    assert [n for n, _, _ in before] == ["ld.so.cache", "alternatives"]
    os.symlink("/usr/bin/true", etc / "alternatives" / "fpc")   # what installing a compiler does
    assert launch.host_state(etc) != before


def test_a_new_config_file_changes_the_host_state(tmp_path: Path) -> None:
    etc = _etc(tmp_path)
    before = launch.host_state(etc)
    (etc / "fpc-3.2.2.cfg").write_text("-Fu/usr/lib\n")
    assert [n for n, _, _ in launch.host_state(etc)] == ["ld.so.cache", "alternatives", "fpc-3.2.2.cfg"]
    assert launch.host_state(etc) != before


def test_the_skeleton_name_follows_the_host_state(monkeypatch, tmp_path: Path) -> None:
    etc = _etc(tmp_path)
    real = launch.host_state
    monkeypatch.setattr(launch, "host_state", lambda: real(etc))
    first = launch.skeleton_name()
    assert launch.skeleton_name() == first
    os.symlink("/usr/bin/true", etc / "alternatives" / "fpc")
    assert launch.skeleton_name() != first
