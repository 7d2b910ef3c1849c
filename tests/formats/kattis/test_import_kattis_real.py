"""Real Kattis / ICPC packages (tests/formats/fixtures/kattis, see its README) import, build and pass
`ojpack check`: every submission gets a verdict its folder (or submissions.yaml) allows, and what ojpack
cannot run is named in the report."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from ojpack.errors import OjpackError
from ojpack.publish import import_package

FIXTURES = Path(__file__).parents[1] / "fixtures" / "kattis"


def check(folder: Path) -> dict:
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "check", "--no-proof", "--full", "--json",
                           "-p", str(folder)], capture_output=True, text=True)
    report = json.loads(proc.stdout)
    bad = [(s["name"], s["verdict"], s["expected"]) for s in report["solutions"] if not s["ok"]]
    assert report["ok"] and not bad, (bad, report.get("problems"))
    return report


def imported(name: str, tmp_path: Path) -> tuple[dict, list[str], dict]:
    report = import_package(FIXTURES / name, tmp_path / name)
    spec = yaml.safe_load((tmp_path / name / "problem.yaml").read_text())
    return spec, report.notes, check(tmp_path / name)


def test_legacy_package_with_a_nested_output_validator_and_two_input_validators(tmp_path: Path) -> None:
    spec, notes, report = imported("legacy-different", tmp_path)
    # output_validators/different_validator/ with its header: compiled together, judged as Kattis does
    assert spec["checker"] == {"type": "program", "source": "validators/checker/validate.cc", "convention": "kattis"}
    assert (tmp_path / "legacy-different" / "validators" / "checker" / "validate.h").is_file()
    # the checktestdata script and validate.py both run on every input
    assert [e["source"] for e in spec["extra_validators"]] == ["validators/extra/1-different/different.ctd",
                                                               "validators/extra/2-validate/validate.py"]
    said = " | ".join(notes)
    # no .timelimit: derived from the accepted runs as problemtools does (x5, whole seconds)
    assert "derived as problemtools does" in said and spec["limits"]["time"] == int(spec["limits"]["time"]) >= 1
    assert "different_py2.py: not Python 3" in said
    assert spec["solutions"]["verdicts"]["solutions/accepted/different_slow.py"] == ["AC", "TLE"]
    assert {s["name"] for s in report["solutions"]} >= {"accepted/different.c", "accepted/different_py3.py",
                                                          "time_limit_exceeded/different_linear_search.cc",
                                                          "wrong_answer/different_no_abs.cc"}


def test_a_submission_in_a_language_ojpack_cannot_run_is_named_in_the_report(tmp_path: Path) -> None:
    """Pascal and F# (Kattis runs both) are named and left out, and so is a .disabled one (BAPCtools skips
    it); Ruby, Haskell and a .pl (Prolog, as problemtools reads it) are imported."""
    source = tmp_path / "src"
    shutil.copytree(FIXTURES / "legacy-different", source, symlinks=True)
    accepted = source / "submissions" / "accepted"
    (accepted / "different.d").write_text("import std.stdio; void main() { long a, b; readf(\" %d %d\", a, b); writeln(a > b ? a - b : b - a); }\n")
    (accepted / "different.fs").write_text("stdin.ReadLine() |> ignore\n")
    (accepted / "different.rb").write_text("STDIN.each_line { |l| a, b = l.split.map(&:to_i); puts (a - b).abs }\n")
    (accepted / "different.hs").write_text("main = interact (unlines . map (show . abs . foldr1 (-) . map read . words) . lines)\n")
    (accepted / "different_prolog.pl").write_text(
        "main :- read_line_to_string(user_input, L), (L == end_of_file -> true ; split_string(L, \" \", \" \", [A, B]),\n"
        "  number_string(X, A), number_string(Y, B), Z is abs(X - Y), format(\"~d~n\", [Z]), main).\n")
    (accepted / "different.php.disabled").write_text("<?php exit(1);\n")   # BAPCtools skips it
    report = import_package(source, tmp_path / "out")
    said = " | ".join(report.notes)
    assert "are skipped, as BAPCtools skips them: accepted/different.php.disabled" in said
    assert "submissions/accepted/different.d: a language ojpack has no runner for ('.d'); not imported" in said
    assert "submissions/accepted/different.fs: a language ojpack has no runner for ('.fs'); not imported" in said
    kept = {p.name for p in (tmp_path / "out" / "solutions" / "accepted").iterdir()}
    assert {"different.rb", "different.hs", "different_prolog.pl"} <= kept
    assert not {"different.d", "different.fs", "different.php"} & kept


def test_an_input_the_checktestdata_script_rejects_stops_the_build(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(FIXTURES / "legacy-different", source, symlinks=True)
    (source / "data" / "secret" / "03.in").write_text("1 2 3\n")   # three numbers: the .ctd wants two
    (source / "data" / "secret" / "03.ans").write_text("1\n")
    with pytest.raises(OjpackError, match="different.ctd"):
        import_package(source, tmp_path / "out")


def test_2023_07_scoring_groups_with_their_validator_flags(tmp_path: Path) -> None:
    spec, notes, report = imported("icpc2023-oddecho", tmp_path)
    assert [(s["group"], s["score"]) for s in spec["subtasks"]] == [("subtask1", 50), ("subtask2", 50)]
    [extra] = spec["extra_validators"]
    assert extra["group_flags"] == {"sample": ["nFive=0"], "subtask1": ["nFive=1"], "subtask2": ["nFive=0"]}
    assert extra["source"].endswith("validator.cpp")
    # partially_accepted: not accepted, as Kattis wants; it scores subtask1 (--full: every test is run)
    partial = next(s for s in report["solutions"] if s["path"].endswith("sol.py"))
    assert partial["verdict"] != "AC" and partial["score"] == 50


def test_2025_09_float_tolerance_with_only_samples(tmp_path: Path) -> None:
    spec, notes, report = imported("icpc2025-fltcmp", tmp_path)
    assert spec["checker"] == {"type": "float", "case_sensitive": False, "absolute": 1e-6, "relative": 1e-6}
    # the jury's answers are kept as written: a tolerance needs no model output
    assert all("answer" in t for g in spec["tests"].values() for t in g)
    assert spec["answer_validator"] == "validators/answer/validate.py" and spec["validator"] == "validators/validate.py"
    assert any("the samples are the secret group too" in n for n in notes)
    assert {s["name"]: s["verdict"] for s in report["solutions"]} == {
        "accepted/fltcmp-test-correct.c": "AC", "wrong_answer/fltcmp-test-wrong1.c": "WA",
        "wrong_answer/fltcmp-test-wrong2.c": "WA"}


BT = Path(__file__).resolve().parents[3] / ".tools" / "bapctools" / "bin" / "bt"


@pytest.mark.slow   # peer tool: `bt generate` makes the same 63 inputs (about 23 s); test_seeds_follow_bapctools_own_seed_test and test_import_generators_programs cover the plan fast
def test_a_bapctools_generators_yaml_becomes_plan_lines_that_make_bapctools_inputs(tmp_path: Path) -> None:
    spec, notes, _ = imported("bapc-generatorcount", tmp_path)
    lines = spec["tests"]["secret"]
    assert len(lines) == 63 and all("gen" in t for t in lines)   # `count:` expanded, {count} and {seed} filled in
    assert any("generators.yaml's plan: 63 generator lines" in n for n in notes)
    built = tmp_path / "bapc-generatorcount" / "data" / "secret"
    ours = {p.name.split("-", 1)[1]: p.read_bytes() for p in built.rglob("*.in")}
    if not BT.exists():
        pytest.skip("BAPCtools is missing (scripts/setup.sh test): the inputs are not compared with `bt generate`")
    work = tmp_path / "bt"
    shutil.copytree(FIXTURES / "bapc-generatorcount", work)
    # bt keeps a machine-wide record of problem uuids (~/.config/bapctools/uuids): an earlier run's copy still on
    # disk makes it warn and fail, so it gets a config folder of its own, as the other tests give it
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    proc = subprocess.run([str(BT), "generate", "--no-bar"], cwd=work, capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    theirs = {p.name: p.read_bytes() for p in (work / "data" / "secret").rglob("*.in")}
    assert ours == theirs   # same names (after ojpack's own NN- prefix), same bytes


def test_seeds_follow_bapctools_own_seed_test(tmp_path: Path) -> None:
    """BAPCtools' test problem `testseed`: its validator recomputes what `bt generate` must write for each
    case (salt, command, count); every line ojpack plans must print exactly that."""
    from ojpack.formats.kattis.generators import plan_tests
    from ojpack.formats.common.writer import Imported
    root = FIXTURES / "bapc-testseed"
    imp = Imported("icpc2025", "testseed", {}, {}, [], [], [], "", "")
    planned = [t for t in plan_tests(root, imp) if t.group == "sample"]
    raw = yaml.safe_load((root / "generators" / "generators.yaml").read_text())["data"]["sample"]["data"]
    cases = {k: v for item in raw for k, v in item.items()}
    assert len(planned) == 1 + 1 + 1 + 1 + 5 + 4 + 6   # count: 5, a list of 4, -2..=3
    for t in planned:
        rest = t.name.split("-", 1)[1]   # NN-key, or NN-key-count
        key = max((k for k in cases if rest.startswith(k)), key=len)
        args = cases[key]["yaml"]["input_validator_args"]
        program, *rest = __import__("shlex").split(t.gen)
        out = subprocess.run([sys.executable, str(root / "generators" / program), *rest], capture_output=True).stdout
        code = subprocess.run([sys.executable, str(root / "input_validators" / "input_validator.py"), *args],
                              input=out, capture_output=True).returncode
        assert code == 42, (t.name, t.gen, out)


def test_nested_test_groups_join_their_first_level_group(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(FIXTURES / "icpc2025-fltcmp", source)
    for i, sub in ((1, "a"), (2, "a/deeper"), (3, "b")):
        folder = source / "data" / "secret" / "group" / sub
        folder.mkdir(parents=True, exist_ok=True)
        for ext in (".in", ".ans"):
            shutil.copy(source / "data" / "sample" / f"{i}{ext}", folder / f"{i}{ext}")
    report = import_package(source, tmp_path / "out")
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text())
    assert [t["name"] for t in spec["tests"]["group"]] == ["a-1", "a-deeper-2", "b-3"]
    assert any("nested groups join group group" in n for n in report.notes)


def test_an_output_validator_of_several_sources_compiles_as_one(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(FIXTURES / "legacy-different", source)
    folder = source / "output_validators" / "different_validator"
    text = (folder / "validate.cc").read_text()
    # move one helper of validate.cc into a source of its own, declared in a header, as judges compile folders
    (folder / "helper.h").write_text("#pragma once\nint helper_exit_code(bool ok);\n")
    (folder / "helper.cc").write_text('#include "helper.h"\nint helper_exit_code(bool ok) { return ok ? 42 : 43; }\n')
    (folder / "validate.cc").write_text('#include "helper.h"\n' + text)
    report = import_package(source, tmp_path / "out")
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text())
    assert spec["checker"]["source"] == "validators/checker/ojpack_all.cpp"
    assert any("2 C/C++ sources are compiled as one file" in n for n in report.notes)
    check(tmp_path / "out")
