"""The interactive package (examples/anti-nim-play): John must win every game against the interactor.

Its data builds to its lock, `ojpack check` gives every solution its declared verdict, a broken interactor is
a judge error, `ojpack judge` explains a wrong answer with the interactor's message and the last moves, and
the exports carry the interactor where the format can (and name the targets that cannot)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from conftest import REPO, load_source
from ojpack.cache import cache_for
from ojpack.judging import Verdict, check, judge
from ojpack.problem.load import load_problem
from ojpack.publish.run import export, prepare
from ojpack.testdata.builder import build
from ojpack.testdata.stats import collect
from ojpack.testdata.validate import load_validator, run_cases

EXAMPLE = REPO / "examples" / "anti-nim-play"
EXPECTED = {
    "accepted/player.cpp": Verdict.AC,
    "accepted/player.py": Verdict.AC,
    "wrong_answer/plain_nim.py": Verdict.WA,
    "wrong_answer/illegal_move.cpp": Verdict.WA,
    "wrong_answer/flood.py": Verdict.WA,
    "time_limit_exceeded/silent.py": Verdict.TLE,
}
ELSEWHERE = ("hydro", "uoj", "luogu", "qduoj", "cms")


def copy_example(tmp: Path) -> Path:
    root = tmp / "anti-nim-play"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns("data", ".ojpack", "build", "__pycache__"))
    return root


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = copy_example(tmp_path_factory.mktemp("play"))
    problem = load_problem(root)
    result = build(problem)
    assert result.lock_status == "unchanged"
    return root


def test_builds_to_its_lock_with_empty_answers_and_full_coverage(built: Path) -> None:
    problem = load_problem(built)
    tests = build(problem).tests
    assert collect(problem, tests).gaps == []
    assert all(t.answer.read_bytes() == b"" for t in tests)   # the interactor judges; nothing to compare
    classes = {c for t in tests if t.group != "sample" for c, n in t.features["classes"].items() if n}
    assert classes == {"ones", "one-rich", "rich"}
    results = run_cases(problem, load_validator(problem, cache_for(built)))
    assert results and all(r.ok for r in results), [r.case.name for r in results if not r.ok]


def test_every_generated_game_is_a_first_player_win(built: Path) -> None:
    validator = load_source(EXAMPLE / "validators" / "validate.py", "play_validate")
    brute = _misere_search()
    for test in load_problem(built).root.glob("data/**/*.in"):
        numbers = list(map(int, test.read_text().split()))
        games, at = numbers[0], 1
        for _ in range(games):
            n = numbers[at]
            piles = numbers[at + 1:at + 1 + n]
            at += 1 + n
            assert validator.first_player_wins(piles) and brute(tuple(sorted(piles))), (test.name, piles)


def _misere_search():
    """A plain game search for small positions, to hold the validator's formula to the game itself."""
    from functools import cache

    @cache
    def wins(piles: tuple[int, ...]) -> bool:
        if sum(piles) == 0:
            return True   # the previous player took the last stone and lost
        return any(not wins(tuple(sorted(piles[:i] + (piles[i] - k,) + piles[i + 1:])))
                   for i in range(len(piles)) for k in range(1, piles[i] + 1))
    return lambda piles: wins(piles) if sum(piles) <= 24 else True


def test_check_gives_every_solution_its_declared_verdict(built: Path) -> None:
    report = check(load_problem(built), proof=False)
    got = {r.solution.name: r.verdict for r in report.rows}
    assert got == EXPECTED
    assert report.ok, report.problems
    cells = {r.solution.name: r.cells for r in report.rows}
    # The flood is rejected at its first malformed line on every test, never an output limit.
    assert {c.verdict for c in cells["wrong_answer/flood.py"]} == {Verdict.WA}
    assert all("too long" in c.message for c in cells["wrong_answer/flood.py"])
    # The silent player is stopped by the wall clock while both sides wait, having used almost no CPU.
    assert all(c.verdict is Verdict.TLE and c.time < 0.5 for c in cells["time_limit_exceeded/silent.py"])
    assert any("last stone" in c.message for c in cells["wrong_answer/plain_nim.py"])
    assert any("cannot take" in c.message for c in cells["wrong_answer/illegal_move.cpp"])


