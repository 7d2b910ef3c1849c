"""A problem whose solutions read `sum.in` and write `sum.out` (problem.yaml's io): the model's answers,
check, judge and stress all run the solutions with the files; an answer on standard output, or an answer
file that is a symbolic link (to a right answer), is wrong."""

from __future__ import annotations

import importlib
import shutil
from pathlib import Path

import pytest

from conftest import edit_yaml
from ojpack.judging.crosscheck import check
from ojpack.judging.execute import problem_limits
from ojpack.judging.judgement import judge
from ojpack.judging.verdicts import Verdict
from ojpack.problem.load import load_problem
from ojpack.sandbox import Files
from ojpack.testdata import ensure_built

FILE_SUM = "a, b = map(int, open('sum.in').read().split())\nopen('sum.out', 'w').write(f'{a + b}\\n')\n"
ON_STDOUT = "a, b = map(int, open('sum.in').read().split())\nprint(a + b)\n"
LINKED = ("import os\na, b = map(int, open('sum.in').read().split())\nopen('mine.txt', 'w').write(f'{a + b}\\n')\n"
          "os.symlink('mine.txt', 'sum.out')\n")
FREOPEN = ('#include <cstdio>\nint main(){freopen("sum.in","r",stdin);freopen("sum.out","w",stdout);'
           'long a,b;scanf("%ld %ld",&a,&b);printf("%ld\\n",a+b);}\n')
STDIN_SUM = "a, b = map(int, input().split())\nprint(a + b)\n"


def add(root: Path, rel: str, text: str) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


@pytest.fixture
def files_toy(toy: Path) -> Path:
    edit_yaml(toy / "problem.yaml", "limits: {time: 1.0, memory: 256, output: 1}",
              "limits: {time: 1.0, memory: 256, output: 1}\nio: {input: sum.in, output: sum.out}")
    add(toy, "solutions/accepted/sum.py", FILE_SUM)
    add(toy, "solutions/accepted/freopen.cpp", FREOPEN)
    add(toy, "solutions/wrong_answer/on_stdout.py", ON_STDOUT)
    add(toy, "solutions/wrong_answer/linked.py", LINKED)
    add(toy, "solutions/run_time_error/stdin.py", STDIN_SUM)
    return toy


def test_the_models_answers_come_from_its_output_file(files_toy: Path) -> None:
    problem = load_problem(files_toy)
    built = ensure_built(problem)
    answers = [t.answer.read_text() for t in built]
    assert answers and all(a.strip().isdigit() for a in answers), answers


def test_judge_takes_the_answer_from_the_file(files_toy: Path) -> None:
    problem = load_problem(files_toy)
    for name in ("sum.py", "freopen.cpp"):
        res = judge(problem, files_toy / "solutions" / "accepted" / name)
        assert res.verdict is Verdict.AC and res.score == 100, (name, res.cells)


@pytest.mark.parametrize(("name", "message"), [
    ("on_stdout.py", "it wrote no output file sum.out"),
    ("linked.py", "its output file sum.out is not a regular file"),
])
def test_an_answer_not_in_a_regular_output_file_is_wrong(files_toy: Path, name: str, message: str) -> None:
    res = judge(load_problem(files_toy), files_toy / "solutions" / "wrong_answer" / name)
    assert res.verdict is Verdict.WA and res.score == 0
    assert all(c.verdict is Verdict.WA and c.message == message for c in res.cells), res.cells


def test_a_solution_reading_standard_input_gets_nothing_there(files_toy: Path) -> None:
    res = judge(load_problem(files_toy), files_toy / "solutions" / "run_time_error" / "stdin.py")
    assert res.score == 0 and all(c.verdict is Verdict.RE for c in res.cells), res.cells   # EOFError


def test_check_meets_every_expectation(files_toy: Path) -> None:
    report = check(load_problem(files_toy), proof=False)
    assert report.ok, report.problems
    rows = {r.solution.name: r.verdict for r in report.rows}
    assert rows["accepted/freopen.cpp"] is Verdict.AC and rows["wrong_answer/linked.py"] is Verdict.WA


def test_the_same_solutions_fail_without_io(files_toy: Path) -> None:
    """The files are what makes them right: on a standard-stream problem the file solutions are wrong."""
    edit_yaml(files_toy / "problem.yaml", "io: {input: sum.in, output: sum.out}", "")
    shutil.copy(Path(__file__).parents[1] / "toy" / "solutions" / "accepted" / "sum.py",
                files_toy / "solutions" / "accepted" / "sum.py")
    res = judge(load_problem(files_toy), add(files_toy, "file_sum.py", FILE_SUM))
    assert res.verdict is not Verdict.AC


def test_every_judging_step_runs_with_the_files(files_toy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """check, judge, the proof, the time-limit search and stress take their limits from problem_limits;
    the model's answers from model_limits."""
    from ojpack.testdata.solve import model_limits
    stress = importlib.import_module("ojpack.strength.stress")

    problem = load_problem(files_toy)
    assert problem_limits(problem).files == Files("sum.in", "sum.out")
    assert problem_limits(problem, 3.0, 2.0).files == Files("sum.in", "sum.out")
    assert model_limits(problem).files == Files("sum.in", "sum.out")
    monkeypatch.setattr(stress, "load_grammar", lambda problem: None)
    assert stress.setup(problem).limits.files == Files("sum.in", "sum.out")
