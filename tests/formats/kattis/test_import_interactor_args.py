"""An interactive 2025-09 package's output validator arguments reach its interactor, as Kattis passes them
(issue 22): data/'s `output_validator_args` become interactor.args, a test case's own `<name>.yaml` its
test line's checker_args; the ICPC export writes them back."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import yaml

from ojpack.publish import import_package
from package_files import write_tree

# sends n and K (K from `--plus K` among its arguments, 1 without); wants n + K back
INTERACTOR = """import sys
args = sys.argv[4:]
k = int(args[args.index("--plus") + 1]) if "--plus" in args else 1
n = int(open(sys.argv[1]).read())
print(n, k, flush=True)
got = sys.stdin.readline().strip()
open(sys.argv[3] + "judgemessage.txt", "w").write(f"wanted {n + k}, got {got}")
sys.exit(42 if got == str(n + k) else 43)
"""
FILES = {
    "problem.yaml": "problem_format_version: 2025-09\ntype: [pass-fail, interactive]\nname: Plus\n"
                    "limits:\n  time_limit: 1\n",
    "data/test_group.yaml": "output_validator_args: [--plus, '2']\n",
    "data/sample/1.in": "1\n", "data/sample/1.ans": "",
    "data/secret/2.in": "5\n", "data/secret/2.ans": "",
    "data/secret/3.in": "7\n", "data/secret/3.ans": "", "data/secret/3.yaml": "output_validator_args: [--plus, '5']\n",
    "output_validator/interactor.py": INTERACTOR,
    "statement/problem.en.tex": "\\problemname{Plus}\nAnswer n plus k.\n",
    "submissions/accepted/plus.py": "n, k = map(int, input().split())\nprint(n + k, flush=True)\n",
    # right whenever K is 2: wrong only on the test whose own arguments make it 5
    "submissions/wrong_answer/two.py": "n, k = map(int, input().split())\nprint(n + 2, flush=True)\n",
}


def test_the_arguments_reach_the_interactor_and_the_icpc_export(tmp_path: Path) -> None:
    report = import_package(write_tree(tmp_path / "src", FILES), tmp_path / "p")
    assert not any("not passed" in n or "not carried over (" in n for n in report.notes), report.notes
    spec = yaml.safe_load((tmp_path / "p" / "problem.yaml").read_text())
    assert spec["interactor"]["args"] == ["--plus", "2"]
    assert [t.get("checker_args") for t in spec["tests"]["secret"]] == [None, ["--plus", "5"]]
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "check", "--no-proof", "--json", "-p",
                           str(tmp_path / "p")], capture_output=True, text=True)
    got = {s["name"]: s["verdict"] for s in json.loads(proc.stdout)["solutions"]}
    assert got == {"accepted/plus.py": "AC", "wrong_answer/two.py": "WA"}, proc.stderr[-800:]
    proc = subprocess.run([sys.executable, "-m", "ojpack.cli", "export", "--to", "icpc2025,kattis", "--no-check",
                           "-p", str(tmp_path / "p")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    icpc = next((tmp_path / "p" / "build" / "export" / "icpc2025").glob("*/data"))
    assert yaml.safe_load((icpc / "test_group.yaml").read_text())["output_validator_args"] == ["--plus", "2"]
    assert yaml.safe_load(next(icpc.rglob("*3.yaml")).read_text()) == \
        {"output_validator_args": ["--plus", "5"]}
    legacy = next((tmp_path / "p" / "build" / "export" / "kattis").glob("*/problem.yaml"))
    assert yaml.safe_load(legacy.read_text())["validator_flags"] == "--plus 2"
