"""File input/output in the exports: CMS says the names (task.yaml infile/outfile), Hydro the stem
(config.yaml filename, its judge's NAME.in/NAME.out), and the targets whose judges only give standard
input and output refuse the problem by name rather than ship one no solution of it passes."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import yaml

from conftest import REPO, edit_yaml
from ojpack.errors import OjpackError
from ojpack.problem.load import load_problem
from ojpack.formats.exporters import TARGETS
from ojpack.formats.common.fileio import CANNOT
from ojpack.publish.run import export, prepare
from ojpack.formats.common.package import Package, make_package
from ojpack.testdata import ensure_built

STDIO_ONLY = ["kattis", "icpc2025", "domjudge", "uoj", "luogu", "qduoj"]


@pytest.fixture(scope="module")
def pkg() -> Package:
    plain, _ = prepare(load_problem(REPO), ["cms", "hydro"], checked=False)
    return dataclasses.replace(plain, input_file="game.in", output_file="game.out")


def test_cms_names_the_files(pkg: Package, tmp_path: Path) -> None:
    if pkg.statement("en", "pdf") is None:
        pytest.skip("no PDF engine on this machine")
    TARGETS["cms"].write(pkg, tmp_path / "cms")
    task = yaml.safe_load((tmp_path / "cms" / "task.yaml").read_text())
    assert (task["infile"], task["outfile"]) == ("game.in", "game.out")


def test_hydro_names_the_stem(pkg: Package, tmp_path: Path) -> None:
    TARGETS["hydro"].write(pkg, tmp_path / "hydro")
    conf = yaml.safe_load((tmp_path / "hydro" / pkg.short_name / "testdata" / "config.yaml").read_text())
    assert conf["filename"] == "game"


@pytest.mark.parametrize(("infile", "outfile"), [("input.txt", "output.txt"), ("game.in", None),
                                                 ("a.in", "b.out")])
def test_hydro_refuses_files_it_cannot_name(pkg: Package, tmp_path: Path, infile: str, outfile: str | None) -> None:
    other = dataclasses.replace(pkg, input_file=infile, output_file=outfile)
    with pytest.raises(OjpackError, match="hydro: its config names the files NAME.in and NAME.out"):
        TARGETS["hydro"].write(other, tmp_path / "hydro")


def test_standard_stream_targets_refuse_the_problem_by_name(pkg: Package, tmp_path: Path) -> None:
    assert sorted(CANNOT) == sorted(STDIO_ONLY)
    results = {r.target: r for r in export(pkg, STDIO_ONLY + ["hydro"], out_root=tmp_path)}
    for target in STDIO_ONLY:
        assert results[target].error.startswith(f"{target}: ") and "game.in, game.out" in results[target].error
        assert not (tmp_path / target).exists()
    assert not results["hydro"].error


def test_the_package_carries_problem_yamls_io(toy: Path) -> None:
    edit_yaml(toy / "problem.yaml", "limits: {time: 1.0, memory: 256, output: 1}",
              "limits: {time: 1.0, memory: 256, output: 1}\nio: {input: sum.in, output: sum.out}")
    (toy / "solutions" / "accepted" / "sum.py").write_text(
        "a, b = map(int, open('sum.in').read().split())\nopen('sum.out', 'w').write(f'{a + b}\\n')\n")
    problem = load_problem(toy)
    got = make_package(problem, ensure_built(problem))
    assert (got.input_file, got.output_file) == ("sum.in", "sum.out")
