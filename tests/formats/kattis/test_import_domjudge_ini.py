"""DOMjudge's domjudge-problem.ini (tests/formats/fixtures/kattis/dj-timelimit, a real course package with no
.timelimit): its `timelimit` is the time limit, as DOMjudge reads it, instead of one derived from this
machine's runs; its other keys are read or named."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

from ojpack.publish import import_package

FIXTURE = Path(__file__).parents[1] / "fixtures" / "kattis" / "dj-timelimit"


def test_the_ini_timelimit_is_the_time_limit(tmp_path: Path) -> None:
    report = import_package(FIXTURE, tmp_path / "out")
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text())
    assert spec["limits"]["time"] == 5.0
    assert "domjudge-problem.ini: the time limit is its timelimit, 5 s, as DOMjudge reads it" in report.notes


def test_timelimit_file_wins_and_name_and_contest_keys_are_read(tmp_path: Path) -> None:
    source = shutil.copytree(FIXTURE, tmp_path / "src")
    (source / ".timelimit").write_text("2\n")
    (source / "problem.yaml").write_text("validation: custom\n")
    (source / "domjudge-problem.ini").write_text("name='Homework one'\ntimelimit = 5\ncolor = #ff0000\n"
                                                 "special_compare = float\n")
    report = import_package(source, tmp_path / "out")
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text())
    assert spec["limits"]["time"] == 2.0   # DOMjudge: the package's .timelimit over the ini's
    assert spec["name"]["en"] == "Homework one"
    assert any("special_compare 'float'" in n and "not carried over" in n for n in report.notes)
    assert any("color '#ff0000'" in n for n in report.notes)
