"""Hydro's own code reads the hydro export: what it took must be what ojpack meant.

hydro_read.cjs (beside this file) runs, from the npm registry's packages in .tools/hydro (scripts/setup.sh
test): @hydrooj/utils' readYamlCases + normalizeSubtasks (the judge's testdata config reader), hydrooj's
parseConfig (the summary the site stores) and the importer's findOverrideContent (statements per
language). The importer's database steps (ProblemModel.import needs MongoDB) are not run; its rules for
the title (`title`) and the std's language (the file name after the first dot) are read back here.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ojpack.problem.load import load_problem
from ojpack.publish.run import export, prepare
from ojpack.formats.common.package import Package

from conftest import REPO

HYDRO = REPO / ".tools" / "hydro"
READER = Path(__file__).with_name("hydro_read.cjs")


@pytest.fixture(scope="module")
def read(tmp_path_factory: pytest.TempPathFactory) -> tuple[Package, dict]:
    if shutil.which("node") is None or not (HYDRO / "hydrooj" / "src" / "model" / "problem.ts").is_file():
        message = f"node or {HYDRO} is missing: run `bash scripts/setup.sh test`"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    pkg, _ = prepare(load_problem(REPO), ["hydro"], checked=False)
    out = tmp_path_factory.mktemp("hydro")
    [result] = export(pkg, ["hydro"], out_root=out)
    assert not result.error, result.error
    proc = subprocess.run(["node", str(READER), str(HYDRO), str(result.folder / pkg.short_name)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return pkg, json.loads(proc.stdout)


def test_hydro_reads_the_cases_subtasks_and_scores(read) -> None:
    pkg, got = read
    assert [(s["id"], s["score"], s["type"]) for s in got["subtasks"]] == \
        [(i, g.score, "min") for i, g in enumerate(pkg.subtasks, start=1)]
    assert [[c["input"] for c in s["cases"]] for s in got["subtasks"]] == \
        [[f"{g.name}-{t.input.stem}.in" for t in g.tests] for g in pkg.subtasks]
    assert sum(len(s["cases"]) for s in got["subtasks"]) == len(pkg.secret_tests)
    # min: every case carries the subtask's whole score, so a subtask scores only when all pass
    assert all(c["score"] == s["score"] for s in got["subtasks"] for c in s["cases"])


def test_hydro_reads_the_limits(read) -> None:
    pkg, got = read
    assert got["time"] == round(pkg.time_limit * 1000) and got["memory"] == pkg.memory_mib
    assert {(c["time"], c["memory"]) for s in got["subtasks"] for c in s["cases"]} == \
        {(round(pkg.time_limit * 1000), pkg.memory_mib)}
    summary = got["summary"]
    assert (summary["timeMin"], summary["timeMax"]) == (round(pkg.time_limit * 1000),) * 2
    assert (summary["memoryMin"], summary["memoryMax"]) == (pkg.memory_mib,) * 2


def test_hydro_runs_our_token_checker(read) -> None:
    _, got = read
    # testlib-protocol checker shipped in testdata/ (found there by the reader's file check), not Hydro's
    # line-by-line default
    assert got["checker_type"] == "testlib" and got["checker"] == "checker.cc"


def test_hydro_shows_one_statement_per_language_with_sample_panels(read) -> None:
    pkg, got = read
    assert set(got["statements"]) == set(pkg.languages)
    assert all(name in got["title"] for name in pkg.names.values())
    for lang, md in got["statements"].items():
        assert not md.lstrip().startswith("# ")           # the title is Hydro's, not repeated in the body
        fences = re.findall(r"^```(input|output)(\d+)\n(.*?)^```$", md, re.M | re.S)
        assert [(kind, int(i), body.strip()) for kind, i, body in fences] == [
            (kind, i, f.read_text().strip()) for i, t in enumerate(pkg.sample.tests, start=1)
            for kind, f in (("input", t.input), ("output", t.answer))]


def test_hydro_runs_the_model_solution_as_cpp(read) -> None:
    pkg, got = read
    assert got["std"] == [{"file": f"{pkg.model_solution.stem}.cc", "lang": "cc"}]
