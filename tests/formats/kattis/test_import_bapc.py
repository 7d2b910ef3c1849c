"""BAPCtools packages (2025-09 with BAPCtools' extensions): problem.yaml `constants:` written where BAPCtools
writes them, and the inputs `ojpack build` makes compared byte for byte with `bt generate`'s."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from ojpack.publish import import_package

FIXTURES = Path(__file__).parents[1] / "fixtures" / "kattis"
BT = Path(__file__).resolve().parents[3] / ".tools" / "bapctools" / "bin" / "bt"


def bt_generate(fixture: str, tmp_path: Path) -> dict[str, bytes]:
    """The secret inputs `bt generate` writes for `fixture`, by file name."""
    if not BT.exists():
        pytest.skip("BAPCtools is missing (scripts/setup.sh test): the inputs are not compared with `bt generate`")
    work = tmp_path / "bt"
    shutil.copytree(FIXTURES / fixture, work)
    # bt keeps a machine-wide record of problem uuids: a config folder of its own keeps earlier runs out
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    proc = subprocess.run([str(BT), "generate", "--no-bar"], cwd=work, capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return {p.name: p.read_bytes() for p in (work / "data" / "secret").rglob("*.in")}


def test_constants_go_into_generator_commands_programs_validators_and_statement(tmp_path: Path) -> None:
    out = tmp_path / "out"
    report = import_package(FIXTURES / "bapc-constants-gen", out)
    spec = yaml.safe_load((out / "problem.yaml").read_text())
    # every generate: line (one writing {name}.in) with {{MAXN}}, {{MAXN.STR}}, {{MAXN.value}}, {{SIDES}},
    # {{MAXV}} is a plan line
    assert sum(len(v) for k, v in spec["tests"].items() if k != "sample") == 9   # with the included sample
    assert any("gen.py 1000000 4 " in t["gen"] for t in spec["tests"]["small"])
    assert "LIMIT = 50" in (out / "generators" / "gen.py").read_text()
    # a validator written for Kattis (no --features) runs as Kattis runs it: an extra validator
    assert "n <= 50 " in (out / "validators" / "extra" / "1-validate" / "validate.py").read_text()
    assert "at most 50 numbers, each at most 1000000" in (out / "statement" / "problem.en.md.j2").read_text()
    written = ("constants (MAXN, MAXV, SIDES) written into generators/gen.py, generators/write.py, "
               "validators/extra/1-validate/validate.py")
    assert any(written in n for n in report.notes)
    # a submission is not substituted: the one printing "{{MAXN}}" keeps it and is wrong
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "check", "--no-proof", "--json", "-p", str(out)],
                          capture_output=True, text=True)
    verdicts = {s["name"]: s["verdict"] for s in json.loads(proc.stdout)["solutions"]}
    assert verdicts == {"accepted/sum.py": "AC", "wrong_answer/constant.py": "WA"}
    ours = {p.name.split("-", 1)[1]: p.read_bytes() for p in (out / "data" / "secret").rglob("*.in")}
    assert ours == bt_generate("bapc-constants-gen", tmp_path)   # same names, same bytes


def test_an_unknown_constant_is_named_and_its_case_left_out(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(FIXTURES / "bapc-constants-gen", source)
    plan = source / "generators" / "generators.yaml"
    plan.write_text(plan.read_text() + "          - unknown: gen.py {{NOPE}} {seed}\n")
    report = import_package(source, tmp_path / "out")
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text())
    # ten numbered cases now: two digits
    assert [t["name"] for t in spec["tests"]["large"]] == ["02-max", "03-maxvalue", "04-written", "01"]
    assert any("gen.py {{NOPE}} {seed}` uses an unknown {{constant}}; left out" in n for n in report.notes)


def scoring_copy(tmp_path: Path, fixture: str) -> Path:
    """A copy of `fixture` whose problem.yaml says `type: [scoring]` (2025-09's list form)."""
    source = tmp_path / "src"
    shutil.copytree(FIXTURES / fixture, source)
    meta = source / "problem.yaml"
    meta.write_text(meta.read_text().replace("type: pass-fail", "type: [scoring]"))
    return source


def test_generators_yaml_group_points_become_subtask_scores(tmp_path: Path) -> None:
    source = scoring_copy(tmp_path, "bapc-constants-gen")
    plan = source / "generators" / "generators.yaml"
    text = plan.read_text()
    text = text.replace("      small:\n", "      small:\n        test_group.yaml:\n          max_score: 30\n")
    text = text.replace("      large:\n", "      large:\n        test_group.yaml:\n          max_score: 70\n"
                                             "          score_aggregation: sum\n")
    plan.write_text(text)
    report = import_package(source, tmp_path / "out")
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text())
    assert [(s["group"], s["score"], s.get("aggregation")) for s in spec["subtasks"]] == \
        [("large", 70, "sum"), ("small", 30, None)]   # score_aggregation: sum, the 70 points split evenly
    assert not any("summed" in n for n in report.notes)


