"""A Polygon validator that prints while it accepts (on stdout or stderr, in Russian here) accepts: Polygon
judges a validator by its exit code alone. The real package tests/formats/fixtures/polygon-segments, its
validator made to say so on both streams before it returns (no public package at hand does it as published)."""

from __future__ import annotations

import shutil
from pathlib import Path

from ojpack.publish import import_package

FIXTURE = Path(__file__).parents[1] / "fixtures" / "polygon-segments"
SAYS = '    printf("Тест корректен\\n");\n    fprintf(stderr, "Проверка пройдена\\n");\n}'


def test_a_validator_that_prints_while_accepting_accepts(tmp_path: Path) -> None:
    source = shutil.copytree(FIXTURE, tmp_path / "src")
    validator = source / "files" / "2.cpp"
    text = validator.read_text(encoding="utf-8").rstrip()
    assert text.endswith("}")
    validator.write_text(text[:-1] + SAYS + "\n", encoding="utf-8")
    report = import_package(source, tmp_path / "out")
    assert report.tests == 6   # every test validated (and accepted) while the validator talked