def test_judge_explains_a_wrong_answer_with_the_message_and_the_last_moves(built: Path) -> None:
    result = judge(load_problem(built), built / "solutions" / "wrong_answer" / "plain_nim.py")
    assert result.verdict is Verdict.WA and result.score == 0
    first = next(c for c in result.cells if c.verdict is Verdict.WA)
    assert first.message.endswith("you took the last stone and lost the game")
    lines = first.transcript.splitlines()
    assert lines and lines[-1].startswith("submission >")   # its losing move is the last word
    assert any(line.startswith("     judge >") for line in lines)
    shown = result.to_json()["tests"]
    assert any("last_moves" in t for t in shown)


def test_an_interactor_that_crashes_is_a_judge_error(tmp_path: Path) -> None:
    root = copy_example(tmp_path)
    (root / "interactor" / "interactor.cpp").write_text(
        "#include <cstdio>\n#include <cstdlib>\n"
        "int main() { std::printf(\"1\\n\"); std::fflush(stdout); std::abort(); }\n")
    result = judge(load_problem(root), root / "solutions" / "accepted" / "player.cpp")
    assert {c.verdict for c in result.cells} == {Verdict.JE}
    assert result.verdict is Verdict.JE and result.score == 0
    assert all("interactor/interactor.cpp failed: killed by signal 6" in c.message for c in result.cells)


