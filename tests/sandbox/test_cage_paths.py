"""isolation._real, the one-open realpath cage_binds resolves the run's paths with: the same answer as
os.path.realpath for links, linked folders, missing and dangling paths, so a run binds what it did."""

from __future__ import annotations

import os
from pathlib import Path

from ojpack.sandbox.isolation import _real, cage_binds


def test_real_agrees_with_realpath(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "real").mkdir()
    prog = tmp_path / "real" / "prog"
    prog.write_text("")
    (tmp_path / "linked").symlink_to(tmp_path / "real")
    (tmp_path / "second").symlink_to(tmp_path / "linked" / "prog")
    (tmp_path / "first").symlink_to("second")
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    monkeypatch.chdir(tmp_path)
    paths = [tmp_path / "first", tmp_path / "linked" / "prog", str(tmp_path / "linked") + "/", "first",
             "linked/../real/prog", tmp_path / "dangling", tmp_path / "missing" / "file", "/", "/dev/null"]
    for path in paths:
        assert _real(path) == os.path.realpath(path), path
    assert _real(tmp_path / "first") == str(prog)


def test_a_linked_program_binds_its_target(tmp_path: Path) -> None:
    prog = tmp_path / "prog"
    prog.write_text("")
    (tmp_path / "alias").symlink_to(prog)
    assert cage_binds([str(tmp_path / "alias")], [], []) == [f"r:{prog}"]
