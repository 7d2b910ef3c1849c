"""A Polygon checker written in Java on testlib4j (NEERC's packages) is compiled and run with the package's jar
on its class path, as Polygon runs it (tests/formats/fixtures/polygon-sum with its checker replaced).

testlib4j's jar carries no license, so the jar here is built by the test from sources written for it that
follow the same protocol: `ru.ifmo.testlib.CheckerFramework <checker class> input output answer`, the
checker's Outcome as exit code OK 0, WA 1, PE 2, FAIL 3, its message on stdout."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from ojpack.cache import cache_for
from ojpack.judging.checker import CheckerError, ProgramChecker, load_checker
from ojpack.problem.load import load_problem
from ojpack.publish import import_package
from ojpack.publish.run import export, prepare

FIXTURE = Path(__file__).parents[1] / "fixtures" / "polygon-sum"

LIBRARY = {
    "Checker.java": """package ru.ifmo.testlib;
public interface Checker { Outcome test(InStream inf, InStream ouf, InStream ans); }
""",
    "Outcome.java": """package ru.ifmo.testlib;
public class Outcome extends RuntimeException {
    public enum Type { OK, WA, PE, FAIL }
    public final Type type; public final String comment;
    public Outcome(Type type, String comment) { this.type = type; this.comment = comment; }
}
""",
    "InStream.java": """package ru.ifmo.testlib;
import java.nio.file.*; import java.util.*;
public class InStream {
    private final Scanner in;
    public InStream(String path) {
        try { in = new Scanner(Files.readString(Path.of(path))); }
        catch (Exception e) { throw new Outcome(Outcome.Type.FAIL, "cannot read " + path); }
    }
    public long nextLong() {
        if (!in.hasNextLong()) throw new Outcome(Outcome.Type.PE, "expected a number");
        return in.nextLong();
    }
}
""",
    "CheckerFramework.java": """package ru.ifmo.testlib;
public class CheckerFramework {
    public static void main(String[] args) {
        Outcome o;
        try {
            Checker c = (Checker) Class.forName(args[0]).getDeclaredConstructor().newInstance();
            o = c.test(new InStream(args[1]), new InStream(args[2]), new InStream(args[3]));
        } catch (Outcome e) { o = e; }
        catch (Exception e) { o = new Outcome(Outcome.Type.FAIL, e.toString()); }
        String[] says = {"ok ", "wrong answer ", "wrong output format ", "FAIL "};
        System.out.println(says[o.type.ordinal()] + o.comment);
        System.exit(o.type.ordinal());
    }
}
""",
}

# As NEERC writes them: a `main` of its own that hands its arguments on (Polygon never calls it: the checker
# class's name must come first), and FAIL when the jury's answer is not the sum.
CHECK = b"""package jury;

import ru.ifmo.testlib.*;
import static ru.ifmo.testlib.Outcome.Type.*;

public class SumCheck implements Checker {
    public Outcome test(InStream inf, InStream ouf, InStream ans) {
        long n = inf.nextLong(), sum = 0;
        for (long i = 0; i < n; i++) sum += inf.nextLong();
        long jury = ans.nextLong(), got = ouf.nextLong();
        if (jury != sum) return new Outcome(FAIL, "the jury's answer " + jury + " is not the sum");
        return got == sum ? new Outcome(OK, "sum " + got) : new Outcome(WA, "expected " + sum + ", found " + got);
    }

    public static void main(String[] args) { CheckerFramework.main(args); }
}
"""


@pytest.fixture(scope="module")
def jar(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("testlib4j")
    src = base / "src" / "ru" / "ifmo" / "testlib"
    src.mkdir(parents=True)
    for name, text in LIBRARY.items():
        (src / name).write_text(text)
    subprocess.run(["javac", "-d", str(base / "classes"), *map(str, sorted(src.iterdir()))], check=True)
    subprocess.run(["jar", "cf", str(base / "testlib4j.jar"), "-C", str(base / "classes"), "."], check=True)
    return base / "testlib4j.jar"


def _package(tmp_path: Path, jar: Path | None) -> Path:
    src = shutil.copytree(FIXTURE, tmp_path / "src")
    xml = src / "problem.xml"
    text = (xml.read_text().replace('<checker name="std::wcmp.cpp" type="testlib">', '<checker type="testlib">')
            .replace('<source path="files/check.cpp" type="cpp.g++17"/>',
                     '<source path="files/SumCheck.java" type="java8"/>'))
    if jar is not None:
        text = text.replace('<file path="files/testlib.h" type="h.g++"/>',
                            '<file path="files/testlib.h" type="h.g++"/>\n<file path="files/lib4j.jar" type="jar"/>')
        shutil.copyfile(jar, src / "files" / "lib4j.jar")
    xml.write_text(text)
    (src / "files" / "SumCheck.java").write_bytes(CHECK)
    return src


def _case(tmp_path: Path, output: str, answer: str = "6\n") -> tuple[Path, Path, Path]:
    files = {"in": "3\n1 2 3\n", "ans": answer, "out": output}
    (tmp_path / "case").mkdir(exist_ok=True)
    for name, text in files.items():
        (tmp_path / "case" / name).write_text(text)
    return tmp_path / "case" / "in", tmp_path / "case" / "ans", tmp_path / "case" / "out"


def test_a_testlib4j_checker_runs_with_the_packages_jar(tmp_path: Path, jar: Path) -> None:
    report = import_package(_package(tmp_path, jar), tmp_path / "out")
    assert any("files/SumCheck.java is a testlib4j checker: it is compiled and run with files/lib4j.jar" in n
               for n in report.notes)
    problem = load_problem(tmp_path / "out")
    checker = load_checker(problem, cache_for(problem.root).dir)
    assert isinstance(checker, ProgramChecker) and checker.convention == "testlib"
    ok = checker.check(*_case(tmp_path, "6\n"))
    assert ok.ok and ok.message == "ok sum 6"
    wa = checker.check(*_case(tmp_path, "7\n"))
    assert not wa.ok and wa.message == "wrong answer expected 6, found 7"
    pe = checker.check(*_case(tmp_path, "six\n"))   # exit 2: a wrong answer, as Polygon judges it
    assert not pe.ok and pe.message == "presentation error: wrong output format expected a number"
    with pytest.raises(CheckerError, match=r"exit code 3 \(testlib: fail\): FAIL the jury's answer 5 is not the sum"):
        checker.check(*_case(tmp_path, "6\n", answer="5\n"))


def test_exports_that_take_one_checker_source_refuse_it_in_one_line(tmp_path: Path, jar: Path) -> None:
    """Hydro compiles one checker source, Luogu a checker.cpp: the build/run folder is refused, not shipped
    as a shell script they would compile."""
    import_package(_package(tmp_path, jar), tmp_path / "out")
    pkg, _ = prepare(load_problem(tmp_path / "out"), ["hydro", "luogu"], checked=False)
    errors = {r.target: r.error for r in export(pkg, ["hydro", "luogu"], out_root=tmp_path / "export")}
    assert errors == {"hydro": "hydro: takes a checker as one source file; checker/ is a build/run program",
                      "luogu": "luogu: can only ship a C++ testlib checker; run is not C++"}


def test_a_testlib4j_checker_without_its_jar_is_said_once(tmp_path: Path) -> None:
    report = import_package(_package(tmp_path, None), tmp_path / "out")
    said = [n for n in report.notes if "testlib4j" in n]
    assert len(said) == 1 and "files/SumCheck.java is a testlib4j checker" in said[0]
    assert "holds no testlib4j jar" in said[0]
