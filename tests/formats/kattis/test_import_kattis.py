"""Round trips through `ojpack import`: export --to kattis (or icpc2025) → import → export again gives the
same files: test data byte for byte, limits, validator bounds, scores, statements and solution verdicts."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from ojpack.publish import import_package

EN = """## Description

Add $a$ and $b$ (**both** at most {{ bounds.x.max }}).
{% if samples %}
{% for s in samples %}
```
{{ s.input }}
```
{% endfor %}
{% endif %}
"""
SOLUTIONS = {
    "wrong_answer/off.py": "a, b = map(int, input().split())\nprint(a + b + 1)\n",
    "time_limit_exceeded/spin.py": "while True:\n    pass\n",
    "run_time_error/crash.py": "raise SystemExit(3)\n",
    "wrong_answer/either.py": "a, b = map(int, input().split())\nprint(a - b if a > 50 else 1 // 0)\n",
}


def ojpack(*args: str) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", *args], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    return proc


def tree(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def toy_with_statement(toy: Path) -> Path:
    (toy / "statement").mkdir()
    (toy / "statement" / "problem.en.md.j2").write_text(EN, encoding="utf-8")
    (toy / "statement" / "problem.zh.md.j2").write_text("## 题目描述\n\n求 $a+b$，其中 `a` 与 `b` 不超过 "
                                                         "{{ bounds.x.max }}。\n", encoding="utf-8")
    for rel, text in SOLUTIONS.items():
        (toy / "solutions" / rel).parent.mkdir(parents=True, exist_ok=True)
        (toy / "solutions" / rel).write_text(text)
    with open(toy / "problem.yaml", "a") as f:
        f.write("solutions:\n  verdicts:\n    solutions/wrong_answer/either.py: [WA, RE]\n")
    return toy


@pytest.mark.parametrize("target", ["kattis", "icpc2025"])
def test_export_import_export_gives_the_same_package(toy_with_statement: Path, tmp_path: Path, target: str) -> None:
    ojpack("export", "--to", target, "--no-check", "-p", str(toy_with_statement))
    first = toy_with_statement / "build" / "export" / target
    report = import_package(toy_with_statement / "build" / "export" / f"{target}.zip", tmp_path / "back")
    assert report.format == target and report.tests == 5 and report.mismatches == [] and report.answer_diffs == []
    ojpack("export", "--to", target, "--no-check", "-p", str(tmp_path / "back"))
    second = tmp_path / "back" / "build" / "export" / target
    one, two = tree(first), tree(second)
    assert [k for k in one if "/data/" in k] and [k for k in one if "/submissions/" in k]
    assert one == two        # data, limits, bounds, verdicts and statements: all the same bytes

    spec = yaml.safe_load((tmp_path / "back" / "problem.yaml").read_text())
    # the legacy format is judged as problemtools judges it: with its safety margin (default 2); both formats
    # let a run go on past the output limit, as problemtools, DOMjudge and BAPCtools do
    assert spec["limits"] == {"time": 1.0, "memory": 256, "output": 1, "output_stops": False,
                              **({"safety_margin": 2.0} if target == "kattis" else {})}
    assert spec["bounds"] == {"x": {"min": 1, "max": 100}}
    assert {s["group"]: s.get("bounds") for s in spec["subtasks"]} == {"big": None, "small": {"x": {"min": 1, "max": 10}}}
    assert (tmp_path / "back" / "solutions" / "run_time_error" / "crash.py").is_file()
    if target == "kattis":   # a scoring problem: the scores come back
        assert {s["group"]: s["score"] for s in spec["subtasks"]} == {"big": 70, "small": 30}
        # the legacy format has no folder for [WA, RE]: the export left it out; a Kattis run-time error
        # includes a memory blow-up
        assert spec["solutions"]["verdicts"] == {"solutions/run_time_error/crash.py": ["RE", "MLE"]}
    else:                    # pass-fail: the scores are invented, and said so; the verdict set comes back
        assert {s["group"]: s["score"] for s in spec["subtasks"]} == {"big": 50, "small": 50}
        assert any("pass-fail" in n for n in report.notes)
        # (a BAPCtools RTE includes a memory blow-up: ojpack's RE or MLE)
        assert spec["solutions"]["verdicts"] == {"solutions/run_time_error/crash.py": ["RE", "MLE"],
                                                 "solutions/wrong_answer/either.py": ["WA", "RE", "MLE"]}
    # problemtools, BAPCtools and Kattis run a .py with PyPy 3 and compile C++ as gnu++23: so does the import
    # (and the Kattis-family export keeps them without naming a loss)
    langs = spec["solutions"]["languages"]
    assert langs["solutions/time_limit_exceeded/spin.py"] == "pypy"
    assert {v for k, v in langs.items() if k.endswith(".py")} == {"pypy"}
    assert {v for k, v in langs.items() if k.endswith(".cpp")} <= {"cpp23"}


def test_unknown_submission_folders_and_validator_flags_are_reported(tmp_path: Path) -> None:
    root = tmp_path / "legacy"
    (root / "data" / "sample").mkdir(parents=True)
    (root / "data" / "secret").mkdir(parents=True)
    (root / "submissions" / "accepted").mkdir(parents=True)
    (root / "submissions" / "weird").mkdir(parents=True)
    (root / "problem.yaml").write_text("name: Echo\nvalidator_flags: float_tolerance 1e-6 ignore_spaces\n")
    (root / "data" / "testdata.yaml").write_text("input_validator_flags: --strict\n")
    (root / "data" / "secret" / "1.in").write_text("5\n")
    (root / "data" / "secret" / "1.ans").write_text("5\n")
    (root / "submissions" / "accepted" / "echo.py").write_text("print(input())\n")
    (root / "submissions" / "weird" / "p.py").write_text("print(1)\n")
    report = import_package(root, tmp_path / "out")
    notes = " | ".join(report.notes)
    for expected in ("submissions/weird/p.py", "ignore_spaces", "--strict", "derived as problemtools does",
                     "no input validator",
                     "no zh title"):
        assert expected in notes
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text())
    # Kattis' default compare ignores case; the tolerance is carried, the jury's answer kept as written
    assert spec["checker"] == {"type": "float", "case_sensitive": False, "absolute": 1e-6, "relative": 1e-6}
    assert spec["tests"]["secret"][0]["answer"] == "generators/manual/secret/1.ans"
    assert [t["name"] for t in spec["tests"]["secret"]] == ["1"]


def test_the_real_package_survives_the_round_trip(package_copy: Path, tmp_path: Path) -> None:
    """Every solution (verdict sets, a Java class in its own folder), subtask bounds, zh+en statements with a
    table: export → import → export is the same, file for file (~20 s; icpc2025 is covered on the toy)."""
    ojpack("export", "--to", "kattis", "--no-check", "-p", str(package_copy))
    back = tmp_path / "back"
    report = import_package(package_copy / "build" / "export" / "kattis.zip", back)
    exported = package_copy / "build" / "export" / "kattis" / "johnsgame"
    assert report.tests == len(list(exported.glob("data/*/**/*.in")))
    assert report.solutions == len([p for p in exported.glob("submissions/*/*") if p.suffix or p.is_dir()])
    assert report.mismatches == [] and report.answer_diffs == [] and report.notes == []
    ojpack("export", "--to", "kattis", "--no-check", "-p", str(back))
    assert tree(package_copy / "build" / "export" / "kattis") == tree(back / "build" / "export" / "kattis")
