"""problem.yaml's solutions.include (Kattis / ICPC `include/<language>/` and `include/default/`): the folder's
files sit beside every solution in that language when it is compiled and run, as its working folder."""

import pytest

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
