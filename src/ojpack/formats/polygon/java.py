"""Java checkers written on testlib4j (`ru.ifmo.testlib`, NEERC's Polygon packages), run as Polygon runs them.

Polygon compiles such a checker with the package's `testlib4j.jar` on the class path and starts testlib4j's
`ru.ifmo.testlib.CheckerFramework` with the checker's class name before the usual `input output answer`
(the jar's manifest names no checker class, so the name comes first). CheckerFramework calls the checker's
`test(inf, ouf, ans)`, turns its Outcome into an exit code -- OK 0, WA 1, PE 2 (reported as WA), FAIL 3, the
codes of C++ testlib -- and prints "ok ...", "wrong answer ..." on stdout when given no result file.

ojpack keeps the checker as a build/run program (sandbox/scripted.py) in `validators/checker/`: the source
byte for byte, the jar, a `build` that runs javac with the jar on the class path, and a `run` that starts
CheckerFramework with both on the class path and its message sent to stderr, where ojpack reads a testlib
checker's message. It is judged in the testlib convention, so its exit codes mean what Polygon makes of them.
A checker that does not implement testlib4j's `Checker` is run by its own `main` instead.
"""

from __future__ import annotations

import re
import shlex
import zipfile
from pathlib import Path, PurePosixPath

from ...sandbox import load_languages, main_name
from ..common.writer import Imported

TESTLIB4J = b"ru.ifmo.testlib"
FRAMEWORK = "ru.ifmo.testlib.CheckerFramework"
JAR = "testlib4j.jar"   # the name the scripts give the package's jar, whatever the package called it
DEST = "validators/checker"
# The JVM's own reservations kept small, so it also starts under an address-space limit (the sandbox's
# fallback without cgroups), as `java` does in languages.yaml; the heap stays under the checker's limit.
JVM = ["-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:CompressedClassSpaceSize=64m",
       "-XX:ReservedCodeCacheSize=64m"]
_NOISE = re.compile(rb'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"', re.S)
_IMPLEMENTS = re.compile(rb"\bimplements\s+[^{]*\bChecker\b")


def is_testlib4j(path: PurePosixPath, data: bytes) -> bool:
    return path.suffix == ".java" and TESTLIB4J in data


def _has_testlib4j(jar: Path) -> bool:
    try:
        with zipfile.ZipFile(jar) as z:   # the central directory only: nothing is decompressed
            return "ru/ifmo/testlib/CheckerFramework.class" in z.namelist()
    except (zipfile.BadZipFile, OSError, ValueError):
        return False


def find_jar(root: Path, resources: list[str]) -> Path | None:
    """The package's testlib4j jar: a listed resource, else any jar in files/, that holds CheckerFramework."""
    listed = [root / r for r in resources if r.endswith(".jar")]
    candidates = listed + sorted((root / "files").glob("*.jar"))
    found = [j for j in candidates if j.is_file() and not j.is_symlink() and _has_testlib4j(j)]
    return next((j for j in found if "testlib4j" in j.name.lower()), found[0] if found else None)


def _scripts(source: str, main: str, framework: bool) -> dict[str, bytes]:
    head = "#!/bin/sh\n# Written by `ojpack import`: the package's testlib4j checker, as Polygon runs it.\n"
    javac = ["javac", *(f"-J{o}" for o in JVM), "-J-Xmx512m", "-encoding", "UTF-8", "-cp", JAR, "-d", ".", source]
    java = ["java", *JVM, "-Xmx512m", "-Xss64m", "-cp"]
    start = [FRAMEWORK, main] if framework else [main]
    run = (f'{head}dir="${{0%/*}}"\n'
           f'exec {shlex.join(java)} "$dir:$dir/{JAR}" {shlex.join(start)} "$@" 1>&2\n')
    return {"build": f"{head}exec {shlex.join(javac)}\n".encode(), "run": run.encode()}


def testlib4j_checker(root: Path, path: PurePosixPath, resources: list[str], imp: Imported) -> bool:
    """Place the testlib4j checker at `path` with the package's jar (True), or say that the jar is missing
    (False: the checker is then placed as any other source, and does not compile)."""
    jar = find_jar(root, resources)
    if jar is None:
        imp.note(f"{path} is a testlib4j checker (ru.ifmo.testlib) but the package holds no testlib4j jar "
                 "(a .jar with ru/ifmo/testlib/CheckerFramework.class): it cannot compile here")
        return False
    data = (root / path).read_bytes()
    main = main_name(Path(path.name), load_languages()["java"], data.decode("utf-8", errors="replace"))
    framework = bool(_IMPLEMENTS.search(_NOISE.sub(b" ", data)))
    imp.files[f"{DEST}/{path.name}"] = data
    imp.files[f"{DEST}/{JAR}"] = jar.read_bytes()
    for name, script in _scripts(path.name, main, framework).items():
        imp.files[f"{DEST}/{name}"] = script
    rel = jar.relative_to(root).as_posix()
    imp.took(rel, f"the testlib4j library of {path}, on its class path as {DEST}/{JAR}")
    imp.checker = {"type": "program", "source": f"{DEST}/run", "convention": "testlib"}
    how = f"{FRAMEWORK} {main}" if framework else f"its own main ({main})"
    imp.note(f"{path} is a testlib4j checker: it is compiled and run with {rel} on its class path "
             f"({DEST}/build, {DEST}/run: {how} input output answer), exit codes as Polygon reads them")
    return True
