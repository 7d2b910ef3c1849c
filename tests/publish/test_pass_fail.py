"""A pass-fail problem (ICPC style): no subtasks, all secret tests under one group `secret`, judged all or
nothing, exported as pass-fail where the format has it (Kattis, ICPC 2025-09) and as one 100-point group on the
judges that score."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import REPO, edit_yaml
from test_export_tools import languages_yaml, tool
from ojpack.errors import OjpackError
from ojpack.problem.load import copy_sources, load_problem
from ojpack.statement.model import context

NIM = REPO / "examples" / "nim"


def ojpack(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "COLUMNS": "200", "CI": "true",
                               "OJPACK_CACHE_HOME": os.environ.get("OJPACK_CACHE_HOME", "")}, timeout=900)


def pass_fail_nim(root: Path, explicit: bool = False) -> Path:
    copy_sources(NIM, root)
    (root / "data.sha256").unlink()
    edit_yaml(root / "problem.yaml", "subtasks:\n  - group: all\n    score: 100\n",
              "type: pass-fail\n" if explicit else "")
    edit_yaml(root / "problem.yaml", "  all:\n", "  secret:\n")
    return root


@pytest.mark.parametrize("explicit", [False, True])
def test_without_subtasks_a_problem_is_pass_fail(tmp_path: Path, explicit: bool) -> None:
    problem = load_problem(pass_fail_nim(tmp_path / "p", explicit))
    assert problem.spec.type == "pass-fail" and problem.spec.pass_fail
    assert problem.groups == ["secret"] and problem.spec.subtasks[0].score == 100
    ctx = context(problem, "en", [])
    assert ctx["pass_fail"] is True and ctx["subtasks"] == []


def test_pass_fail_with_subtasks_and_scoring_without_are_refused(tmp_path: Path) -> None:
    root = copy_sources(NIM, tmp_path / "p")
    edit_yaml(root / "problem.yaml", "subtasks:\n", "type: pass-fail\nsubtasks:\n")
    with pytest.raises(OjpackError, match=r"line \d+: 'subtasks': a pass-fail problem has no subtasks"):
        load_problem(root)
    root = pass_fail_nim(tmp_path / "q")
    edit_yaml(root / "problem.yaml", "limits:", "type: scoring\nlimits:")
    with pytest.raises(OjpackError, match=r"'type': a scoring problem needs 'subtasks'"):
        load_problem(root)


def test_pass_fail_builds_judges_all_or_nothing_and_exports_pass_fail(tmp_path: Path) -> None:
    root = pass_fail_nim(tmp_path / "p")
    r = ojpack("build", "-p", str(root), "--update-lock")
    assert r.returncode == 0, r.stdout + r.stderr
    r = ojpack("judge", "-p", str(root), str(root / "solutions" / "wrong_answer" / "sum_parity.py"), "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    report = json.loads(r.stdout)
    assert report["score"] == 0
    r = ojpack("export", "-p", str(root), "--to", "kattis,icpc2025,hydro,luogu", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    out = root / "build" / "export"
    kattis = out / "kattis" / "nimtemplate"
    assert yaml.safe_load((kattis / "problem.yaml").read_text())["type"] == "pass-fail"
    secret = sorted(p.name for p in (kattis / "data" / "secret").iterdir())
    assert secret and all(p.endswith((".in", ".ans")) for p in secret)   # flat: no group folders, no scores
    icpc = out / "icpc2025" / "nimtemplate"
    assert yaml.safe_load((icpc / "problem.yaml").read_text())["type"] == "pass-fail"
    assert sorted(p.name for p in (icpc / "data" / "secret").iterdir()) == secret
    hydro = yaml.safe_load((out / "hydro" / "nimtemplate" / "testdata" / "config.yaml").read_text())
    assert [s["score"] for s in hydro["subtasks"]] == [100]

    # problemtools takes it as a pass-fail problem without a complaint
    verify = tool("problemtools", "verifyproblem")
    (tmp_path / "config" / "problemtools").mkdir(parents=True)
    (tmp_path / "config" / "problemtools" / "languages.yaml").write_text(languages_yaml())
    proc = subprocess.run([str(verify), "nimtemplate", "-j", "2", "-p", "config", "validators", "data", "submissions"],
                          cwd=out / "kattis", env={**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")},
                          capture_output=True, text=True, timeout=900)
    assert proc.stdout.strip().splitlines()[-1] == "nimtemplate tested: 0 errors, 0 warnings", proc.stdout
