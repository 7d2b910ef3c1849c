"""Every export target writes a sum subtask (problem.yaml `aggregation: sum`) in its own terms: the real package
with its first subtask summed (one test worth most of its points, the others 1 each)."""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from ojpack.problem.load import load_problem
from ojpack.publish.run import export, prepare
from ojpack.formats.common.package import Package

from conftest import REPO

TARGETS = ["kattis", "icpc2025", "domjudge", "hydro", "uoj", "luogu", "qduoj", "cms"]


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Package, dict]:
    pkg, _ = prepare(load_problem(REPO), TARGETS, checked=False)
    first = pkg.subtasks[0]
    n = len(first.tests)
    points = (first.score - (n - 1), *([1] * (n - 1)))
    pkg = dataclasses.replace(pkg, subtasks=(dataclasses.replace(first, points=points), *pkg.subtasks[1:]))
    out = tmp_path_factory.mktemp("export-sum")
    return pkg, {r.target: r for r in export(pkg, TARGETS, out_root=out)}


def folder(results: dict, target: str) -> Path:
    assert not results[target].error, results[target].error
    return results[target].folder


def test_cms_has_one_group_per_summed_test(exported) -> None:
    pkg, results = exported
    first, rest = pkg.subtasks[0], pkg.subtasks[1:]
    conf = yaml.safe_load((folder(results, "cms") / "task.yaml").read_text())
    expect = [[0, len(pkg.sample.tests)], *[[p, 1] for p in first.points], *[[g.score, len(g.tests)] for g in rest]]
    assert conf["score_type"] == "GroupMin" and conf["score_type_parameters"] == expect
    gen = (folder(results, "cms") / "gen" / "GEN").read_text()
    assert [int(line.split()[-1]) for line in gen.splitlines() if line.startswith("# ST:")] == [s for s, _ in expect]
    assert any("sum subtask(s) subtask1" in n for n in results["cms"].todo)


def test_hydro_sums_the_case_scores(exported) -> None:
    pkg, results = exported
    conf = yaml.safe_load((folder(results, "hydro") / pkg.short_name / "testdata" / "config.yaml").read_text())
    first = conf["subtasks"][0]
    assert first["type"] == "sum" and first["score"] == pkg.subtasks[0].score
    assert [c["score"] for c in first["cases"]] == list(pkg.subtasks[0].points)
    assert all(s["type"] == "min" and all("score" not in c for c in s["cases"]) for s in conf["subtasks"][1:])


def test_hydro_itself_reads_the_case_scores(exported) -> None:
    pkg, results = exported
    hydro = REPO / ".tools" / "hydro"
    if shutil.which("node") is None or not (hydro / "hydrooj" / "src" / "model" / "problem.ts").is_file():
        pytest.skip(f"node or {hydro} is missing: run `bash scripts/setup.sh test`")
    proc = subprocess.run(["node", str(Path(__file__).parents[1] / "formats" / "hydro" / "hydro_read.cjs"), str(hydro),
                           str(folder(results, "hydro") / pkg.short_name)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)["subtasks"][0]
    assert got["type"] == "sum" and [c["score"] for c in got["cases"]] == list(pkg.subtasks[0].points)


def test_uoj_and_luogu_give_each_summed_test_a_subtask(exported) -> None:
    pkg, results = exported
    first = pkg.subtasks[0]
    conf = dict(line.split(" ", 1) for line in (folder(results, "uoj") / "problem.conf").read_text().splitlines())
    assert int(conf["n_subtasks"]) == len(first.tests) + len(pkg.subtasks) - 1
    assert [int(conf[f"subtask_score_{i}"]) for i in range(1, len(first.tests) + 1)] == list(first.points)
    assert [int(conf[f"subtask_end_{i}"]) for i in range(1, len(first.tests) + 1)] == list(range(1, len(first.tests) + 1))
    luogu = yaml.safe_load((folder(results, "luogu") / "config.yml").read_text())
    rows = [(c["subtaskId"], c["score"]) for c in luogu.values()][:len(first.tests)]
    assert rows == [(i, p) for i, p in enumerate(first.points, start=1)]
    assert sum(min(c["score"] for c in luogu.values() if c["subtaskId"] == s)
               for s in {c["subtaskId"] for c in luogu.values()}) == 100


def test_kattis_sums_accept_scores(exported) -> None:
    pkg, results = exported
    first = pkg.subtasks[0]
    group = folder(results, "kattis") / pkg.short_name / "data" / "secret" / first.name
    meta = yaml.safe_load((group / "testdata.yaml").read_text())
    assert meta["on_reject"] == "continue" and meta["grader_flags"] == "first_error sum"
    assert "accept_score" not in meta and meta["range"] == f"0 {first.score}"
    # the points differ: each test in a folder of its own with its accept_score
    for t, p in zip(first.tests, first.points):
        assert yaml.safe_load((group / t.input.stem / "testdata.yaml").read_text()) == {"accept_score": p}
        assert (group / t.input.stem / t.input.name).is_file()
    second = yaml.safe_load((folder(results, "kattis") / pkg.short_name / "data" / "secret" / pkg.subtasks[1].name
                             / "testdata.yaml").read_text())
    assert second["grader_flags"] == "first_error min" and second["accept_score"] == pkg.subtasks[1].score


def test_pass_fail_judges_say_there_are_no_partial_points(exported) -> None:
    _, results = exported
    for target in ("domjudge", "icpc2025"):
        assert any("earned per passing test in subtask1: no partial points there" in n
                   for n in results[target].lost), results[target].lost


def test_qduoj_lists_the_points_per_test(exported) -> None:
    pkg, results = exported
    first = pkg.subtasks[0]
    assert any(f"{first.name} = tests {'/'.join(map(str, first.points))} points" in n
               for n in results["qduoj"].todo)
