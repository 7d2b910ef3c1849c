"""The judges' own tools on our exports: problemtools' verifyproblem on `kattis`, BAPCtools on `icpc2025`.

The tools live in their own virtualenvs under .tools/ (scripts/setup.sh test installs them). They compile
and run with the compilers and flags of ojpack's language table (a languages.yaml override in a private
XDG config dir), since these machines have no PyPy and Java 17 rather than 21. In CI a missing tool fails.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from ojpack.publish.run import export, prepare
from ojpack.sandbox.languages import real_python
from ojpack.problem.load import load_problem

from conftest import REPO
TOOLS = REPO / ".tools"


def tool(venv: str, exe: str) -> Path:
    path = TOOLS / venv / "bin" / exe
    if not path.is_file():
        message = f"{path} is missing: run `bash scripts/setup.sh test`"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


def languages_yaml() -> str:
    py = real_python()
    return f"""\
c:
    compile: 'gcc -O2 -std=gnu11 -o {{binary}} {{files}} -lm'
cpp:
    compile: 'g++ -O2 -std=gnu++17 -o {{binary}} {{files}}'
java:
    compile: 'javac -encoding UTF-8 -sourcepath {{path}} -d {{path}} {{files}}'
python3:
    name: 'Python 3'
    compile: '{py} -m py_compile {{files}}'
    run: '{py} "{{mainfile}}"'
"""


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    problem = load_problem(REPO)
    pkg, _ = prepare(problem, ["kattis", "icpc2025"], checked=False)
    out = tmp_path_factory.mktemp("judges")
    for r in export(pkg, ["kattis", "icpc2025"], out_root=out / "export"):
        assert not r.error, r.error
    config = out / "config"
    for name in ("problemtools", "bapctools"):
        (config / name).mkdir(parents=True)
        (config / name / "languages.yaml").write_text(languages_yaml())
    env = {**os.environ, "XDG_CONFIG_HOME": str(config)}
    return out / "export", env


def run(argv: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
    print(proc.stdout[-3000:], proc.stderr[-3000:])
    return proc


# peer tools on the whole export (about 70 s together): opt-in; anti-nim-play's export is judged by both in the default suite
@pytest.mark.slow
def test_verifyproblem_finds_no_error_in_the_kattis_export(exported) -> None:
    out, env = exported
    verify = tool("problemtools", "verifyproblem")
    root = out / "kattis"
    name = next(p.name for p in root.iterdir() if p.is_dir())
    proc = run([str(verify), name, "-j", "2", "-p", "config", "validators", "data", "submissions"], root, env)
    summary = proc.stdout.strip().splitlines()[-1]
    assert re.fullmatch(rf"{name} tested: 0 errors, \d+ warnings?", summary), summary
    assert proc.returncode == 0
    assert "Checking 0 submissions" not in proc.stdout and "OK: AC" in proc.stdout and "OK: WA" in proc.stdout


# peer tools on the whole export (about 70 s together): opt-in; anti-nim-play's export is judged by both in the default suite
@pytest.mark.slow
def test_bapctools_validates_and_runs_the_icpc2025_export(exported, tmp_path: Path) -> None:
    out, env = exported
    bt = tool("bapctools", "bt")
    problem = next(p for p in (out / "icpc2025").iterdir() if p.is_dir())
    for command in ("validate", "run"):
        proc = run([str(bt), command, "--problem", str(problem), "--no-bar"], tmp_path, env)
        text = re.sub(r"\x1b\[[0-9;]*m", "", proc.stdout + proc.stderr)  # bt colours its output under CI
        assert proc.returncode == 0, command
        assert not re.search(r"\bERROR\b|required: |permitted: ", text), command
    assert re.search(r"accepted/\S+:\s+AC", text) and re.search(r"wrong_answer/\S+:\s+WA", text)