def test_2025_09_group_points_with_a_type_list_and_scaled_when_not_100(tmp_path: Path) -> None:
    source = scoring_copy(tmp_path, "icpc2025-fltcmp")
    for i, (group, points) in enumerate((("easy", 10), ("hard", 30)), start=1):
        folder = source / "data" / "secret" / group
        folder.mkdir(parents=True)
        (folder / "test_group.yaml").write_text(f"max_score: {points}\n")
        for ext in (".in", ".ans"):
            shutil.copy(source / "data" / "sample" / f"{i}{ext}", folder / f"{i}{ext}")
    report = import_package(source, tmp_path / "out")
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text())
    assert [(s["group"], s["score"]) for s in spec["subtasks"]] == [("easy", 25), ("hard", 75)]
    assert any("group points easy=10, hard=30 scaled to add up to 100" in n for n in report.notes)


def linked_out(tmp_path: Path) -> tuple[Path, Path]:
    """bapc-constants-gen with its input validator a symlink to a file in a folder outside the package, as
    BAPCtools' test problems link validation.h to its headers."""
    source = tmp_path / "src"
    shutil.copytree(FIXTURES / "bapc-constants-gen", source)
    outside = tmp_path / "headers"
    outside.mkdir()
    validator = source / "input_validators" / "validate.py"
    shutil.move(validator, outside / "validate.py")
    validator.symlink_to(os.path.relpath(outside / "validate.py", validator.parent))
    return source, outside


def test_a_symlink_to_a_file_in_an_allowed_folder_is_read_as_content(tmp_path: Path) -> None:
    source, outside = linked_out(tmp_path)
    report = import_package(source, tmp_path / "out", allow_outside=[outside])
    copied = (tmp_path / "out" / "validators" / "extra" / "1-validate" / "validate.py")
    assert not copied.is_symlink() and "n <= 50 " in copied.read_text()
    assert any(n.startswith("input_validators/validate.py: a symlink out of the package to "
                            f"{outside / 'validate.py'} (allowed by --allow-outside)") for n in report.notes)


def test_without_allow_outside_the_link_is_refused_in_one_line_naming_it(tmp_path: Path) -> None:
    source, outside = linked_out(tmp_path)
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "import", str(source), "--to", str(tmp_path / "out")],
                          capture_output=True, text=True)
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    said = " ".join(proc.stderr.split())
    assert "input_validators/validate.py: a symlink out of the package" in said and "--allow-outside" in said
    assert not (tmp_path / "out").exists()


def test_the_report_lists_every_source_file_and_what_became_of_it(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(FIXTURES / "bapc-constants-gen", source)
    (source / "submissions" / "accepted" / "sum.fs").write_text("printfn \"\"\n")   # F#: Kattis runs it, ojpack not
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "import", str(source), "--to", str(tmp_path / "o"),
                           "--json"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    files = {f["path"]: f["fate"] for f in json.loads(proc.stdout)["files"]}
    assert sorted(files) == sorted(p.relative_to(source).as_posix() for p in source.rglob("*") if p.is_file())
    assert files["problem.yaml"].startswith("read: names")
    assert files["generators/generators.yaml"] == "read: its plan → the generator lines of problem.yaml"
    assert files["generators/gen.py"] == "copied with the constants written in to generators/gen.py"
    assert files["input_validators/validate.py"] == ("copied with the constants written in to "
                                                     "validators/extra/1-validate/validate.py")
    assert files["answer_validators/validate.py"] == "copied to validators/answer/validate.py"
    assert files["statement/problem.en.tex"] == "the en statement, in Markdown: statement/problem.en.md.j2"
    assert files["submissions/wrong_answer/constant.py"] == "copied to solutions/wrong_answer/constant.py"
    assert files["submissions/accepted/sum.fs"].startswith("not carried over: a language ojpack has no runner for")


def test_a_case_given_as_in_and_ans_text_ends_with_a_newline_as_bapctools_writes_it(tmp_path: Path) -> None:
    from ojpack.formats.kattis.generators import plan_tests
    from ojpack.formats.common.writer import Imported
    (tmp_path / "generators").mkdir()
    (tmp_path / "generators" / "generators.yaml").write_text(
        'data:\n  secret:\n    data:\n      bare: {in: "-1", ans: "0"}\n      ended: {in: "5\\n", ans: ""}\n')
    planned = plan_tests(tmp_path, Imported("icpc2025", "t", {}, {}, [], [], [], "", ""))
    assert [(t.name, t.input, t.answer) for t in planned] == [("bare", b"-1\n", b"0\n"), ("ended", b"5\n", b"")]


def test_an_include_of_an_ambiguous_or_unknown_key_is_named(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(FIXTURES / "bapc-constants-gen", source)
    plan = source / "generators" / "generators.yaml"
    text = plan.read_text().replace("include: [sample]", "include: [small]")   # small comes after large
    text = text.replace("      small:\n", "      small:\n        include: [twice]\n")
    plan.write_text(text + "          - twice:\n              generate: gen.py 3 {seed}\n              count: 2\n")
    report = import_package(source, tmp_path / "out")
    said = " | ".join(report.notes)
    assert "data.secret.small: include twice: ambiguous; left out" in said   # two count: cases share the key
    assert "data.secret.large: include small: no earlier case or directory has that key; left out" in said
