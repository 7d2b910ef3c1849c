"""A Polygon interactive problem: the testlib interactor (`interactor input output answer`, exit 0/1/2/3)
runs as it is through an adapter to ojpack's convention, and judges the imported package."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

from ojpack.judging import check
from ojpack.problem import load_problem
from ojpack.publish import import_package

TESTLIB = Path(__file__).parents[1] / "fixtures" / "polygon-maxlex" / "files" / "testlib.h"

PROBLEM = """<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="1" short-name="guess" url="https://polygon.codeforces.com/p/x/guess">
    <names><name language="english" value="Guess"/></names>
    <judging cpu-name="Intel" cpu-speed="3600" input-file="" output-file="">
        <testset name="tests">
            <time-limit>1000</time-limit>
            <memory-limit>268435456</memory-limit>
            <test-count>3</test-count>
            <input-path-pattern>tests/%02d</input-path-pattern>
            <answer-path-pattern>tests/%02d.a</answer-path-pattern>
            <tests>
                <test method="manual" sample="true"/>
                <test method="manual"/>
                <test method="manual"/>
            </tests>
        </testset>
    </judging>
    <files><resources><file path="files/testlib.h" type="h.g++"/></resources></files>
    <assets>
        <checker name="std::wcmp.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
        <interactor><source path="files/interactor.cpp" type="cpp.g++17"/></interactor>
        <solutions>
            <solution tag="main"><source path="solutions/search.cpp" type="cpp.g++17"/></solution>
            <solution tag="wrong-answer"><source path="solutions/lazy.py" type="python.3"/></solution>
        </solutions>
    </assets>
</problem>
"""

# int32_t main, no return: it must run as it is
INTERACTOR = """#include "testlib.h"
int32_t main(int32_t argc, char* argv[]) {
    registerInteraction(argc, argv);
    int secret = inf.readInt(1, 100);
    for (int asked = 1; asked <= 7; asked++) {
        std::string kind = ouf.readToken("[?!]");
        int x = ouf.readInt(1, 100);
        if (kind == "!") {
            if (x != secret) quitf(_wa, "guessed %d, the number was %d", x, secret);
            tout << asked << std::endl;
            quitf(_ok, "found in %d", asked);
        }
        std::cout << (x < secret ? "<" : x > secret ? ">" : "=") << std::endl;
    }
    quitf(_wa, "more than 7 queries");
}
"""

SEARCH = """#include <iostream>
#include <string>
int main() {
    int lo = 1, hi = 100;
    while (true) {
        int mid = (lo + hi) / 2;
        if (lo == hi) { std::cout << "! " << lo << std::endl; return 0; }
        std::cout << "? " << mid << std::endl;
        std::string r;
        std::cin >> r;
        if (r == "=") { std::cout << "! " << mid << std::endl; return 0; }
        if (r == "<") lo = mid + 1; else hi = mid - 1;
    }
}
"""


def make(tmp_path: Path) -> Path:
    src = tmp_path / "guess"
    (src / "files").mkdir(parents=True)
    (src / "solutions").mkdir()
    (src / "tests").mkdir()
    (src / "problem.xml").write_text(PROBLEM)
    shutil.copyfile(TESTLIB, src / "files" / "testlib.h")
    (src / "files" / "interactor.cpp").write_text(INTERACTOR)
    (src / "files" / "check.cpp").write_text('#include "testlib.h"\nint main(int argc, char* argv[]) { registerTestlibCmd(argc, argv); quitf(_ok, "ok"); }\n')
    (src / "solutions" / "search.cpp").write_text(SEARCH)
    (src / "solutions" / "lazy.py").write_text("print('! 50', flush=True)\n")
    for i, n in enumerate((50, 1, 77), start=1):
        (src / "tests" / f"{i:02d}").write_text(f"{n}\n")
    return src


def test_a_testlib_interactor_judges_the_imported_package(tmp_path: Path) -> None:
    src = make(tmp_path)
    report = import_package(src, tmp_path / "out")
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text())
    assert spec["interactor"] == {"source": "interactor/interact.cpp"}
    assert (tmp_path / "out" / "interactor" / "interactor.cpp.h").read_bytes() == INTERACTOR.encode()
    assert any("the checker Polygon runs on the interactor's output is not run" in n for n in report.notes)
    result = check(load_problem(tmp_path / "out"), proof=False)
    got = {r.solution.name: str(r.verdict) for r in result.rows}
    assert got == {"accepted/search.cpp": "AC", "wrong_answer/lazy.py": "WA"}, result.problems
    assert all(not r.faults for r in result.rows)


def test_the_checker_of_an_interactive_problem_is_left_out_whatever_it_is(tmp_path: Path) -> None:
    """guess-array (a real Polygon package) pairs its interactor with a Python checker: an ojpack problem is
    judged by its interactor alone, so importing the checker too made problem.yaml invalid."""
    src = make(tmp_path)
    xml = src / "problem.xml"
    xml.write_text(xml.read_text().replace('<checker name="std::wcmp.cpp" type="testlib"><source path="files/check.cpp" '
                                           'type="cpp.g++17"/>', '<checker type="testlib"><source path="files/checker.py" '
                                           'type="python.3"/>'))
    (src / "files" / "checker.py").write_text("import sys\nsys.exit(0)\n")
    report = import_package(src, tmp_path / "out")
    spec = yaml.safe_load((tmp_path / "out" / "problem.yaml").read_text())
    assert spec["interactor"] == {"source": "interactor/interact.cpp"}
    assert spec["checker"] == {"type": "tokens", "case_sensitive": True}   # the default, which no one runs
    assert dict(report.files)["files/checker.py"] == "not carried over"
    result = check(load_problem(tmp_path / "out"), proof=False)
    assert {r.solution.name: str(r.verdict) for r in result.rows} == {"accepted/search.cpp": "AC",
                                                                       "wrong_answer/lazy.py": "WA"}
