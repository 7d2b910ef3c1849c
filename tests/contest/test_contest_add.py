"""`ojpack contest add DIR`: an existing problem joins a contest with the next letter and colour, the
comments of contest.yaml kept, as `ojpack new NAME` inside a contest does for a new one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from ojpack.problem import load_contest
from ojpack.scaffold import new_contest, new_problem


def ojpack(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "COLUMNS": "200", "CI": "true",
           "OJPACK_CACHE_HOME": os.environ.get("OJPACK_CACHE_HOME", ""), "PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=300)


def test_contest_add_lists_an_existing_problem_with_the_next_letter_and_colour(tmp_path: Path) -> None:
    root = new_contest(tmp_path / "spring")
    r = ojpack("new", "first", cwd=root)
    assert r.returncode == 0, r.stderr
    new_problem(root / "later", "checker")          # made elsewhere, moved in: not yet in contest.yaml
    new_problem(root / "third")
    r = ojpack("contest", "add", "later", cwd=root)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "added problem B" in r.stdout
    r = ojpack("contest", "add", str(root / "third"), cwd=tmp_path)   # from outside: the parent is the contest
    assert r.returncode == 0, r.stdout + r.stderr
    contest = load_contest(root)
    assert [(p.letter, p.path) for p in contest.spec.problems] == [("A", "first"), ("B", "later"), ("C", "third")]
    assert len({p.color for p in contest.spec.problems}) == 3
    assert "# contest.yaml" in (root / "contest.yaml").read_text()   # the comments are kept

    r = ojpack("contest", "add", "later", cwd=root)
    assert r.returncode == 1 and "already problem B" in r.stderr
    (root / "notes").mkdir()
    r = ojpack("contest", "add", "notes", cwd=root)
    assert r.returncode == 1 and "holds no problem.yaml" in r.stderr
    new_problem(tmp_path / "outside")
    r = ojpack("contest", "add", str(tmp_path / "outside"), "--contest", str(root), cwd=tmp_path)
    assert r.returncode == 1 and "not inside the contest" in r.stderr
    assert len(load_contest(root).spec.problems) == 3
