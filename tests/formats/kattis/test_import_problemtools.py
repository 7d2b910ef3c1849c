"""Legacy and 2023-07 Kattis packages import as problemtools (`verifyproblem`) judges them: its safety margin and
default memory limit, and every submission it judges (two that run under one name are both kept)."""

from ojpack.publish import import_package
from ojpack.formats.importing import read

from package_files import write_tree as write


BASE = {"data/secret/1.in": "5\n", "data/secret/1.ans": "5\n", "submissions/accepted/echo.py": "print(input())\n"}


def test_imports_carry_problemtools_margin_and_memory_default(tmp_path):
    legacy = read(write(tmp_path / "legacy", {**BASE, "problem.yaml": "name: Echo\n"}))
    # problemtools' defaults for a legacy package: time_safety_margin 2, memory 1024 MiB (its config's)
    assert legacy.limits["safety_margin"] == 2.0 and legacy.limits["memory"] == 1024
    wide = read(write(tmp_path / "wide", {**BASE, "problem.yaml": "name: Echo\nlimits:\n  time_safety_margin: 4\n"}))
    assert wide.limits["safety_margin"] == 4.0
    draft = read(write(tmp_path / "draft", {**BASE, "problem.yaml": "problem_format_version: 2023-07-draft\nname: Echo\n"
                                            "limits:\n  time_multipliers: {time_limit_to_tle: 1.25}\n"}))
    assert draft.limits["safety_margin"] == 1.25
    # 2025-09: problemtools does not read it; BAPCtools and DOMjudge judge at the limit
    new = read(write(tmp_path / "new", {**BASE, "problem.yaml": "problem_format_version: 2025-09\nname: Echo\n"
                                        "limits:\n  time_limit: 1\n"}))
    assert "safety_margin" not in new.limits
    # every Kattis format: a run goes on past the output limit (an endless flood is TLE, as its tools judge)
    assert [p.limits["output_stops"] for p in (legacy, wide, draft, new)] == [False] * 4


def test_a_py_and_a_py3_of_the_same_name_are_both_imported(tmp_path):
    # DOMjudge's and BAPCtools' test problem `hello` has accepted/test-hello.py and accepted/test-hello.py3:
    # both run as Python 3, and verifyproblem judges both
    imp = read(write(tmp_path / "p", {**BASE, "problem.yaml": "name: Echo\n",
                                       "submissions/accepted/echo.py3": "print(input())  # the py3 one\n"}))
    assert sorted((s.path, s.origin) for s in imp.solutions) == [
        ("echo-2.py", "submissions/accepted/echo.py3"), ("echo.py", "submissions/accepted/echo.py")]
    assert any("echo.py3: echo.py is taken by another submission; imported as echo-2.py" in n for n in imp.notes)


def test_a_package_without_tests_or_time_limit_imports_with_a_default_limit(tmp_path):
    # po-almostsorted2 (testdata_tools' gen.sh makes its data): no test file, no time limit to derive from
    src = write(tmp_path / "src", {"problem.yaml": "name: Sorted\n", "data/sample/testdata.yaml": "on_reject: break\n",
                                   "submissions/accepted/echo.py": "print(input())\n"})
    report = import_package(src, tmp_path / "p")
    assert report.tests == 0
    assert any("no accepted solution passed to derive one from: 1 s" in n for n in report.notes), report.notes
