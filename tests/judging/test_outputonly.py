"""Output-only tasks: `ojpack new --output-only` builds and checks as it is, and `judge` takes a zip or a
folder of output files (CMS's output_<codename>.txt, or <test>.out), refusing hostile zips in one line."""

from __future__ import annotations

import io
import os
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from ojpack.errors import OjpackError
from ojpack.judging import Verdict, judge
from ojpack.judging.outputonly import read_outputs
from ojpack.problem import load_problem
from ojpack.scaffold import new_problem
from ojpack.testdata import ensure_built


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "ojpack.cli", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=600)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = new_problem(tmp_path_factory.mktemp("oo") / "oo", "output-only").root
    for step in ("build", "check"):
        r = _cli(step, cwd=root)
        assert r.returncode == 0, r.stdout + r.stderr
    return root


def _answers(root: Path) -> list[tuple[str, bytes]]:
    tests = ensure_built(load_problem(root))
    return [(f"output_{i:03d}.txt", t.answer.read_bytes()) for i, t in enumerate(tests)]


def test_a_zip_of_right_outputs_scores_100_and_a_wrong_file_costs_its_subtask(built: Path, tmp_path: Path) -> None:
    files = _answers(built)
    good = tmp_path / "good.zip"
    with zipfile.ZipFile(good, "w") as z:
        for name, data in files:
            z.writestr(name, data)
    result = judge(load_problem(built), good)
    assert (result.verdict, result.score) == (Verdict.AC, 100)
    # a folder, with one file wrong and one named by the plan (<group>-<NN-name>.out)
    folder = tmp_path / "outs"
    folder.mkdir()
    for name, data in files:
        (folder / name).write_bytes(data)
    tests = ensure_built(load_problem(built))
    last = tests[-1]
    (folder / files[-1][0]).unlink()
    (folder / f"{last.group}-{last.id.rsplit('/', 1)[1]}.out").write_bytes(last.answer.read_bytes())
    (folder / files[3][0]).write_text("5\n")   # a test of the first subtask (after the two samples)
    result = judge(load_problem(built), folder)
    verdicts = [c.verdict for c in result.cells]
    assert verdicts[3] is Verdict.WA and verdicts[-1] is Verdict.AC
    assert result.score == 70 and all(c.time == 0 for c in result.cells)


def test_a_missing_output_is_wrong_and_the_cli_judges_a_zip(built: Path, tmp_path: Path) -> None:
    z = tmp_path / "few.zip"
    with zipfile.ZipFile(z, "w") as w:
        for name, data in _answers(built)[:4]:
            w.writestr(name, data)
    r = _cli("judge", str(z), "--json", cwd=built)
    assert r.returncode == 0, r.stdout + r.stderr
    assert '"verdict": "WA"' in r.stdout and "no output_009.txt in the submission" in r.stdout


@pytest.mark.parametrize("hostile", ["slip", "absolute", "symlink", "bomb"])
def test_hostile_zips_are_refused_in_one_line(tmp_path: Path, hostile: str) -> None:
    z = tmp_path / "bad.zip"
    with zipfile.ZipFile(z, "w", zipfile.ZIP_DEFLATED) as w:
        if hostile == "slip":
            w.writestr("../output_000.txt", "1\n")
        elif hostile == "absolute":
            w.writestr("/etc/output_000.txt", "1\n")
        elif hostile == "symlink":
            info = zipfile.ZipInfo("output_000.txt")
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            w.writestr(info, "/etc/passwd")
        else:
            w.writestr("output_000.txt", io.BytesIO(bytes(300 << 20)).getvalue())
    with pytest.raises(OjpackError, match="refused") as e:
        read_outputs(z)
    assert "\n" not in str(e.value)


def test_a_symlink_in_a_folder_of_outputs_is_refused(tmp_path: Path) -> None:
    (tmp_path / "outs").mkdir()
    (tmp_path / "outs" / "output_000.txt").symlink_to("/etc/passwd")
    with pytest.raises(OjpackError, match="symlink"):
        read_outputs(tmp_path / "outs")


def test_cms_export_is_output_only_with_the_inputs_attached(built: Path) -> None:
    import yaml

    r = _cli("export", "--to", "cms", cwd=built)
    assert r.returncode == 0, r.stdout + r.stderr
    cms = built / "build" / "export" / "cms"
    assert yaml.safe_load((cms / "task.yaml").read_text())["output_only"] is True
    n = len(list((cms / "input").iterdir()))
    assert sorted(p.name for p in (cms / "att").glob("input_*.txt")) == [f"input_{i:03d}.txt" for i in range(n)]
    r = _cli("export", "--to", "uoj", cwd=built)
    assert r.returncode != 0 and "cannot express output-only tasks" in r.stdout + r.stderr


def test_several_zips_are_judged_one_by_one(built: Path, tmp_path: Path) -> None:
    good, few = tmp_path / "good.zip", tmp_path / "few.zip"
    for z, files in ((good, _answers(built)), (few, _answers(built)[:3])):
        with zipfile.ZipFile(z, "w") as w:
            for name, data in files:
                w.writestr(name, data)
    r = _cli("judge", str(good), str(few), cwd=built)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = [line.split() for line in r.stdout.splitlines() if ".zip" in line]
    assert [(line[-2], line[-1]) for line in lines] == [("AC", "100"), ("WA", "0")]
