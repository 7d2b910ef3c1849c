"""A submission whose language is not installed here (Kotlin on a machine set up without `setup.sh langs`) is
that submission's own outcome, naming the program missing and the remedy: the rest of `check` is judged and
its --json is written. `ojpack --version` lists the languages ready here and what the others lack. The real
package: mamrudien/lecturer (tests/formats/fixtures/polygon-lecturer), a Polygon package whose accepted
solutions are C++, Kotlin and Python."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ojpack.cli import app
from ojpack.publish import import_package
from ojpack.sandbox import languages

LECTURER = Path(__file__).parents[1] / "formats" / "fixtures" / "polygon-lecturer"

KOTLIN = 'fun main() { val (a, b) = readln().split(" ").map { it.toLong() }; println(a + b) }\n'


@pytest.fixture
def no_kotlinc(monkeypatch: pytest.MonkeyPatch) -> None:
    """The language table as on a machine where Kotlin's compiler (named by its path) is not installed."""
    table = dict(languages.load_languages())
    kotlin = table["kotlin"]
    table["kotlin"] = replace(kotlin, compile=("/nonexistent/kotlinc-2.4.20/bin/kotlinc", *kotlin.compile[1:]))
    monkeypatch.setattr(languages, "load_languages", lambda: table)


def test_a_submission_without_its_compiler_is_its_own_outcome_and_the_rest_is_judged(toy: Path, no_kotlinc,
                                                                                  tmp_path: Path) -> None:
    (toy / "solutions" / "accepted" / "sum.kt").write_text(KOTLIN)
    (toy / "solutions" / "wrong_answer").mkdir()
    (toy / "solutions" / "wrong_answer" / "product.py").write_text("a, b = map(int, input().split())\nprint(a * b)\n")
    shown = CliRunner().invoke(app, ["check", "-p", str(toy), "--no-proof", "--json"])
    assert shown.exit_code == 1, shown.output   # a submission not judged is a fault of the check
    report = json.loads(shown.stdout)
    rows = {r["name"]: r for r in report["solutions"]}
    assert rows["wrong_answer/product.py"]["verdict"] == "WA"
    assert rows["accepted/sum.py"]["verdict"] == "AC"
    kt = rows["accepted/sum.kt"]
    assert kt["faults"] == ["not judged: kotlinc not installed: run `bash scripts/setup.sh langs`"], kt


def test_a_real_package_without_kotlinc_judges_its_cpp_and_python_and_names_the_kotlin_one(
        no_kotlinc, tmp_path: Path) -> None:
    import_package(LECTURER, tmp_path / "lecturer")   # its model is the C++ one: import needs no Kotlin
    assert (tmp_path / "lecturer" / "solutions" / "accepted" / "solutions.kt").is_file()
    shown = CliRunner().invoke(app, ["check", "-p", str(tmp_path / "lecturer"), "--no-proof", "--json"])
    assert shown.exit_code == 1, shown.output
    report = json.loads(shown.stdout)
    rows = {r["name"]: r for r in report["solutions"]}
    assert {n: r["verdict"] for n, r in rows.items() if not n.endswith(".kt")} == {
        "accepted/solutions.cpp": "AC", "accepted/solutions.py": "AC"}
    assert rows["accepted/solutions.cpp"]["faults"] == rows["accepted/solutions.py"]["faults"] == []
    remedy = "not judged: kotlinc not installed: run `bash scripts/setup.sh langs`"
    assert rows["accepted/solutions.kt"]["faults"] == [remedy]
    assert report["problems"] == [f"accepted/solutions.kt: {remedy}"]


def test_version_lists_the_languages_ready_and_what_the_others_lack(no_kotlinc) -> None:
    shown = CliRunner().invoke(app, ["--version"])
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    ready = next(line for line in lines if line.startswith("languages ready:"))
    assert " cpp," in ready and " python," in ready and "kotlin" not in ready
    lacking = next(line for line in lines if line.startswith("languages missing:"))
    assert "kotlin (kotlinc)" in lacking and "bash scripts/setup.sh langs" in lacking
