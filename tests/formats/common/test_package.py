"""The Package view: groups, scores, bounds, solutions and statements as exporters see them."""

from __future__ import annotations

import dataclasses
import uuid
from pathlib import Path

import pytest

from ojpack.testdata import ensure_built
from ojpack.errors import OjpackError
from ojpack.sandbox.languages import detect, main_name
from ojpack.formats.common.package import make_package, validator_args
from ojpack.problem.load import load_problem

from conftest import REPO


@pytest.fixture(scope="module")
def real():
    problem = load_problem(REPO)
    tests = ensure_built(problem)
    return problem, tests, make_package(problem, tests)


def test_groups_follow_problem_yaml_and_keep_judging_order(real) -> None:
    problem, tests, pkg = real
    assert [g.name for g in pkg.subtasks] == problem.groups
    assert [s.score for s in problem.spec.subtasks] == [g.score for g in pkg.subtasks]
    assert sum(g.score for g in pkg.groups) == 100 and pkg.sample.score == 0
    assert [t.id for g in pkg.groups for t in g.tests] == [t.id for t in tests]
    for g in pkg.groups:
        assert g.bounds == problem.bounds_for(g.name)
        assert all(t.group == g.name for t in g.tests)
    assert pkg.secret_tests == [t for t in tests if t.group != "sample"]


def test_limits_and_checker_come_from_the_spec(real) -> None:
    problem, _, pkg = real
    lim = problem.spec.limits
    assert (pkg.time_limit, pkg.memory_mib, pkg.output_mib) == (lim.time, lim.memory, lim.output)
    assert pkg.case_sensitive == problem.spec.checker.case_sensitive
    assert pkg.names == {"zh": problem.spec.name["zh"], "en": problem.spec.name["en"]}


def test_validator_args_use_the_contract() -> None:
    assert validator_args({"T": (1, 250), "n": (1, 50)}) == ["T=1..250", "n=1..50"]


def test_uuid_is_stable_and_tied_to_the_short_name(real) -> None:
    _, _, pkg = real
    assert uuid.UUID(pkg.uuid).version == 5
    assert pkg.uuid == dataclasses.replace(pkg).uuid
    assert pkg.uuid != dataclasses.replace(pkg, short_name=pkg.short_name + "x").uuid


def test_solutions_carry_their_verdict_sets(real) -> None:
    problem, _, pkg = real
    by_rel = {s.rel: s for s in pkg.solutions}
    assert by_rel[problem.spec.model_solution].verdicts == {"AC"}
    for rel, words in problem.spec.solutions.verdicts.items():
        assert by_rel[rel].verdicts == {"RTE" if w == "RE" else w for w in words}
    assert all(s.single is None for s in pkg.solutions if len(s.verdicts) > 1)


def test_java_solutions_are_filed_under_their_main_class(real) -> None:
    _, _, pkg = real
    java = [s for s in pkg.solutions if s.path.suffix == ".java"]
    assert java, "the package has a Java solution"
    for s in java:
        main = main_name(s.path, detect(s.path))
        assert s.entry == (s.path.name if main == s.path.stem else f"{s.path.stem}/{main}.java")


@pytest.mark.parametrize("name, text, entry", [
    ("sol.scala", "object Solution {\n  def main(args: Array[String]): Unit = println(1)\n}\n", "sol/Solution.scala"),
    ("Solution.scala", "object Solution extends App { println(1) }\n", "Solution.scala"),
    ("sol.rb", "puts 1\n", "sol.rb"),
])
def test_a_scala_solution_is_filed_under_its_main_object(name, text, entry, tmp_path: Path) -> None:
    """problemtools runs a Scala program by its file's stem: the object holding main names the file."""
    from ojpack.formats.common.package import entry_name
    (tmp_path / name).write_text(text)
    assert entry_name(tmp_path / name) == entry


def test_missing_statement_and_validator_port_are_named(real, tmp_path: Path) -> None:
    _, _, pkg = real
    moved = dataclasses.replace(pkg, root=tmp_path, validator=tmp_path / "validators" / "validate.py")
    assert moved.statement("en", "tex") is None
    with pytest.raises(OjpackError, match=r"kattis: needs the statement build/statement/problem.en.tex"):
        moved.require_statement("en", "tex", "kattis")
    with pytest.raises(OjpackError, match=r"uoj: needs a C\+\+ port of the validator at validators/validate.cpp"):
        moved.cpp_validator("uoj")


def test_data_that_misses_a_subtask_is_refused(real) -> None:
    problem, tests, _ = real
    with pytest.raises(OjpackError, match=f"subtask {problem.groups[-1]} has no built tests"):
        make_package(problem, [t for t in tests if t.group != problem.groups[-1]])
    stray = dataclasses.replace(tests[-1], group="bonus")
    with pytest.raises(OjpackError, match="groups not in problem.yaml: bonus"):
        make_package(problem, [*tests, stray])


def test_judges_get_the_cpp_port_when_there_is_one(real, tmp_path: Path) -> None:
    _, _, pkg = real
    assert pkg.judge_validator == pkg.validator.with_suffix(".cpp")
    (tmp_path / "validate.py").write_text("")
    assert dataclasses.replace(pkg, validator=tmp_path / "validate.py").judge_validator == tmp_path / "validate.py"
