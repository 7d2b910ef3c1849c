"""CLI habits a new user expects: --version, -h, the problem root found from a subfolder, flags in help."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from ojpack import __version__


def ojpack(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args], capture_output=True, text=True, cwd=cwd,
                          env={"PATH": "/usr/bin:/bin", "COLUMNS": "200", "CI": "true"})


def test_version() -> None:
    r = ojpack("--version")
    assert r.returncode == 0, r.stderr
    first, mode, *languages = r.stdout.strip().splitlines()
    assert first == f"ojpack {__version__}" and mode.startswith("sandbox: root")   # root or rootless
    assert languages and languages[0].startswith("languages ready: ")


def test_short_help_everywhere() -> None:
    for args in (("-h",), ("build", "-h"), ("check", "-h"), ("judge", "-h")):
        r = ojpack(*args)
        assert r.returncode == 0, (args, r.stderr)
        assert "Usage:" in r.stdout and "--help" in r.stdout and "-h" in r.stdout


def test_flags_shown_without_a_value_type() -> None:
    r = ojpack("check", "--help")
    assert r.returncode == 0
    assert "<bool>" not in r.stdout
    line = next(l for l in r.stdout.splitlines() if "--no-proof" in l)
    assert re.search(r"--no-proof\s+Skip", line), line
    assert "<int range>" in r.stdout   # options that take a value keep their type


def test_root_found_from_a_subfolder(toy: Path) -> None:
    r = ojpack("build", cwd=toy / "generators")
    assert r.returncode == 0, r.stderr
    assert (toy / "data" / "manifest.json").is_file()
    assert not (toy / "generators" / "data").exists()
    r = ojpack("stats", cwd=toy / "solutions" / "accepted")
    assert r.returncode == 0, r.stderr


def test_no_root_anywhere_above(tmp_path: Path) -> None:
    r = ojpack("stats", cwd=tmp_path)
    assert r.returncode == 1
    assert "no problem.yaml in" in r.stderr and "any folder above" in r.stderr and "Traceback" not in r.stderr
