"""The last check's report and the history of checks per git commit, as `ojpack check` leaves them."""

import json
import subprocess

import pytest
from typer.testing import CliRunner

from conftest import edit_yaml
from ojpack.cli import app
from ojpack.errors import OjpackError
from ojpack.judging import compare, history, load_last, save_last
from ojpack.problem.load import load_problem


def git(root, *args):
    subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
                   check=True, capture_output=True)


def head(root):
    return subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True,
                          check=True).stdout.strip()


def test_check_saves_its_report_and_the_history_compares_two_commits(toy):
    (toy / ".gitignore").write_text("/data/\n/build/\n/.ojpack/\n")
    (toy / "solutions/wrong_answer").mkdir(parents=True)
    (toy / "solutions/wrong_answer/cap.py").write_text("a, b = map(int, input().split())\nprint(min(a + b, 20))\n")
    assert CliRunner().invoke(app, ["build", "-p", str(toy)]).exit_code == 0   # data.sha256 is committed
    git(toy, "init", "-q")
    git(toy, "add", "-A")
    git(toy, "commit", "-qm", "one")
    first = head(toy)

    ran = CliRunner().invoke(app, ["check", "-p", str(toy), "--no-proof", "--json"])
    assert ran.exit_code == 0, ran.output
    printed = json.loads(ran.output)
    problem = load_problem(toy)
    kept = load_last(problem, "check")
    assert kept["commit"] == first and kept["dirty"] is False and kept["when"].startswith("20")
    assert {k: v for k, v in kept.items() if k not in ("when", "commit", "dirty")} == printed
    assert "strength" in kept and kept["solutions"][1]["name"] == "wrong_answer/cap.py"

    # the second commit: the cap moves up (it now passes small and one big test), the top test changes,
    # a test is added and the time limit halves
    (toy / "solutions/wrong_answer/cap.py").write_text("a, b = map(int, input().split())\nprint(min(a + b, 150))\n")
    edit_yaml(toy / "problem.yaml", '- {name: top, gen: "gen.py --max {x.max} --top"}',
              '- {name: top, gen: "gen.py --max {x.max} --top --salt 9"}\n'
              '    - {name: r3, gen: "gen.py --max {x.max} --salt 3"}')
    edit_yaml(toy / "problem.yaml", "time: 1.0", "time: 0.5")
    assert CliRunner().invoke(app, ["build", "-p", str(toy), "--update-lock"]).exit_code == 0
    git(toy, "commit", "-qam", "two")
    second = head(toy)
    problem = load_problem(toy)
    ran = CliRunner().invoke(app, ["check", "-p", str(toy), "--no-proof", "--json"])
    kept = load_last(problem, "check")
    assert kept["commit"] == second and kept["ok"] == (ran.exit_code == 0)

    assert [e.commit for e in history(problem)] == [first, second]
    old, new = history(problem)
    assert old.limits["time"] == 1.0 and new.limits["time"] == 0.5
    assert old.matrix["wrong_answer/cap.py"]["big/02-top"] == "WA"
    diff = compare(problem, first[:7], second)
    assert diff.tests_added == ("big/03-r3",) and diff.tests_removed == ()
    assert "big/02-top" in diff.tests_changed and "small/01-r1" not in diff.tests_changed
    assert diff.limits_changed == {"time": (1.0, 0.5)}
    changes = {(c.solution, c.test): (c.before, c.after) for c in diff.verdict_changes}
    assert changes[("wrong_answer/cap.py", "big/03-r3")] == (None, new.matrix["wrong_answer/cap.py"]["big/03-r3"])
    assert [(c.test, c.before, c.after) for c in diff.verdict_changes if c.solution == "accepted/sum.py"] == \
        [("big/03-r3", None, "AC")]   # the accepted solution only gained the new test
    cap = {c.test: (c.before, c.after) for c in diff.verdict_changes if c.solution == "wrong_answer/cap.py"}
    total = int((toy / "data/secret/big/01-r1.ans").read_text())   # the same test in both commits
    assert 20 < total <= 150 and cap["big/01-r1"] == ("WA", "AC") and "small/01-r1" not in cap
    assert json.loads(json.dumps(diff.to_json()))["a"] == first
    with pytest.raises(OjpackError, match="no check recorded"):
        compare(problem, "abcdef0", second)
    assert (toy / ".ojpack/history" / f"{first}.json").is_file()


def test_margins_that_shrank_are_named(toy):
    """A solution whose slowest accepted run takes twice as long leaves half the headroom: named."""
    from ojpack.judging.checkhistory import HistoryEntry, record

    problem = load_problem(toy)
    base = {"ok": True, "quick": False, "tests": ["small/01-r1"], "dirty": False,
            "solutions": [{"name": "accepted/sum.py", "expected": ["AC"], "verdict": "AC",
                           "cells": [{"test": "small/01-r1", "verdict": "AC", "time": 0.1}]}]}
    record(problem, {**base, "commit": "a" * 40, "when": "2026-01-01T00:00:00+00:00"})
    slow = json.loads(json.dumps(base))
    slow["solutions"][0]["cells"][0]["time"] = 0.2
    record(problem, {**slow, "commit": "b" * 40, "when": "2026-01-02T00:00:00+00:00"})
    diff = compare(problem, "aaaa", "bbbb")
    assert [(m.solution, m.before, m.after) for m in diff.margins_shrunk] == [("accepted/sum.py", 10.0, 5.0)]
    assert diff.verdict_changes == () and not compare(problem, "bbbb", "aaaa").margins_shrunk
    assert isinstance(history(problem)[0], HistoryEntry)


def test_the_other_commands_last_reports(toy):
    problem = load_problem(toy)
    assert all(load_last(problem, command) is None for command in ("strength", "stress", "export"))
    save_last(problem, "stress", {"cases": 3})
    assert load_last(problem, "stress") == {"cases": 3}
    (toy / "build/export/last.json").parent.mkdir(parents=True)
    (toy / "build/export/last.json").write_text("{cut sho")   # a crash mid-write: as if none
    assert load_last(problem, "export") is None


def test_a_packages_own_git_config_runs_nothing(tmp_path):
    """A package's .git is as untrusted as the package: its fsmonitor hook and clean filter (which `git status`
    would run) are never run by the record of a check, and a changed file is still seen."""
    from ojpack.judging.lastrun import git_state

    marker = tmp_path / "ran"
    hook = tmp_path / "hook.sh"
    hook.write_text(f"#!/bin/sh\ntouch {marker}\ncat\n")
    hook.chmod(0o755)
    root = tmp_path / "pkg"
    root.mkdir()
    (root / "a.txt").write_text("one\n")
    (root / ".gitattributes").write_text("*.txt filter=evil\n")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "one")
    git(root, "config", "core.fsmonitor", str(hook))
    git(root, "config", "filter.evil.clean", str(hook))
    (root / "a.txt").write_text("two\n")
    assert git_state(root) == (head(root), True)
    (root / "a.txt").write_text("one\n")
    assert git_state(root) == (head(root), False)
    assert not marker.exists()
