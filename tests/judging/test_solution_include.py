"""problem.yaml's solutions.include (Kattis / ICPC `include/<language>/` and `include/default/`): the folder's
files sit beside every solution in that language when it is compiled and run, as its working folder."""

import json

import pytest
from typer.testing import CliRunner

from ojpack.cli import app
from ojpack.errors import ProblemConfigError
from ojpack.judging import judge
from ojpack.judging.solutions import discover
from ojpack.problem.load import load_problem

# the toy adds two numbers; each solution needs an included file to do it
PY_IMPORTS = "import helper\nprint(helper.add(*map(int, input().split())))\n"
PY_READS = "a, b = map(int, input().split())\nprint(a + b + int(open('zero.txt').read()))\n"
CPP_INCLUDES = '#include <cstdio>\n#include "add.h"\nint main(){long long a,b;scanf("%lld %lld",&a,&b);' \
               'printf("%lld\\n",add(a,b));}\n'


def _with_include(toy, entries: str) -> None:
    (toy / "include" / "python").mkdir(parents=True)
    (toy / "include" / "python" / "helper.py").write_text("def add(a, b):\n    return a + b\n")
    (toy / "include" / "default").mkdir()
    (toy / "include" / "default" / "zero.txt").write_text("0\n")
    (toy / "include" / "default" / "add.h").write_text("long long add(long long a, long long b){return a+b;}\n")
    text = (toy / "problem.yaml").read_text()
    (toy / "problem.yaml").write_text(text + f"solutions:\n  include:\n{entries}")


def _put(toy, name: str, text: str):
    path = toy / "solutions" / "accepted" / name
    path.write_text(text)
    return path


def test_included_files_sit_beside_each_solution_by_its_language(toy):
    problem = load_problem(toy)   # without them, the same solutions fail
    assert str(judge(problem, _put(toy, "imports.py", PY_IMPORTS)).verdict) == "RE"
    assert str(judge(problem, _put(toy, "adds.cpp", CPP_INCLUDES)).verdict) == "CE"
    _with_include(toy, "    python: include/python\n    default: include/default\n")
    problem = load_problem(toy)
    judged = judge(problem, toy / "solutions" / "accepted" / "imports.py")
    assert str(judged.verdict) == "AC", judged.cells[0].message
    assert str(judge(problem, toy / "solutions" / "accepted" / "adds.cpp").verdict) == "AC"
    # python has its own folder: default's zero.txt is not there
    assert str(judge(problem, _put(toy, "reads.py", PY_READS)).verdict) == "RE"


def test_default_alone_serves_every_language_as_its_working_folder(toy):
    _with_include(toy, "    default: include/default\n")
    assert str(judge(load_problem(toy), _put(toy, "reads.py", PY_READS)).verdict) == "AC"


@pytest.mark.parametrize("entry,said", [("    klingon: include/python\n", "unknown language 'klingon'"),
                                        ("    python: include/nope\n", "include/nope is not a folder")])
def test_a_wrong_entry_is_one_clear_error(toy, entry, said):
    _with_include(toy, entry)
    with pytest.raises(ProblemConfigError, match=said):
        discover(load_problem(toy))


# build/run solutions (a folder with its own scripts): a Python one takes include/python (its one language),
# a shell one, with no source of a known language, include/default
SCRIPTED = {
    "py": {"run": '#!/bin/sh\ncd "${0%/*}" && exec python3 sol.py\n', "sol.py": PY_IMPORTS},
    "sh": {"run": '#!/bin/sh\nread a b\necho $((a + b + $(cat "${0%/*}/zero.txt")))\n'},
}


def _scripted(toy, name: str):
    folder = toy / "solutions" / "accepted" / f"by_{name}"
    folder.mkdir(parents=True)
    for file, text in SCRIPTED[name].items():
        (folder / file).write_text(text)
    return folder / "run"


@pytest.mark.parametrize("name", sorted(SCRIPTED))
def test_a_build_run_solution_gets_the_included_files_too(toy, name):
    run = _scripted(toy, name)
    assert str(judge(load_problem(toy), run).verdict) == "RE"   # without them it cannot add
    _with_include(toy, "    python: include/python\n    default: include/default\n")
    judged = judge(load_problem(toy), run)
    assert str(judged.verdict) == "AC", judged.cells[0].message


def test_solutions_on_a_dask_cluster_get_their_included_files(toy):
    """The workers build what the client builds: a source with its included files, a build/run folder with
    them; both travel as the folder they are built from."""
    _put(toy, "imports.py", PY_IMPORTS)
    _put(toy, "adds.cpp", CPP_INCLUDES)
    _scripted(toy, "py")
    _scripted(toy, "sh")
    _with_include(toy, "    python: include/python\n    default: include/default\n")

    def verdicts(*extra: str) -> dict:
        result = CliRunner().invoke(app, ["check", "-p", str(toy), "--no-proof", "--fresh", "--json", *extra])
        assert result.exit_code == 0, result.output
        return {s["name"]: s["verdict"] for s in json.loads(result.stdout)["solutions"]}

    assert verdicts("--cluster", "local:2") == {"accepted/sum.py": "AC", "accepted/imports.py": "AC",
                                               "accepted/adds.cpp": "AC", "accepted/by_py/run": "AC",
                                               "accepted/by_sh/run": "AC"}


def test_an_included_source_is_compiled_with_the_solution_as_problemtools_compiles_the_folder(toy):
    """An IOI task ported to Kattis: the submission is a function, include/cpp/grader.cpp holds main."""
    (toy / "include" / "cpp").mkdir(parents=True)
    (toy / "include" / "cpp" / "grader.cpp").write_text(
        '#include <cstdio>\nlong long add(long long a, long long b);\n'
        'int main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",add(a,b));}\n')
    (toy / "problem.yaml").write_text((toy / "problem.yaml").read_text() + "solutions:\n  include:\n"
                                      "    cpp: include/cpp\n")
    judged = judge(load_problem(toy), _put(toy, "add.cpp", "long long add(long long a, long long b){return a+b;}\n"))
    assert str(judged.verdict) == "AC", judged.cells[0].message
