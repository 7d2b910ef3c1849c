"""Every command's output fits the width it is given: COLUMNS=80 and 120 on a pipe (the width rich measures
on a terminal), every line of stdout and stderr no wider, long names elided rather than spilled."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

from conftest import TESTS, edit_yaml
from ojpack.cli import app

WIDTHS = (80, 120)
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
SUM = "a, b = map(int, input().split())\nprint({})\n"
SRC = TESTS.parent / "src"
LONG = "a_solution_with_a_name_much_longer_than_anyone_would_type_by_hand"


def widest(text: str) -> tuple[int, str]:
    lines = [ANSI.sub("", line) for line in text.splitlines()]
    return max(((cell_len(line), line) for line in lines), default=(0, ""))


def run(width: int, *args: str) -> str:
    """`ojpack ARGS` with COLUMNS=`width`, stdout and stderr piped; asserts no line is wider."""
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": str(width), "CI": "true"})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    text = result.output + (result.stderr if result.stderr_bytes is not None else "")
    size, line = widest(text)
    assert size <= width, f"ojpack {' '.join(args)} at {width} columns printed {size}: {line!r}"
    return result.output


def add(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The toy problem with a solution of every kind, some with long names, and many tests; built once."""
    root = tmp_path_factory.mktemp("fit") / "toy"
    shutil.copytree(TESTS / "toy", root, ignore=shutil.ignore_patterns("data", ".ojpack", "data.sha256", "build"))
    edit_yaml(root / "problem.yaml", "    - {name: top,", "".join(
        f"    - {{name: r{i}, gen: \"gen.py --max {{x.max}} --salt {i}\"}}\n" for i in range(3, 30)) + "    - {name: top,")
    add(root, f"solutions/wrong_answer/{LONG}.py", SUM.format("min(a + b, 20)"))
    add(root, "solutions/wrong_answer/product.py", SUM.format("a * b"))
    add(root, "solutions/run_time_error/crash.py", "raise SystemExit(3)\n")
    add(root, f"solutions/run_time_error/{LONG}_crash.py", "import sys\na, b = map(int, input().split())\n"
                                                          "sys.exit(3) if a > 50 else print(a + b)\n")
    assert CliRunner().invoke(app, ["build", "-p", str(root)]).exit_code == 0
    return root


@pytest.fixture(scope="module")
def batch(toy: Path) -> Path:
    """20 submissions, one folder per user, some with long names."""
    folder = toy.parent / "batch"
    for i in range(20):
        user = f"user{i:02d}" + ("_" + LONG if i % 3 == 0 else "")
        add(folder, f"{user}/{'sum' if i % 2 else LONG}.py", SUM.format("a + b" if i % 4 else "a - b"))
    return folder


@pytest.mark.parametrize("width", WIDTHS)
def test_check_prints_one_line_per_solution_within_the_width(toy: Path, width: int) -> None:
    shown = run(width, "check", "-p", str(toy), "--no-proof")
    rows = [line for line in shown.splitlines() if line.startswith(("accepted/", "wrong_", "run_", "…", "w", "r"))]
    # one line per solution (the strip of 32 tests fits 120 columns; at 80 it folds onto a second line)
    assert len([r for r in shown.splitlines() if "✓" in r or "✗" in r]) == 5
    assert "A=AC" in shown and "W=WA" in shown and "R=RE" in shown        # the legend, once
    assert shown.count("A=AC") == 1 and rows
    if width == 120:
        assert any("accepted/sum.py" in line and "A│AA" in line for line in shown.splitlines())
    assert LONG not in shown and "…" in shown                               # elided in the middle


@pytest.mark.parametrize("width", WIDTHS)
def test_check_matrix_keeps_every_verdict_within_the_width(toy: Path, width: int) -> None:
    shown = run(width, "check", "-p", str(toy), "--no-proof", "--matrix")
    data = json.loads(CliRunner().invoke(app, ["check", "-p", str(toy), "--no-proof", "--json"]).output)
    cells = sum(len(s["cells"]) for s in data["solutions"])
    # every run's verdict over its time: one CPU-seconds figure per cell, in blocks of columns
    assert len(re.findall(r"\d\.\d\d", shown.split("tests:")[0])) >= cells
    assert shown.count("(verdict, CPU s)") >= (2 if width == 80 else 1)


def test_check_json_is_the_report(toy: Path) -> None:
    data = json.loads(CliRunner().invoke(app, ["check", "-p", str(toy), "--no-proof", "--json"],
                                         env={"COLUMNS": "80"}).output)
    assert set(data) >= {"ok", "tests", "solutions", "killing_set", "margins", "strength"}
    assert len(data["tests"]) == 32 and all(len(s["cells"]) + len(s["skipped"]) == 32 for s in data["solutions"])


