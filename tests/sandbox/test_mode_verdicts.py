"""The same verdicts in every mode of the sandbox: as root (cgroup v1 here) and as a plain user (the rootless
cage, limits by rlimits alone). A hostile checker flooding its feedback folder, and the packages' own
solutions that run into the memory, time and output limits, are judged by both and must agree."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from ojpack.judging.judgement import judge
from ojpack.judging.verdicts import Verdict
from ojpack.problem.load import copy_sources, load_problem
from ojpack.testdata import ensure_built

from cage_identities import Identity
from conftest import cut_plan
from test_isolation import TESTS, identity, judged, pytestmark, toy_built, work  # noqa: F401  (fixtures, the skip mark)

REPO = TESTS.parent

HOSTILE = TESTS / "judging" / "hostile"


@pytest.fixture(scope="module")
def flooded_toy(identity: Identity, tmp_path_factory) -> Path:
    """The toy problem judged by a checker that writes 100 files of 10 MiB into its feedback folder."""
    base = identity.folder(tmp_path_factory.mktemp("flood"))
    root = base / "toy"
    shutil.copytree(TESTS / "toy", root, ignore=shutil.ignore_patterns("data", ".ojpack", "data.sha256", "build"))
    (root / "checkers").mkdir()
    shutil.copy(HOSTILE / "feedback_flood_checker.cpp", root / "checkers")
    with (root / "problem.yaml").open("a") as f:
        f.write("checker: {type: program, source: checkers/feedback_flood_checker.cpp, convention: kattis}\n")
    identity.own(base)
    yield root
    if identity.driver is not None:
        shutil.rmtree(base, ignore_errors=True)


def test_a_checker_flooding_its_feedback_folder_is_je_in_every_mode(flooded_toy: Path, identity: Identity) -> None:
    verdict, cells = judged(identity, flooded_toy, flooded_toy / "solutions" / "accepted" / "sum.py")
    assert verdict is Verdict.JE and {v for v, _ in cells} == {Verdict.JE}, cells
    assert all("filled its feedback folder (the cap is 16 MiB in 63 files)" in m for _, m in cells), cells


@pytest.fixture(scope="module")
def built(identity: Identity, tmp_path_factory):
    """Build a package (the repo's own, or one of examples/) once per mode, as that mode's identity. The
    repo's own keeps two tests per group (the second of subtask 3 is the maximal one, too big for an
    exhaustive search): every verdict below shows on them, and a build and a run in each mode take seconds."""
    base = identity.folder(tmp_path_factory.mktemp("packages"))
    made: dict[str, Path] = {}

    def package(name: str) -> Path:
        if name not in made:
            root = copy_sources(REPO / name if name else REPO, base / (name.replace("/", "-") or "johnsgame"))
            if not name:
                cut_plan(root, keep=2)
            identity.own(base)
            if identity.driver is None:
                ensure_built(load_problem(root))
            else:
                identity.call(base, op="build", problem=root)
            made[name] = root
        return made[name]

    yield package
    if identity.driver is not None:
        shutil.rmtree(base, ignore_errors=True)


def summary(identity: Identity, problem: Path, source: Path) -> tuple[str, int, dict[str, str], set[str]]:
    """judge() as the identity: (verdict, score, each subtask's verdict, the verdicts of its tests)."""
    if identity.driver is None:
        res = judge(load_problem(problem), source)
        return (res.verdict.value, res.score, {s.group: s.verdict.value for s in res.subtasks},
                {c.verdict.value for c in res.cells})
    said = identity.call(source.parent, op="judge", problem=problem, source=source)
    return said["verdict"], said["score"], said["subtasks"], {v for v, _ in said["cells"]}


JOHN = {"subtask1": "AC", "subtask2": "AC", "subtask3": "AC"}


@pytest.mark.parametrize(("package", "solution", "expected"), [
    # a ~312 MiB table for a 128 MiB limit: the cgroup's peak as root, the peak resident size as a user
    ("", "memory_limit_exceeded/win_table.cpp", ("MLE", 0, dict.fromkeys(JOHN, "MLE"), {"MLE"})),
    # too slow on subtask 3 only: the same tests time out, the same 50 points
    ("", "partial/exhaustive_search.cpp", ("TLE", 50, {**JOHN, "subtask3": "TLE"}, {"AC", "TLE"})),
    # a JVM under rlimits gets no address-space cap (it reserves far more than it uses): still AC
    ("", "accepted/john.java", ("AC", 100, JOHN, {"AC"})),
    # an endless output line to the interactor, which reads one short line and rejects it
    ("examples/anti-nim-play", "wrong_answer/flood.py", ("WA", 0, {"all": "WA"}, {"WA"})),
])
def test_the_packages_own_solutions_get_the_same_verdicts_in_every_mode(built, identity: Identity, package: str,
                                                                        solution: str, expected: tuple) -> None:
    root = built(package)
    assert summary(identity, root, root / "solutions" / solution) == expected


LIMIT_BREAKERS = {
    # (the toy's limits: 1 s, 256 MiB, 1 MiB of output)
    # more than -Xmx in one allocation: the JVM says OutOfMemoryError and exits 1 (as root this was RE)
    "BigArray.java": ("public class BigArray { public static void main(String[] a) {\n"
                      "    long[] x = new long[1 << 27]; x[5] = 1; System.out.println(x.length); } }\n", "MLE"),
    "Grow.java": ("import java.util.*;\npublic class Grow { public static void main(String[] a) {\n"
                  "    List<byte[]> l = new ArrayList<>(); while (true) l.add(new byte[1 << 20]); } }\n", "MLE"),
    "flood.cpp": ("#include <cstdio>\nint main() { for (;;) puts(\"1234567890\"); }\n", "OLE"),
    "Flood.java": ("public class Flood { public static void main(String[] a) {\n"
                   "    while (true) System.out.println(\"1234567890\"); } }\n", "OLE"),
    "Spin.java": ("public class Spin { public static void main(String[] a) {\n"
                  "    long x = 0; while (true) x++; } }\n", "TLE"),
    # rlimits had an address cap, where each thread reserves a stack of the stack limit (the memory limit)
    "threads.cpp": ("#include <cstdio>\n#include <thread>\n#include <vector>\nint main() {\n"
                    "    std::vector<std::thread> t;\n    for (int i = 0; i < 8; i++) t.emplace_back([] {});\n"
                    "    for (auto& x : t) x.join();\n    long long a, b;\n    scanf(\"%lld %lld\", &a, &b);\n"
                    "    printf(\"%lld\\n\", a + b);\n}\n", "AC"),
    # 3 x 100 MiB at once under 256 MiB, each process under the limit: rlimits measured each one alone
    "forks.py": ("import os, time\na, b = map(int, input().split())\nkids = []\nfor i in range(3):\n"
                 "    if (pid := os.fork()) == 0:\n        x = bytearray(100 << 20)\n        time.sleep(0.3)\n"
                 "        os._exit(0)\n    kids.append(pid)\nfor k in kids:\n    os.waitpid(k, 0)\nprint(a + b)\n", "MLE"),
    # 60 MiB of files in /tmp (a tmpfs: memory) and 220 MiB in the process: rlimits counted only the latter
    "scratch.py": ("a, b = map(int, input().split())\nfor i in range(60):\n"
                   "    open(f'/tmp/blob{i}', 'wb').write(b'x' * ((1 << 20) - 1))\n"
                   "x = bytearray(220 << 20)\nprint(a + b)\n", "MLE"),
}


@pytest.mark.parametrize("name", sorted(LIMIT_BREAKERS))
def test_programs_at_the_limits_get_the_same_verdict_in_every_mode(toy_built: Path, work: Path,
                                                                        identity: Identity, name: str) -> None:
    code, expected = LIMIT_BREAKERS[name]
    (work / name).write_text(code)
    identity.own(work)
    verdict, _, _, cells = summary(identity, toy_built, work / name)
    assert (verdict, cells) == (expected, {expected})
