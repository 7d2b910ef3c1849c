"""Contests: contest.yaml read strictly, `ojpack new --contest` and `ojpack new NAME` inside it, every command at
the contest's root acting on every problem, and the problem set."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from ojpack.errors import ProblemConfigError
from ojpack.problem import load_contest
from ojpack.scaffold import add_to_contest, new_contest
from ojpack.statement.pdf import find_browser, pdf_text
from ojpack.statement.problemset import Entry, problemset_html


def ojpack(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "COLUMNS": "200", "CI": "true",
           "OJPACK_CACHE_HOME": os.environ.get("OJPACK_CACHE_HOME", ""),
           "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}   # this checkout's ojpack
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=1800)


def test_new_contest_then_problems_are_appended_with_letters_and_colours(tmp_path: Path) -> None:
    r = ojpack("new", "--contest", "spring", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    root = tmp_path / "spring"
    for name in ("first", "second"):
        r = ojpack("new", name, cwd=root)
        assert r.returncode == 0, r.stderr
    contest = load_contest(root)
    assert contest.spec.name == {"en": "Spring"}
    assert [(p.letter, p.path) for p in contest.spec.problems] == [("A", "first"), ("B", "second")]
    assert len({p.color for p in contest.spec.problems}) == 2
    assert "# contest.yaml" in (root / "contest.yaml").read_text()   # the comments are kept


@pytest.mark.parametrize("line, message", [
    ('  - {letter: A, path: two, color: "#00ff00"}\n', "'problems[1].letter': another problem has this letter too"),
    ('  - {letter: B, path: one, color: "#00ff00"}\n', "'problems[1].path': another problem has this folder too"),
    ('  - {letter: B, path: two, color: red}\n', "'problems[1].color': should match"),
    ('  - {letter: b, path: two}\n', "'problems[1].letter': should match"),
    ('  - {letter: B, path: nowhere}\n', "'problems[1].path': nowhere holds no problem.yaml"),
    ('  - {letter: B, paht: two}\n', "unknown key 'problems[1].paht'; did you mean 'path'?"),
])
def test_contest_yaml_mistakes_are_one_line_with_the_line(tmp_path: Path, line: str, message: str) -> None:
    root = new_contest(tmp_path / "c")
    add_to_contest(root / "one", "pass-fail", ("en",))
    add_to_contest(root / "two", "pass-fail", ("en",))
    text = (root / "contest.yaml").read_text()
    text = text[:text.index("  - {letter: B")] + line
    (root / "contest.yaml").write_text(text)
    with pytest.raises(ProblemConfigError, match=r"contest.yaml: line \d+: "):
        load_contest(root)
    with pytest.raises(ProblemConfigError) as e:
        load_contest(root)
    assert message in str(e.value) and "\n" not in str(e.value)


def test_a_failing_problem_fails_the_contest_and_is_named(tmp_path: Path) -> None:
    root = new_contest(tmp_path / "c")
    add_to_contest(root / "good", "pass-fail", ("en",))
    add_to_contest(root / "bad", "pass-fail", ("en",))
    text = (root / "bad" / "problem.yaml").read_text().replace("memory: 256", "memory: lots")
    (root / "bad" / "problem.yaml").write_text(text)
    r = ojpack("build", cwd=root)
    assert r.returncode == 1
    assert "1 of 2 problems failed: B (bad): error:" in r.stderr.replace("\n", " ")
    assert "'limits.memory': should be an integer" in r.stdout + r.stderr
    assert (root / "good" / "data" / "secret").is_dir()   # the other problem was still built


def test_a_failing_check_is_named_by_its_first_problem(tmp_path: Path) -> None:
    root = new_contest(tmp_path / "c")
    add_to_contest(root / "only", "pass-fail", ("en",))
    solutions = root / "only" / "solutions"
    (solutions / "time_limit_exceeded" / "quadratic.py").unlink()   # seconds of timeouts the test needs not
    shutil.copy(solutions / "wrong_answer" / "no_mod.cpp", solutions / "accepted" / "wrong.cpp")
    r = ojpack("check", "--no-proof", cwd=root)
    assert r.returncode == 1
    # why it failed, not the checker's figures that `ojpack check` prints after its verdict
    said = " ".join(r.stderr.split())
    assert "1 of 1 problems failed: A (only): check failed: " in said, r.stderr
    assert "problem(s) • accepted/wrong.cpp: " in said and "checker:" not in said, r.stderr


def test_the_problem_set_page_has_a_cover_and_each_problem_from_a_new_page(tmp_path: Path) -> None:
    pages = []
    for letter, title in (("A", "First"), ("B", "Second")):
        page = tmp_path / f"{letter}.html"
        page.write_text(f"<html><head><style>body {{ color: black; }}</style></head><body><main><h1>{title}</h1>"
                        f"<p>the {title.lower()} statement</p></main></body></html>")
        pages.append(Entry(letter, "#ff0000", title, page))
    html = problemset_html("Spring Contest", "2026-04-01", "en", pages)
    assert html.index("Spring Contest") < html.index("A. First") < html.index("the first statement") \
        < html.index("B. Second") < html.index("the second statement")
    assert html.count('<section class="problem">') == 2 and ".problem { break-before: page; }" in html
    assert "body { color: black; }" in html and "background:#ff0000" in html


@pytest.mark.slow
def test_a_whole_contest_builds_checks_renders_and_exports(tmp_path: Path) -> None:
    """The done-when test: a contest of three new problems (interactive, subtasks, an English-only float one)
    goes through every command at its root."""
    assert ojpack("new", "--contest", "c", cwd=tmp_path).returncode == 0
    root = tmp_path / "c"
    for args in (["play", "--interactive"], ["parts", "--subtasks"], ["plain", "--float", "--lang", "en"]):
        r = ojpack("new", *args, cwd=root)
        assert r.returncode == 0, r.stderr
    for command in (["build"], ["check"], ["render"], ["export", "--to", "all"]):
        r = ojpack(*command, cwd=root)
        assert r.returncode == 0, f"ojpack {command}: {r.stdout}{r.stderr}"
        assert r.stdout.count(" ok ") >= 3
    for name in ("play", "parts", "plain"):
        assert (root / name / "build" / "export" / "kattis.zip").is_file()
    assert (root / "parts" / "build" / "export" / "uoj.zip").is_file()
    with zipfile.ZipFile(root / "build" / "samples.zip") as z:
        assert {n.split("/")[0] for n in z.namelist()} == {"A", "B", "C"}
    pdf = root / "build" / "problemset.en.pdf"
    if find_browser()[0] is None:
        pytest.skip("no Chromium: the problem set PDF cannot be printed")
    text = pdf_text(pdf)
    assert text.index("A. Guess the Number") < text.index("B. Sum Modulo") < text.index("C. Mean")
