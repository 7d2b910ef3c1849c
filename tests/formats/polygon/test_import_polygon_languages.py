"""Statements and titles in any language are kept as such: a real Polygon package whose only statement and
title are Russian (tests/formats/fixtures/polygon-segments, from github.com/Marlinpa/tree-of-segments) comes in as `name: {ru: …}` with
statement/problem.ru.md.j2 under Polygon's Russian section headings, not as an English title holding the
Russian text."""

from __future__ import annotations

from pathlib import Path

import yaml

from ojpack.publish import import_package

FIXTURE = Path(__file__).parents[1] / "fixtures" / "polygon-segments"


def test_a_russian_package_keeps_its_russian_title_and_statement(tmp_path: Path) -> None:
    report = import_package(FIXTURE, tmp_path / "out")
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text(encoding="utf-8"))
    assert spec["name"] == {"ru": "Бедный Вася и начальство"}
    statement = (tmp_path / "out" / "statement" / "problem.ru.md.j2").read_text(encoding="utf-8")
    assert "## Условие" in statement and "## Входные данные" in statement and "Строитель Вася" in statement
    assert not (tmp_path / "out" / "statement" / "imported").exists()
    assert not [n for n in report.notes if "not carried over" in n and "ru" in n]
