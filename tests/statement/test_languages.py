"""Statement languages are the package's choice: the keys of `name` in problem.yaml, each with its template.
An English-only or a Chinese-only package renders and exports only what it has."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, edit_yaml
from ojpack.errors import OjpackError
from ojpack.problem.load import copy_sources, load_problem
from ojpack.statement import languages

NIM = REPO / "examples" / "nim"


def ojpack(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "COLUMNS": "200", "CI": "true"}, timeout=900)


def one_language(root: Path, keep: str) -> Path:
    """A copy of examples/nim with the title and template of `keep` only."""
    copy_sources(NIM, root)
    drop = "zh" if keep == "en" else "en"
    title = {"zh": '  zh: 【模板】Nim 游戏\n', "en": '  en: "Nim (template)"\n'}[drop]
    edit_yaml(root / "problem.yaml", title, "")
    (root / "statement" / f"problem.{drop}.md.j2").unlink()
    return root


@pytest.mark.parametrize("keep", ["en", "zh"])
def test_one_language_renders_and_exports_only_that_language(tmp_path: Path, keep: str) -> None:
    root = one_language(tmp_path / "p", keep)
    assert languages(load_problem(root)) == [keep]
    r = ojpack("render", "-p", str(root), "--lang", keep, "--format", "md,tex", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    assert sorted(json.loads(r.stdout)["written"]) == sorted(
        [f"build/statement/problem.{keep}.md", f"build/statement/problem.{keep}.tex",
         f"build/statement/problem.{keep}.standalone.tex"])
    other = "zh" if keep == "en" else "en"
    r = ojpack("render", "-p", str(root), "--lang", other)
    assert r.returncode == 1 and f"unknown {other}; choose from {keep} or all" in r.stderr
    r = ojpack("export", "-p", str(root), "--to", "kattis,icpc2025,hydro", "--no-check", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    out = root / "build" / "export"
    assert sorted(p.name for p in (out / "kattis" / "nimtemplate" / "problem_statement").iterdir()) == \
        [f"problem.{keep}.tex"]
    assert sorted(p.name for p in (out / "icpc2025" / "nimtemplate" / "statement").iterdir()) == \
        [f"problem.{keep}.tex"]
    assert sorted(p.name for p in (out / "hydro" / "nimtemplate").glob("problem_*.md")) == [f"problem_{keep}.md"]


def test_a_template_without_a_title_and_a_title_without_a_template(tmp_path: Path) -> None:
    root = one_language(tmp_path / "p", "en")
    shutil.copy(NIM / "statement" / "problem.zh.md.j2", root / "statement" / "problem.zh.md.j2")
    with pytest.raises(OjpackError, match=r"problem.zh.md.j2 has no title: add name.zh"):
        languages(load_problem(root))
    (root / "statement" / "problem.zh.md.j2").unlink()
    edit_yaml(root / "problem.yaml", "name:\n", "name:\n  fr: Nim\n")
    with pytest.raises(OjpackError, match=r"no statement template statement/problem.fr.md.j2 for name.fr"):
        languages(load_problem(root))


@pytest.mark.parametrize("names, message", [
    ("{}", "'name': should have at least 1 item"),
    ("{english: Nim}", "'name.english': a title's key is a language code"),
    ("{en: ' '}", "'name.en': the title is empty"),
])
def test_bad_titles(tmp_path: Path, names: str, message: str) -> None:
    root = copy_sources(NIM, tmp_path / "p")
    edit_yaml(root / "problem.yaml", 'name:\n  zh: 【模板】Nim 游戏\n  en: "Nim (template)"\n', f"name: {names}\n")
    with pytest.raises(OjpackError, match=message):
        load_problem(root)
