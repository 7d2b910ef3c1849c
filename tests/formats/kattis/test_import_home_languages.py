"""What a BAPCtools / problemtools package's home tools run: a generator that is a folder (NWERC's
`random/random.cpp` + `validate.h`), C++ compiled as gnu++23 and Python 3 run with PyPy 3; DOMjudge's
packages keep ojpack's defaults."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import yaml

from ojpack.publish import import_package
from ojpack.formats.kattis.generators import program_file
from ojpack.formats.kattis.submissions import home_language

from test_import_bapc import FIXTURES, bt_generate


def test_folder_generators_and_cpp23_submissions_judge_as_bapctools_does(tmp_path: Path) -> None:
    out = tmp_path / "out"
    report = import_package(FIXTURES / "bapc-foldergen", out)
    spec = yaml.safe_load((out / "problem.yaml").read_text())
    gens = [t["gen"] for tests in spec["tests"].values() for t in tests if "gen" in t]
    # every plan line runs the folder's one source (its header beside it), none is left out
    assert len(gens) == 3 and all(g.startswith("random/random.cpp ") for g in gens)
    assert not any("left out" in n for n in report.notes)
    # the generator too compiles as BAPCtools compiles it (gnu++23)
    assert spec["solutions"]["languages"] == {"generators/random/random.cpp": "cpp23",
                                              "solutions/accepted/sum.cpp": "cpp23",
                                              "solutions/accepted/sum.py": "pypy",
                                              "solutions/wrong_answer/off.cpp": "cpp23"}
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "check", "--no-proof", "--json", "-p", str(out)],
                          capture_output=True, text=True)
    verdicts = {s["name"]: s["verdict"] for s in json.loads(proc.stdout)["solutions"]}
    assert verdicts == {"accepted/sum.cpp": "AC", "accepted/sum.py": "AC", "wrong_answer/off.cpp": "WA"}
    ours = {p.name.split("-", 1)[1]: p.read_bytes() for p in (out / "data" / "secret").rglob("*.in")}
    assert ours == bt_generate("bapc-foldergen", tmp_path)   # same names, same bytes


def test_a_folder_program_needs_exactly_one_source_and_no_scripts(tmp_path: Path) -> None:
    (tmp_path / "one").mkdir()
    (tmp_path / "one" / "gen.cpp").write_text("int main() {}\n")
    (tmp_path / "one" / "validate.h").write_text("\n")
    (tmp_path / "two").mkdir()
    (tmp_path / "two" / "a.cpp").write_text("int main() {}\n")
    (tmp_path / "two" / "b.py").write_text("print(1)\n")
    (tmp_path / "scripted").mkdir()
    (tmp_path / "scripted" / "gen.cpp").write_text("int main() {}\n")
    (tmp_path / "scripted" / "run").write_text("#!/bin/sh\n")
    (tmp_path / "flat.py").write_text("print(1)\n")
    assert program_file(tmp_path, "one") == "one/gen.cpp"
    assert program_file(tmp_path, "flat.py") == "flat.py"
    assert program_file(tmp_path, "two") is None and program_file(tmp_path, "scripted") is None
    assert program_file(tmp_path, "missing") is None


def test_domjudge_packages_keep_ojpacks_defaults(tmp_path: Path) -> None:
    assert home_language(tmp_path, "a.py", b"print(1)\n") == "pypy"
    assert home_language(tmp_path, "a.cc", b"int main() {}\n") == "cpp23"
    assert home_language(tmp_path, "a.java", b"class A {}\n") is None
    # DOMjudge runs CPython: its @EXPECTED_RESULTS@ tag, or its domjudge-problem.ini, say the package is its
    assert home_language(tmp_path, "a.py", b"# @EXPECTED_RESULTS@: CORRECT\nprint(1)\n") is None
    (tmp_path / "domjudge-problem.ini").write_text("timelimit=1\n")
    assert home_language(tmp_path, "a.py", b"print(1)\n") is None