@pytest.mark.parametrize("width", WIDTHS)
def test_judge_one_and_many_fit(toy: Path, batch: Path, width: int) -> None:
    one = next(batch.glob("user01/*.py"))
    run(width, "judge", str(one), "-p", str(toy))
    shown = run(width, "judge", str(batch), "-p", str(toy))
    assert "20 submissions" in shown
    # one line each (verdict, score, CPU s), not a tower of folded names
    assert len(re.findall(r" (AC|WA) +\d+ +\d\.\d{3} ", shown)) == 20, shown


@pytest.mark.parametrize("width", WIDTHS)
def test_build_validate_stats_timelimit_fit(toy: Path, width: int) -> None:
    run(width, "build", "-p", str(toy))
    run(width, "validate", "-p", str(toy))
    run(width, "stats", "-p", str(toy))
    if width == 80:   # it runs the solutions again with a generous cut-off: once is enough
        run(width, "timelimit", "-p", str(toy))


@pytest.mark.parametrize("width", WIDTHS)
def test_import_of_a_real_kattis_package_fits(tmp_path: Path, width: int) -> None:
    source = TESTS / "formats" / "fixtures" / "kattis" / "dj-knapsack"
    shown = run(width, "import", str(source), "--to", str(tmp_path / "knap"))
    assert "imported into" in shown
    # the files list: an entry starts two columns in, a wrapped entry's next lines hang two further
    files = shown.split("the source's files:\n", 1)[1].splitlines()
    entries = [line for line in files if re.match(r"  \S", line)]
    assert entries and all(re.match(r"  \S+: ", line) for line in entries), entries
    if width == 80:
        assert any(line.startswith("    ") for line in files)   # some fate is too long for a line


def in_tmux(cwd: Path, command: str, width: int, tmp: Path) -> list[str]:
    """`command` run in a fresh tmux server's window `width` columns wide (a real terminal: rich measures
    it, progress bars draw and vanish), then the screen and its history read back with wrapped lines joined
    (-J): a line that overflowed the window comes back longer than it."""
    sock, done = f"ojpack-fit-{tmp.name}", tmp / "done"
    env = f"PYTHONPATH={SRC} OJPACK_CACHE_HOME={os.environ['OJPACK_CACHE_HOME']}"
    conf = tmp / "tmux.conf"
    conf.write_text("set -g history-limit 10000\n")   # the whole output stays readable, not the last 2000 lines
    subprocess.run(["tmux", "-L", sock, "-f", str(conf), "new-session", "-d", "-x", str(width), "-y", "50",
                    "-c", str(cwd), f"env -u CI -u COLUMNS {env} {sys.executable} -m ojpack {command}; "
                                    f"touch {done}; sleep 600"], check=True)
    try:
        for _ in range(1200):
            if done.exists():
                break
            time.sleep(0.1)   # waiting for the command, not timing it
        assert done.exists(), "ojpack did not finish in the tmux window"
        screen = subprocess.run(["tmux", "-L", sock, "capture-pane", "-p", "-J", "-S", "-", "-t", "0"],
                                capture_output=True, text=True, check=True).stdout
    finally:
        subprocess.run(["tmux", "-L", sock, "kill-server"], capture_output=True)
    return screen.rstrip("\n").splitlines()


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (scripts/setup.sh test adds it)")
@pytest.mark.parametrize("width", WIDTHS)
def test_check_in_a_terminal_wraps_nothing(toy: Path, tmp_path: Path, width: int) -> None:
    lines = in_tmux(toy, "check --no-proof", width, tmp_path)
    assert any("check passed" in line for line in lines), lines
    size, line = widest("\n".join(lines))
    assert size <= width, f"a line of {size} columns wrapped in the {width}-column window: {line!r}"
    assert any(line.startswith("accepted/sum.py") for line in lines)   # a solution's line, not a table cell


def on_terminal(cwd: Path, args: list[str], stdout_tty: bool) -> tuple[str, str]:
    """`ojpack ARGS` with stderr on a pseudo-terminal and stdout on it too or on a pipe: (stdout, stderr)."""
    import pty
    import threading

    master, slave = pty.openpty()
    seen = bytearray()

    def drain() -> None:
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return
            if not chunk:
                return
            seen.extend(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "COLUMNS")} | {"PYTHONPATH": str(SRC)}
    proc = subprocess.run([sys.executable, "-m", "ojpack", *args], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                          stdout=slave if stdout_tty else subprocess.PIPE, stderr=slave, timeout=600)
    os.close(slave)
    reader.join(timeout=10)
    os.close(master)
    return (proc.stdout or b"").decode(), seen.decode(errors="replace")


def test_progress_is_drawn_for_a_person_and_never_into_a_pipe(toy: Path) -> None:
    _, screen = on_terminal(toy, ["check", "--no-proof", "--fresh"], stdout_tty=True)
    assert "ETA" in screen and "━" in screen        # a bar with the time left, on the terminal
    piped, screen = on_terminal(toy, ["check", "--no-proof", "--fresh", "--json"], stdout_tty=False)
    assert "━" not in screen and "ETA" not in screen   # stdout is a pipe: no bar at all, even on stderr
    assert json.loads(piped)["tests"]
