"""Validator arguments per test group and per test (issue 22): a nested test_group.yaml / testdata.yaml, a
2025-09 test case's own `<name>.yaml` and generators.yaml's per-directory `test_group.yaml:` and per-case
`yaml:` reach the input validators and the output validator (program or default rule) of the tests they
govern, as BAPCtools and problemtools pass them; the exports write them back."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from ojpack.errors import OjpackError
from ojpack.publish import import_package

FIXTURES = Path(__file__).parents[1] / "fixtures" / "kattis"


def ojpack(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *argv], capture_output=True, text=True)


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


@pytest.mark.parametrize("source", ["data", "generators.yaml"])
def test_testseed_gives_each_test_its_own_input_validator_args(tmp_path: Path, source: str) -> None:
    """BAPCtools' testseed: its validator refuses an input unless given the case's own salt and command (from
    data/sample/<case>.yaml, or the case's `yaml:` in generators.yaml before data/ is generated)."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "bapc-testseed", src)
    if source == "generators.yaml":
        shutil.rmtree(src / "data")
    report = import_package(src, tmp_path / "p")
    spec = yaml.safe_load((tmp_path / "p" / "problem.yaml").read_text())
    own = {t["name"]: t.get("validator_args") for t in spec["tests"]["sample"]}
    assert own["random_salt" if source == "data" else "04-random_salt"] == ["bob", "stdout.py {seed:42}"]
    assert all(args is not None for args in own.values()), own
    assert report.tests >= 3


def test_a_wrong_per_test_argument_fails_the_build(tmp_path: Path) -> None:
    """The arguments really reach the validator: another case's arguments make the build fail."""
    src = tmp_path / "src"
    shutil.copytree(FIXTURES / "bapc-testseed", src)
    (src / "data" / "sample" / "04-random_salt.yaml").write_text('input_validator_args: ["", "stdout.py {seed:42}"]\n')
    with pytest.raises(OjpackError, match=r"sample/02-random_salt: .* is invalid"):
        import_package(src, tmp_path / "p")


# Compares case-insensitively unless called with case_sensitive.
STRICT = """import sys
fold = (lambda s: s) if "case_sensitive" in sys.argv[4:] else str.lower
ans = open(sys.argv[2]).read().split()
sys.exit(42 if [fold(t) for t in sys.stdin.read().split()] == [fold(t) for t in ans] else 43)
"""


def groups_package(root: Path, program: bool) -> Path:
    """Two groups: `strict` sets its own output validator arguments (in a nested folder's test case yaml too),
    `loose` inherits none. The sloppy submission prints a trailing space and the line in lower case."""
    args = "[case_sensitive]" if program else "[space_change_sensitive]"
    files = {
        "problem.yaml": "problem_format_version: 2025-09\nname: Echo\nlimits:\n  time_limit: 2\n",
        "data/sample/1.in": "A\n", "data/sample/1.ans": "A\n",
        "data/secret/strict/test_group.yaml": f"output_validator_args: {args}\n",
        "data/secret/strict/1.in": "B\n", "data/secret/strict/1.ans": "B\n",
        "data/secret/strict/deeper/2.in": "C\n", "data/secret/strict/deeper/2.ans": "C\n",
        "data/secret/loose/3.in": "D\n", "data/secret/loose/3.ans": "D\n",
        "data/secret/loose/4.in": "E\n", "data/secret/loose/4.ans": "E\n",
        "data/secret/loose/4.yaml": f"output_validator_args: {args}\n",
        "submissions/accepted/echo.py": "print(input())\n",
        "submissions/rejected/sloppy.py": "print(input().lower() + ' ')\n",
        "input_validators/ok.py": "import sys\nsys.stdin.read()\nsys.exit(42)\n",
        "statement/problem.en.tex": "\\problemname{Echo}\nPrint the line you read.\n",
    }
    if program:
        files["output_validator/validate.py"] = STRICT
    return write(root, files)


@pytest.mark.parametrize("program", [False, True], ids=["default-rule", "kattis-program"])
def test_group_and_case_output_validator_args_judge_their_tests(tmp_path: Path, program: bool) -> None:
    import_package(groups_package(tmp_path / "src", program), tmp_path / "p")
    spec = yaml.safe_load((tmp_path / "p" / "problem.yaml").read_text())
    args = ["case_sensitive"] if program else ["space_change_sensitive"]
    own = {t["name"]: t.get("checker_args") for g in ("strict", "loose") for t in spec["tests"][g]}
    assert own == {"1": args, "deeper-2": args, "3": None, "4": args}
    proc = ojpack("check", "--no-proof", "--json", "--full", "-p", str(tmp_path / "p"))
    report = json.loads(proc.stdout)
    sloppy = next(s for s in report["solutions"] if s["name"].endswith("/sloppy.py"))
    cells = {c["test"]: c["verdict"] for c in sloppy["cells"] if not c["test"].startswith("sample")}
    # the rule and the program are case-insensitive, and space- or case-sensitive where told
    assert cells == {"strict/01-1": "WA", "strict/02-deeper-2": "WA", "loose/01-3": "AC", "loose/02-4": "WA"}, \
        (cells, proc.stderr[-600:])
    assert report["ok"], proc.stdout[-1500:]


def test_generators_yaml_group_args_where_data_has_no_test_group_yaml(tmp_path: Path) -> None:
    """BAPCtools' generatorincludes: the `test_group.yaml:` of a generators.yaml directory is what `bt generate`
    writes to its data/ folder; a data/ generated without it still gets it."""
    src = groups_package(tmp_path / "src", False)
    (src / "data" / "secret" / "strict" / "test_group.yaml").unlink()
    (src / "data" / "secret" / "loose" / "4.yaml").unlink()
    write(src, {"generators/generators.yaml": yaml.safe_dump({"data": {"sample": {"data": {}}, "secret": {"data": {
        "strict": {"test_group.yaml": {"output_validator_args": ["space_change_sensitive"]}, "data": {}},
        "loose": {"data": {}}}}}})})
    import_package(src, tmp_path / "p")
    spec = yaml.safe_load((tmp_path / "p" / "problem.yaml").read_text())
    assert [t.get("checker_args") for t in spec["tests"]["strict"]] == [["space_change_sensitive"]] * 2
    assert [t.get("checker_args") for t in spec["tests"]["loose"]] == [None, None]


def test_exports_write_the_per_test_args_back(tmp_path: Path) -> None:
    import_package(groups_package(tmp_path / "src", True), tmp_path / "p")
    proc = ojpack("export", "--to", "icpc2025,kattis", "--no-check", "-p", str(tmp_path / "p"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = tmp_path / "p" / "build" / "export"
    cases = {p.parent.name + "/" + p.name: yaml.safe_load(p.read_text())
             for p in (out / "icpc2025").rglob("data/**/*.yaml") if p.name != "test_group.yaml"}
    assert cases == {"strict/01-1.yaml": {"output_validator_args": ["case_sensitive"]},
                     "strict/02-deeper-2.yaml": {"output_validator_args": ["case_sensitive"]},
                     "loose/02-4.yaml": {"output_validator_args": ["case_sensitive"]}}
    strict = yaml.safe_load(next((out / "kattis").rglob("secret/strict/testdata.yaml")).read_text())
    assert strict["output_validator_flags"] == "case_sensitive"
    # the loose group mixes tests with and without: the legacy format cannot say it, and the report names it
    assert "output_validator_flags" not in yaml.safe_load(next((out / "kattis").rglob("secret/loose/testdata.yaml")).read_text())
    assert "data/secret/loose" in proc.stdout
    # and the ICPC export imports back with the same arguments per test
    import_package(next((out / "icpc2025").glob("*/problem.yaml")).parent, tmp_path / "again")
    again = yaml.safe_load((tmp_path / "again" / "problem.yaml").read_text())
    assert [t.get("checker_args") for t in again["tests"]["loose"]] == [None, ["case_sensitive"]]


def test_schema_refuses_args_nothing_takes(tmp_path: Path) -> None:
    import_package(groups_package(tmp_path / "src", False), tmp_path / "p")
    path = tmp_path / "p" / "problem.yaml"
    spec = yaml.safe_load(path.read_text())
    spec["tests"]["loose"][0]["checker_args"] = ["no_such_flag"]
    path.write_text(yaml.safe_dump(spec, sort_keys=False))
    proc = ojpack("validate", "-p", str(tmp_path / "p"))
    assert proc.returncode != 0 and "no_such_flag" in proc.stdout + proc.stderr
    del spec["tests"]["loose"][0]["checker_args"]
    del spec["extra_validators"]   # a Kattis validator comes in as one; without any, nothing takes the args
    spec["tests"]["loose"][0]["validator_args"] = ["x"]
    path.write_text(yaml.safe_dump(spec, sort_keys=False))
    proc = ojpack("validate", "-p", str(tmp_path / "p"))
    assert proc.returncode != 0 and "extra_validators" in proc.stdout + proc.stderr


def test_a_folder_without_tests_has_no_arguments_to_lose() -> None:
    """A task without samples (CMS's con_test batchgrader) exported to Kattis: its empty data/sample folder
    was named as holding tests whose arguments differ."""
    from types import SimpleNamespace

    from ojpack.formats.kattis.testargs_export import folder_flags

    lost: list[str] = []
    pkg = SimpleNamespace(test_checker_args={"secret/a": ("x",)})
    assert folder_flags(pkg, [], "data/sample", lost) == {} and lost == []   # type: ignore[arg-type]
