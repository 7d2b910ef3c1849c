"""`ojpack render` end to end on a copy of the real package: all files, degrading without Chromium, bad options,
and a bound edited in problem.yaml reaching the statement and the data together."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from browsers import require_chromium
from conftest import copy_package, edit_yaml
from ojpack.problem.load import load_problem
from ojpack.statement.render import render
from ojpack.statement.pdf import pdf_text
from ojpack.statement.model import Sample

EIGHT = [f"problem.{lang}.{ext}" for lang in ("en", "zh") for ext in ("md", "html", "tex", "pdf")]
STANDALONE = ["problem.en.standalone.tex", "problem.zh.standalone.tex"]


def ojpack(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "COLUMNS": "200", "CI": "true", **env}, timeout=900)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One copy of the package whose data is built once for the whole module (render needs the samples)."""
    root = copy_package(tmp_path_factory.mktemp("render") / "pkg")
    r = ojpack("build", "-p", str(root))
    assert r.returncode == 0, r.stdout + r.stderr
    return root


def test_all_eight_files_and_the_pdf_text(built: Path) -> None:
    require_chromium()
    shutil.rmtree(built / "build", ignore_errors=True)
    r = ojpack("render", "-p", str(built), "--json")
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["skipped"] == []
    assert sorted(report["written"]) == sorted(f"build/statement/{f}" for f in EIGHT + STANDALONE)
    assert sorted(p.name for p in (built / "build" / "statement").iterdir()) == sorted(EIGHT + STANDALONE)
    sample = (built / "data" / "sample" / "01-statement.in").read_text().split()
    answer = (built / "data" / "sample" / "01-statement.ans").read_text().split()
    for lang, title in (("zh", "小约翰的游戏"), ("en", "John's Game")):
        text = unicodedata.normalize("NFKC", pdf_text(built / "build" / "statement" / f"problem.{lang}.pdf"))
        flat = re.sub(r"\s+", "", text)
        assert title.replace(" ", "") in flat.replace("’", "'")
        assert "".join(sample) in flat and "".join(answer) in flat


def test_without_chromium_the_rest_is_still_made(built: Path) -> None:
    shutil.rmtree(built / "build", ignore_errors=True)
    r = ojpack("render", "-p", str(built), OJPACK_CHROMIUM="/nonexistent/chromium")
    assert r.returncode == 0, r.stderr
    made = sorted(p.name for p in (built / "build" / "statement").iterdir())
    assert made == sorted([f for f in EIGHT if not f.endswith(".pdf")] + STANDALONE)
    assert "warning: en pdf skipped: OJPACK_CHROMIUM=/nonexistent/chromium is not an executable file" in r.stderr
    assert "warning: zh pdf skipped" in r.stderr
    # Asked for by name, a PDF that cannot be made is a failure.
    r = ojpack("render", "-p", str(built), "--format", "pdf", "--lang", "zh", OJPACK_CHROMIUM="/nonexistent/chromium")
    assert r.returncode == 1
    assert "error: --format pdf was asked for but could not be made: OJPACK_CHROMIUM=" in r.stderr
    assert "Traceback" not in r.stderr


def test_one_language_one_format(built: Path) -> None:
    shutil.rmtree(built / "build", ignore_errors=True)
    r = ojpack("render", "-p", str(built), "--lang", "zh", "--format", "tex", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"written": ["build/statement/problem.zh.tex", "build/statement/problem.zh.standalone.tex"],
                                    "skipped": []}
    r = ojpack("render", "-p", str(built), "--lang", "zh,en", "--format", "html,md", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["written"] == [f"build/statement/problem.{lang}.{ext}"
                                               for lang in ("en", "zh") for ext in ("md", "html")]


@pytest.mark.parametrize(("args", "message"), [
    (["--lang", "fr"], "error: --lang fr: unknown fr; choose from en, zh or all"),
    (["--format", "md,docx"], "error: --format md,docx: unknown docx; choose from md, html, tex, pdf or all"),
    (["--format", ","], "error: --format ,: unknown (none); choose from md, html, tex, pdf or all"),
])
def test_bad_options(built: Path, args: list[str], message: str) -> None:
    r = ojpack("render", "-p", str(built), *args)
    assert r.returncode == 1 and message in r.stderr and "Traceback" not in r.stderr


def test_template_error_is_one_clear_line(built: Path, tmp_path: Path) -> None:
    broken = tmp_path / "pkg"
    shutil.copytree(built, broken, ignore=shutil.ignore_patterns("build"))
    template = broken / "statement" / "problem.en.md.j2"
    template.write_text(template.read_text() + "\n{{ limits.cpu }}\n")
    r = ojpack("render", "-p", str(broken), "--format", "md")
    assert r.returncode == 1
    assert "statement/problem.en.md.j2: line" in r.stderr and "'cpu'" in r.stderr and "Traceback" not in r.stderr


def test_render_function_skips_pdf_without_browser(built: Path) -> None:
    samples = [Sample(1, "s", "1\n1\n1", "Brother")]
    outcomes = render(load_problem(built), samples, ["en"], ["md", "pdf"], None, "no browser here")
    assert [(o.format, o.skipped) for o in outcomes] == [("md", ""), ("pdf", "no browser here")]
    assert outcomes[0].files == (built / "build" / "statement" / "problem.en.md",)
    assert not list((built / "build" / "statement").glob("*.part"))


def test_editing_a_bound_changes_statement_and_data_together(package_copy: Path) -> None:
    edit_yaml(package_copy / "problem.yaml", "a: {min: 1, max: 5000", "a: {min: 1, max: 3000")
    r = ojpack("build", "-p", str(package_copy), "--update-lock")
    assert r.returncode == 0, r.stdout + r.stderr
    r = ojpack("render", "-p", str(package_copy), "--format", "md")
    assert r.returncode == 0, r.stderr
    for lang in ("en", "zh"):
        text = (package_copy / "build" / "statement" / f"problem.{lang}.md").read_text()
        assert r"$1 \le a_i \le 3000$" in text and "5000" not in text
    piles = [int(x) for f in (package_copy / "data").rglob("*.in") for x in _pile_sizes(f.read_text())]
    assert max(piles) == 3000  # the data reaches the new bound (coverage demands a=max) and never passes it


def _pile_sizes(text: str) -> list[str]:
    """Every a_i of an input file: after T, each game is n then n sizes."""
    tokens = text.split()
    sizes, at = [], 1
    for _ in range(int(tokens[0])):
        n = int(tokens[at])
        sizes += tokens[at + 1:at + 1 + n]
        at += 1 + n
    return sizes
