"""BAPCtools' `generators:` key (NWERC 2022/2023 use it throughout): a program named by a list of files, its
main source first. A real package (tests/formats/fixtures/kattis/nwerc-fixingfractions) whose generated tests
alone catch two wrong answers imports with those tests, and its check passes; a program whose files sit in
several folders is gathered into one, as BAPCtools links them into one build folder."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

from ojpack.publish import import_package

FIXTURE = Path(__file__).parents[1] / "fixtures" / "kattis" / "nwerc-fixingfractions"


def test_generators_programs_make_the_tests_that_catch_the_wrong_answers(tmp_path: Path) -> None:
    import_package(FIXTURE, tmp_path / "out")
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text())
    gens = [t["gen"] for lines in spec["tests"].values() for t in lines if "gen" in t]
    assert len(gens) == 18 and {g.split()[0] for g in gens} == {"possible.cpp", "impossible.cpp"}
    # compiled as BAPCtools compiles them, C++23 (NWERC 2022's graph_gen.h needs std::ranges)
    assert spec["solutions"]["languages"]["generators/possible.cpp"] == "cpp23"
    done = subprocess.run([sys.executable, "-m", "ojpack.cli", "check", "--no-proof", "--json", "-p",
                           str(tmp_path / "out")], capture_output=True, text=True)
    report = json.loads(done.stdout)
    verdicts = {s["name"]: s["verdict"] for s in report["solutions"]}
    assert verdicts == {"accepted/mzuenni1.cpp": "AC", "wrong_answer/rounding_error1.cpp": "WA",
                        "wrong_answer/wrong_subseq1.cpp": "WA"}, verdicts
    assert report["ok"], report["problems"]


def test_a_program_of_files_in_several_folders_is_gathered(tmp_path: Path) -> None:
    source = shutil.copytree(FIXTURE, tmp_path / "src")
    (source / "generators" / "common").mkdir()
    shutil.move(source / "generators" / "validate.h", source / "generators" / "common" / "validate.h")
    plan = source / "generators" / "generators.yaml"
    plan.write_text(plan.read_text().replace("    - validate.h", "    - common/validate.h"))
    report = import_package(source, tmp_path / "out")
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text())
    gens = {t["gen"].split()[0] for lines in spec["tests"].values() for t in lines if "gen" in t}
    assert gens == {"programs/possible/possible.cpp", "programs/impossible/impossible.cpp"}
    assert (tmp_path / "out" / "generators" / "programs" / "possible" / "validate.h").is_file()
    assert any("generators/programs/possible/" in n for n in report.notes)
