"""Kattis packages whose secret data is made by a testdata_tools script (data/gen.sh): the script runs in
the sandbox with ojpack's recording library and becomes plan lines that make testdata_tools' inputs."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

from ojpack.publish import import_package

FIXTURE = Path(__file__).parents[1] / "fixtures" / "kattis" / "gensh-tiny"


def tt_seed(name: str) -> int:
    """The seed testdata_tools appends to a generator's arguments: md5 of the test name, 6 hex digits."""
    return int(hashlib.md5(name.encode()).hexdigest()[:6], 16)


def gen_output(args: list[str]) -> bytes:
    """What the fixture's generator prints for `args`, run directly as testdata_tools runs it (with pypy3)."""
    return subprocess.run(["pypy3", str(FIXTURE / "data" / "gen.py"), *args], capture_output=True,
                          check=True).stdout


def test_groups_include_group_a_loop_and_manual_tests_become_the_plan(tmp_path: Path) -> None:
    out = tmp_path / "out"
    report = import_package(FIXTURE, out)
    spec = yaml.safe_load((out / "problem.yaml").read_text())
    assert spec["subtasks"] == [{"group": "group1", "score": 40}, {"group": "group2", "score": 60}]
    lines = {g: [(t["name"], t.get("gen")) for t in tests] for g, tests in spec["tests"].items()}
    small = f"gen.pypy3.bash n=3 {tt_seed('small')}"
    assert lines["sample"] == [("1", None)]
    assert lines["group1"] == [("1", None), ("small", small)]
    # include_group repeats group1's tests first, then the loop's three tests, then the manual copy
    assert lines["group2"] == [("1", None), ("small", small),
                               *[(f"big-{i}", f"gen.pypy3.bash n={4 * i} {tt_seed(f'big-{i}')}") for i in (1, 2, 3)],
                               ("edge", None)]
    assert spec["model_solution"] == "solutions/accepted/sum.py"   # use_solution, not the first by name
    assert report.generated == 5 and not report.mismatches
    # testdata_tools runs a .py generator with pypy3 (its default since 2023): so does the wrapper
    assert 'exec pypy3 "$(dirname "$0")/gen.py" "$@"' in (out / "generators" / "gen.pypy3.bash").read_text()
    # the built inputs are what the generator prints with testdata_tools' arguments and seed
    secret = out / "data" / "secret"
    assert (secret / "group2" / "04-big-2.in").read_bytes() == gen_output(["n=8", str(tt_seed("big-2"))])
    assert (secret / "group2" / "02-small.in").read_bytes() == (secret / "group1" / "02-small.in").read_bytes()
    assert (secret / "group2" / "06-edge.in").read_bytes() == (FIXTURE / "manual" / "edge.in").read_bytes()
    assert (secret / "group1" / "01-1.in").read_bytes() == (FIXTURE / "data" / "sample" / "1.in").read_bytes()


def test_committed_data_is_checked_against_the_script_byte_for_byte(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(FIXTURE, source)
    names = {"group1": ["001-1", "002-small"], "group2": ["001-1", "002-small", "003-big-1", "004-big-2",
                                                          "005-big-3", "006-edge"]}
    made = {"small": gen_output(["n=3", str(tt_seed("small"))]), "1": b"2\n3 4\n", "edge": b"1\n100\n",
            **{f"big-{i}": gen_output([f"n={4 * i}", str(tt_seed(f"big-{i}"))]) for i in (1, 2, 3)}}
    for group, stems in names.items():
        (source / "data" / "secret" / group).mkdir(parents=True)
        for stem in stems:
            (source / "data" / "secret" / group / f"{stem}.in").write_bytes(made[stem.split("-", 1)[1]])
    (source / "data" / "secret" / "group2" / "005-big-3.in").write_bytes(b"3\n1 2 3\n")   # not what gen makes
    report = import_package(source, tmp_path / "out")
    assert report.generated == 4
    assert len(report.mismatches) == 1 and "big-3" in report.mismatches[0]


def test_a_failing_script_gives_one_clear_line(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(FIXTURE, source)
    script = source / "data" / "gen.sh"
    script.write_text(script.read_text().replace("compile gen.py", "compile gen.py\nno_such_command 3"))
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "import", str(source), "--to", str(tmp_path / "o")],
                          capture_output=True, text=True)
    said = " ".join((proc.stderr + proc.stdout).split())   # rich wraps the one line to the terminal's width
    assert proc.returncode != 0 and "Traceback" not in said
    assert "data/gen.sh failed when run with ojpack's recording testdata_tools: gen.sh: line 7: " \
           "no_such_command: command not found" in said


def test_a_generator_never_compiled_is_named_and_left_out(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(FIXTURE, source)
    script = source / "data" / "gen.sh"
    script.write_text(script.read_text() + "tc other missing_gen 5\n")
    report = import_package(source, tmp_path / "out")
    assert any("`tc other missing_gen 5`: generator 'missing_gen' was never compiled" in n for n in report.notes)
    assert any("left out: other" in n for n in report.notes)


def test_python3_when_asked_for_or_when_the_shipped_library_predates_pypy3(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(FIXTURE, source)
    (source / "testdata_tools").mkdir()   # an older library: `compile x.py` ran python3
    (source / "testdata_tools" / "gen.sh").write_text('compile_py () { add_program x "python3 $1"; }\n')
    import_package(source, tmp_path / "out")
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text())
    assert spec["tests"]["group1"][1]["gen"] == f"gen.py n=3 {tt_seed('small')}"


def test_a_failing_script_beside_committed_data_leaves_the_committed_data(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(FIXTURE, source)
    (source / "data" / "gen.sh").write_text(". ../testdata_tools/gen.sh\nexit 3\n")
    (source / "data" / "secret").mkdir()
    (source / "data" / "secret" / "only.in").write_bytes(b"1\n5\n")
    report = import_package(source, tmp_path / "out")
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text())
    assert [t["name"] for t in spec["tests"]["secret"]] == ["only"]
    assert any("gen.sh failed when run with ojpack's recording testdata_tools" in n for n in report.notes)


def test_another_script_name_and_library_folder_are_found(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(FIXTURE, source)
    script = source / "data" / "gen.sh"
    text = script.read_text().replace(". ../testdata_tools/gen.sh", ". ../../_testdata_tools/gen.sh")
    script.unlink()
    (source / "data" / "generate.sh").write_text(text)
    report = import_package(source, tmp_path / "out")
    assert report.generated == 5
    assert any("data/generate.sh's (testdata_tools" in n for n in report.notes)


def test_a_script_may_build_in_its_data_folder(tmp_path: Path) -> None:
    """ioi-2022-kattis' generator.sh compiles its model with g++ into data/ (`-o judge_model`): the caged
    script could not write there ("ld: cannot open output file judge_model: Permission denied")."""
    from ojpack.formats.importing import read

    source = tmp_path / "src"
    shutil.copytree(FIXTURE, source)
    script = source / "data" / "gen.sh"
    lines = script.read_text().splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if "testdata_tools/gen.sh" in line) + 1
    script.write_text("".join([*lines[:at], "echo built > judge_model\n", *lines[at:]]))
    notes = read(source).notes
    assert not any("failed when run with ojpack's recording testdata_tools" in n for n in notes), notes
