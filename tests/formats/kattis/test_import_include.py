"""Included files (2025-09 `include/default/` and `include/<language>/`, legacy `include/<language>/`; issue 22):
imported under solutions.include, with the package's constants written in as the format says, so the
submissions that need them are judged as Kattis judges them; the ICPC and legacy Kattis exports write them
back, the others name them as lost."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import yaml

from ojpack.publish import import_package
from package_files import write_tree

FILES = {
    "problem.yaml": "problem_format_version: 2025-09\nname: Add one\nlimits:\n  time_limit: 2\n"
                    "constants:\n  one: 1\n",
    "data/sample/1.in": "1\n", "data/sample/1.ans": "2\n",
    "data/secret/2.in": "41\n", "data/secret/2.ans": "42\n",
    "statement/problem.en.tex": "\\problemname{Add one}\nPrint the number plus one.\n",
    "include/python3/helper.py": "ONE = {{one}}\n",
    "include/default/one.txt": "{{one}}\n",
    "include/cpp/one.h": "const int ONE = {{one}};\n",
    "include/cobol/x.cob": "whatever\n",
    "submissions/accepted/imports.py": "import helper\nprint(int(input()) + helper.ONE)\n",
    "submissions/accepted/plus.cpp": '#include <cstdio>\n#include "one.h"\nint main(){int n;scanf("%d",&n);'
                                     'printf("%d\\n",n+ONE);}\n',
    "submissions/accepted/reads.rb": "puts gets.to_i + File.read('one.txt').to_i\n",
    "submissions/wrong_answer/same.py": "print(input())\n",
}


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args], capture_output=True, text=True)


def test_included_files_come_in_and_are_judged_as_kattis_judges(tmp_path: Path) -> None:
    report = import_package(write_tree(tmp_path / "src", FILES), tmp_path / "p")
    spec = yaml.safe_load((tmp_path / "p" / "problem.yaml").read_text())
    assert spec["solutions"]["include"] == {"cpp": "include/cpp", "default": "include/default",
                                            "python": "include/python3"}
    assert (tmp_path / "p" / "include" / "python3" / "helper.py").read_text() == "ONE = 1\n"
    said = " | ".join(report.notes)
    assert "include/cobol/: included files for a language ojpack has no runner for" in said
    proc = _cli("check", "--no-proof", "--json", "-p", str(tmp_path / "p"))
    got = {s["name"]: s["verdict"] for s in json.loads(proc.stdout)["solutions"]}
    assert got == {"accepted/imports.py": "AC", "accepted/plus.cpp": "AC", "accepted/reads.rb": "AC",
                   "wrong_answer/same.py": "WA"}, (got, proc.stderr[-800:])


def test_the_kattis_family_exports_write_them_back_and_the_others_name_them(tmp_path: Path) -> None:
    import_package(write_tree(tmp_path / "src", FILES), tmp_path / "p")
    proc = _cli("export", "--to", "icpc2025,kattis,domjudge", "--no-check", "--json", "-p", str(tmp_path / "p"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = tmp_path / "p" / "build" / "export"
    icpc = next((out / "icpc2025").glob("*/include"))
    assert sorted(p.relative_to(icpc).as_posix() for p in icpc.rglob("*") if p.is_file()) == \
        ["cpp/one.h", "default/one.txt", "python3/helper.py"]
    legacy = next((out / "kattis").glob("*/include"))   # no default/ in the legacy format: under every code
    assert (legacy / "ruby" / "one.txt").read_text() == "1\n"
    assert not (legacy / "default").exists() and not (legacy / "cpp" / "one.txt").exists()
    lost = {e["target"]: e["cannot_express"] for e in json.loads(proc.stdout)["targets"]}
    assert any("included files" in n for n in lost["domjudge"])
    assert not any("included files" in n for n in lost["icpc2025"] + lost["kattis"])
