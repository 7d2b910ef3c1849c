"""An interactor gets its output validator arguments after feedback_dir, as Kattis passes them (issue 22):
the package's (problem.yaml interactor.args), or a test's own checker_args in their place."""

from __future__ import annotations

import tempfile
from pathlib import Path

from ojpack.judging.interact import Interactor, interact
from ojpack.judging.verdicts import Verdict
from ojpack.sandbox import RunLimits
from test_interact import script

LIMITS = RunLimits(cpu=1.0, wall=3.0, memory_mib=256, output_mib=1)
# sends the input's number; wants it plus K back, K from `--plus K` among its arguments (1 without)
JUDGE = """
import sys
args = sys.argv[4:]
k = int(args[args.index("--plus") + 1]) if "--plus" in args else 1
n = int(open(sys.argv[1]).read())
print(n, flush=True)
got = sys.stdin.readline().strip()
open(sys.argv[3] + "judgemessage.txt", "w").write(f"wanted {n + k}, got {got}")
sys.exit(42 if got == str(n + k) else 43)
"""
PLUS_TWO = "print(int(input()) + 2, flush=True)\n"


def play(tmp_path: Path, group: str, interactor: Interactor):
    folder = tmp_path / group
    folder.mkdir(exist_ok=True)
    (folder / "01-a.in").write_text("40\n")
    (folder / "01-a.ans").write_text("")
    return interact(script(tmp_path, "sub", PLUS_TWO), True, interactor, folder / "01-a.in", folder / "01-a.ans",
                    LIMITS, LIMITS.cpu, Path(tempfile.mkdtemp(dir=tmp_path)))


def test_the_interactor_gets_the_package_arguments_or_a_tests_own(tmp_path: Path) -> None:
    argv = script(tmp_path, "judge", JUDGE)
    assert play(tmp_path, "secret", Interactor(argv)).verdict is Verdict.WA   # no arguments: K = 1
    judged = Interactor(argv, args=("--plus", "2"), own={("sample", "01-a"): ("--plus", "3")})
    assert play(tmp_path, "secret", judged).verdict is Verdict.AC
    played = play(tmp_path, "sample", judged)   # this test's own arguments replace the package's
    assert (played.verdict, played.message) == (Verdict.WA, "wanted 43, got 42")