@pytest.fixture(scope="module")
def exported(built: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    problem = load_problem(built)
    pkg, _ = prepare(problem, ["kattis", "icpc2025", "domjudge"], checked=False)
    out = tmp_path_factory.mktemp("play-export")
    results = {r.target: r.error for r in export(pkg, ["kattis", "icpc2025", "domjudge", *ELSEWHERE], out_root=out)}
    return out, results


def test_kattis_and_domjudge_carry_the_interactor_as_an_interactive_output_validator(exported) -> None:
    out, errors = exported
    source = (EXAMPLE / "interactor" / "interactor.cpp").read_bytes()
    for target, root in (("kattis", out / "kattis" / "antinimplay"), ("domjudge", out / "domjudge")):
        assert not errors[target], errors[target]
        meta = yaml.safe_load((root / "problem.yaml").read_text())
        assert meta["validation"] == "custom interactive" and "validator_flags" not in meta
        assert (root / "output_validators" / "interactor" / "interactor.cpp").read_bytes() == source
        assert not (root / "output_validators" / "checker").exists()
    secret = out / "kattis" / "antinimplay" / "data" / "secret" / "all"
    assert sorted(p.name for p in secret.glob("*.ans")) and all(p.read_bytes() == b"" for p in secret.glob("*.ans"))
    assert (out / "kattis" / "antinimplay" / "submissions" / "time_limit_exceeded" / "silent.py").is_file()


def test_icpc2025_declares_an_interactive_problem(exported) -> None:
    out, errors = exported
    assert not errors["icpc2025"], errors["icpc2025"]
    root = out / "icpc2025" / "antinimplay"
    meta = yaml.safe_load((root / "problem.yaml").read_text())
    assert meta["type"] == ["pass-fail", "interactive"]
    assert (root / "output_validator" / "interactor.cpp").is_file()
    assert "output_validator_args" not in yaml.safe_load((root / "data" / "test_group.yaml").read_text())


def test_targets_without_interactors_refuse_by_name(exported) -> None:
    out, errors = exported
    for target in ELSEWHERE:
        assert re.match(rf"{target}: cannot carry the interactor interactor\.cpp \(.+\)", errors[target]), errors[target]
        assert not (out / target).exists() and not (out / f"{target}.zip").exists()


def _tool(venv: str, exe: str) -> Path:
    path = REPO / ".tools" / venv / "bin" / exe
    if not path.is_file():
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing: run `bash scripts/setup.sh test`")
        pytest.skip(f"{path} is missing: run `bash scripts/setup.sh test`")
    return path


def _tool_env(tmp: Path) -> dict[str, str]:
    tools = load_source(REPO / "tests" / "publish" / "test_export_tools.py", "play_export_tools")
    for name in ("problemtools", "bapctools"):
        (tmp / name).mkdir(parents=True, exist_ok=True)
        (tmp / name / "languages.yaml").write_text(tools.languages_yaml())
    return {**os.environ, "XDG_CONFIG_HOME": str(tmp)}


@pytest.mark.slow   # peer tool: problemtools judges the export (about 12 s)
def test_problemtools_judges_the_kattis_export_as_ojpack_does(exported, tmp_path: Path) -> None:
    verify = _tool("problemtools", "verifyproblem")
    out, _ = exported
    proc = subprocess.run([str(verify), "antinimplay", "-j", "2", "-p", "config", "validators", "data", "submissions"],
                          cwd=out / "kattis", env=_tool_env(tmp_path), capture_output=True, text=True, timeout=900)
    print(proc.stdout[-3000:], proc.stderr[-2000:])
    assert proc.stdout.strip().splitlines()[-1] == "antinimplay tested: 0 errors, 0 warnings"
    for name, verdict in EXPECTED.items():
        assert re.search(rf"{re.escape(name)} \([^)]*\) OK: {verdict.value}", proc.stdout), name


@pytest.mark.slow   # peer tool: BAPCtools validates and runs the export
def test_bapctools_judges_the_icpc2025_export_as_ojpack_does(exported, tmp_path: Path) -> None:
    bt = _tool("bapctools", "bt")
    out, _ = exported
    env = _tool_env(tmp_path / "config")
    text = ""
    for command in ("validate", "run"):
        proc = subprocess.run([str(bt), command, "--problem", str(out / "icpc2025" / "antinimplay"), "--no-bar"],
                              cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
        text = re.sub(r"\x1b\[[0-9;]*m", "", proc.stdout + proc.stderr)
        print(text[-3000:])
        assert proc.returncode == 0, command
        assert not re.search(r"\bERROR\b|WARNING|not properly rejected|unable to detect", text), command
    for name, verdict in EXPECTED.items():
        assert re.search(rf"{re.escape(name)}:\s+{verdict.value}\b", text), name


def test_kattis_samples_show_the_model_solutions_dialogue(exported) -> None:
    out, _ = exported
    sample = out / "kattis" / "antinimplay" / "data" / "sample" / "01-statement.interaction"
    lines = sample.read_text().splitlines()
    # The statement's example: two games, John's moves marked '>' and the judge's '<'.
    assert lines == ["<2", "<2", "<1 1", ">1 1", "<0 0", "<3", "<3 1 1", ">1 2", "<1 1", ">2 1", "<0 0"]


def test_both_statements_show_the_dialogue_the_interactor_really_has(exported, built: Path) -> None:
    from ojpack.statement.model import render_statement
    out, _ = exported
    played = (out / "kattis" / "antinimplay" / "data" / "sample" / "01-statement.interaction").read_text().splitlines()
    for lang in ("en", "zh"):
        markdown = render_statement(load_problem(built), lang, []).markdown
        rows = re.findall(r"^\|\s*(`[^`]*`)?\s*\|\s*(`[^`]*`)?\s*\|$", markdown, flags=re.M)
        shown = [f"<{judge.strip('`')}" if judge else f">{you.strip('`')}" for judge, you in rows]
        assert shown == played, lang


@pytest.mark.parametrize("target", ["kattis", "icpc2025"])
def test_the_export_imports_back_as_an_interactive_package(exported, tmp_path: Path, target: str) -> None:
    from ojpack.formats.importing import import_package
    out, _ = exported
    report = import_package(out / target / "antinimplay", tmp_path / "back")
    assert report.answer_diffs == [] and report.solutions == len(EXPECTED)
    spec = yaml.safe_load((tmp_path / "back" / "problem.yaml").read_text())
    assert spec["interactor"] == {"source": "interactor/interactor.cpp"}
    assert (tmp_path / "back" / "interactor" / "interactor.cpp").read_bytes() == \
        (EXAMPLE / "interactor" / "interactor.cpp").read_bytes()
    back = load_problem(tmp_path / "back")
    assert judge(back, tmp_path / "back" / "solutions" / "accepted" / "player.cpp").verdict is Verdict.AC
    lost = judge(back, EXAMPLE / "solutions" / "wrong_answer" / "plain_nim.py")
    assert lost.verdict is Verdict.WA and "last stone" in next(c.message for c in lost.cells if c.verdict is Verdict.WA)
