"""The command line end to end on the toy problem: exit codes, tables, JSON, error messages."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import edit_yaml


def ojpack(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args], capture_output=True, text=True, cwd=cwd,
                          env={"PATH": "/usr/bin:/bin", "COLUMNS": "200", "CI": "true"})


def test_build_stats_validate(toy: Path) -> None:
    r = ojpack("build", cwd=toy)  # the problem root defaults to the current directory
    assert r.returncode == 0, r.stderr
    assert "built 5 tests" in r.stdout and "data.sha256 created" in r.stdout
    r = ojpack("stats", "-p", str(toy), "--json")
    assert r.returncode == 0, r.stderr
    stats = json.loads(r.stdout)
    assert stats["features"] == {"hit": ["x=max"], "missing": []} and stats["gaps"] == []
    assert [t["id"] for t in stats["tests"]][:2] == ["sample/01-one", "small/01-r1"]
    r = ojpack("validate", "-p", str(toy))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "8/8 as expected" in r.stdout


def test_validate_paths(toy: Path, tmp_path: Path) -> None:
    good, bad = tmp_path / "good.in", tmp_path / "bad.in"
    good.write_text("5 7\n")
    bad.write_text("5 700\n")
    r = ojpack("validate", "-p", str(toy), str(good))
    assert r.returncode == 0 and f"valid  {good}" in r.stdout
    r = ojpack("validate", "-p", str(toy), str(good), str(bad), str(tmp_path / "missing.in"))
    assert r.returncode == 1
    assert f"invalid  {bad}: line 1, column 1: expected x in [1, 100]" in r.stdout
    assert "missing.in: cannot read: No such file or directory" in r.stdout
    r = ojpack("validate", "-p", str(toy), "--group", "small", str(good))
    assert r.returncode == 0
    r = ojpack("validate", "-p", str(toy), "--group", "nope", str(good))
    assert r.returncode == 1 and "unknown group 'nope'" in r.stderr


def test_validator_test_that_fails_is_reported(toy: Path) -> None:
    (toy / "validators" / "tests.yaml").write_text('- {name: wrong, input: "3 4\\n", expect: invalid}\n')
    assert ojpack("build", "-p", str(toy)).returncode == 0
    r = ojpack("validate", "-p", str(toy), "--json")
    assert r.returncode == 1
    rows = json.loads(r.stdout)["results"]
    assert [row["file"] for row in rows if not row["ok"]] == ["validator test wrong"]


def test_errors_are_one_line_without_traceback(toy: Path) -> None:
    edit_yaml(toy / "problem.yaml", "limits: {time: 1.0", "limits: {tme: 1.0")
    r = ojpack("build", "-p", str(toy))
    assert r.returncode == 1
    assert "error: " in r.stderr and "did you mean 'time'?" in r.stderr and "Traceback" not in r.stderr
    r = ojpack("stats", "-p", str(toy / "nowhere"))
    assert r.returncode != 0 and "Traceback" not in r.stderr


def test_stats_before_build(toy: Path) -> None:
    r = ojpack("stats", "-p", str(toy))
    assert r.returncode == 1 and "run `ojpack build` first" in r.stderr


def test_version_prints_the_package_version() -> None:
    from ojpack import __version__

    r = ojpack("--version")
    assert r.returncode == 0, r.stderr
    first, mode, *languages = r.stdout.strip().splitlines()
    assert first == f"ojpack {__version__}" and mode.startswith("sandbox: root")   # root or rootless
    assert languages and languages[0].startswith("languages ready: ") and "python" in languages[0]


def test_help_lists_every_command_without_loading_the_heavy_libraries() -> None:
    """Startup cost: --help must come from typer alone; the renderers, exporters and judging load on use
    (markdown_it is left out: typer itself loads it for rich help)."""
    probe = ("import sys; sys.argv = ['ojpack', '--help']\n"
             "from ojpack.cli import main\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "heavy = ['jinja2', 'latex2mathml', 'pypdf', 'ojpack.judging', 'ojpack.statement',\n"
             "         'ojpack.formats.exporters', 'ojpack.formats.importing', 'ojpack.testdata', 'ojpack.problem']\n"
             "print('LOADED', [m for m in heavy if m in sys.modules])\n")
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                       env={"PATH": "/usr/bin:/bin", "COLUMNS": "200"})
    assert r.returncode == 0, r.stderr
    for name in ("build", "validate", "stats", "render", "export", "check", "judge"):
        assert f" {name} " in r.stdout
    assert "kattis, icpc2025" in ojpack("export", "--help").stdout   # targets listed without loading them
    assert r.stdout.strip().splitlines()[-1] == "LOADED []"
