"""Symlinks in an imported folder: one that leads nowhere cannot bring a host file in and is left out (named
in the report); one that leads to a file outside the package is still refused.

DOMjudge's example problems link `problem.pdf` to `../../doc/examples/<name>.pdf`: copied out of the
DOMjudge tree (or fetched without that folder) the link dangles, and the package is otherwise whole."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ojpack.errors import OjpackError
from ojpack.publish import import_package

sys.path.insert(0, str(Path(__file__).parents[2]))
from echo_package import echo_package  # noqa: E402


def test_a_dangling_symlink_is_left_out_and_named(tmp_path: Path) -> None:
    src = echo_package(tmp_path / "echo")
    (src / "problem.pdf").symlink_to("../../doc/examples/echo.pdf")   # DOMjudge's layout, without doc/
    report = import_package(src, tmp_path / "out")
    assert report.tests == 2 and report.mismatches == []
    assert "problem.pdf: a symlink to ../../doc/examples/echo.pdf, which does not exist: left out" in report.notes
    assert not (tmp_path / "out" / "problem.pdf").exists()


def test_a_symlink_to_an_existing_file_outside_is_still_refused(tmp_path: Path) -> None:
    src = echo_package(tmp_path / "echo")
    (tmp_path / "doc").mkdir()
    (tmp_path / "doc" / "echo.pdf").write_bytes(b"%PDF-1.4\n")
    (src / "problem.pdf").symlink_to("../doc/echo.pdf")
    with pytest.raises(OjpackError, match="^problem.pdf: a symlink out of the package"):
        import_package(src, tmp_path / "out")
