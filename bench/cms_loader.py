"""CMS's own italy_yaml loader on ojpack's CMS exports of the three task kinds beyond batch: each export is
loaded by `cmscontrib.loaders.italy_yaml.YamlLoader` and the task type it reads is printed beside the one
the kind must give (a grader task: Batch compiled with `grader`; a communication task: Communication with
its manager, its stubs and num_processes; an output-only task: OutputOnly with one output_<NNN>.txt per
test). Exit 1 when any differs.

CMS is installed in a throwaway venv (its source with --no-deps, so its language plugins register, then
the modules the loader imports; no database: the loader runs with a null file cacher). Its source is a git
repository or a folder given with --cms, else a shallow clone of github.com/cms-dev/cms.

    python bench/cms_loader.py [--cms PATH] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
# CMS's pins (its pyproject.toml) for the modules its loader imports; psycopg2 as the binary wheel (the
# source build needs PostgreSQL's headers, and no database is opened)
DEPENDENCIES = ["sqlalchemy>=1.3,<1.4", "psycopg2-binary", "pyyaml>=5.3,<6.1", "pycryptodomex==3.23.0",
                "bcrypt>=3.1,<4.4", "psutil>=5.5,<7.1", "babel==2.12.1", "pyxdg>=0.26,<0.29", "chardet>=3.0,<5.3",
                "Jinja2==3.1.6", "markdown-it-py==3.0.0", "MarkupSafe==3.0.3", "gevent", "netifaces>=0.10,<0.12",
                "tornado==4.5.3", "requests==2.32.3", "werkzeug==3.1.5", "patool>=1.12,<4.1"]
LOAD = """
import json, sys
from cms.db.filecacher import FileCacher
from cmscontrib.loaders.italy_yaml import YamlLoader
task = YamlLoader(sys.argv[1], FileCacher(null=True)).get_task(get_statement=True)
ds = task.active_dataset
print(json.dumps({"name": task.name, "type": ds.task_type, "parameters": ds.task_type_parameters,
                  "managers": sorted(ds.managers), "submission_format": list(task.submission_format),
                  "testcases": len(ds.testcases), "time_limit": ds.time_limit}))
"""
# kind -> what the loader must read: (task type, parameters, managers that must be there)
EXPECTED = {
    "grader": ("Batch", ["grader", ["", ""], "comparator"], {"grader.cpp", "grader.java", "grader.py", "sum.h"}),
    "communication": ("Communication", [2, "stub", "fifo_io"],
                      {"manager", "stub.cpp", "stub.java", "stub.py", "relay.h"}),
    "output-only": ("OutputOnly", ["comparator"], {"checker"}),
}


def ojpack(*args: str, cwd: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC), "COLUMNS": "100"}
    done = subprocess.run([sys.executable, "-m", "ojpack", *args], cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"ojpack {' '.join(args)} failed:\n{done.stdout}{done.stderr}")


def cms_venv(where: Path, cms: str | None) -> tuple[Path, Path]:
    """(the venv's python, a config file) with CMS and its loader's modules installed."""
    source, venv = where / "cms-src", where / "venv"
    if (venv / "bin" / "python").exists():   # --keep: installed by an earlier run
        return venv / "bin" / "python", source / "config" / "cms.sample.toml"
    if cms and not (Path(cms) / ".git").exists() and Path(cms, "cmscontrib").is_dir():
        shutil.copytree(cms, source)
    elif cms:   # a git directory (bare or not): its HEAD
        source.mkdir()
        archive = subprocess.run(["git", "-C", cms, "archive", "HEAD"], capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(source)], input=archive, check=True)
    else:
        subprocess.run(["git", "clone", "-q", "--depth", "1", "https://github.com/cms-dev/cms", str(source)],
                       check=True)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    # pip's complaints about CMS's pins the loader does not need (telegram, prometheus...) are noise here
    for args in (["--no-deps", str(source)], DEPENDENCIES):
        done = subprocess.run([*pip, *args], capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"pip install {' '.join(args)} failed:\n{done.stderr[-2000:]}")
    return venv / "bin" / "python", source / "config" / "cms.sample.toml"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cms", help="CMS's source: a git repository or a folder (default: clone it)")
    parser.add_argument("--keep", type=Path, help="work here and keep it (default: a temporary folder)")
    opts = parser.parse_args()
    where = opts.keep or Path(tempfile.mkdtemp(prefix="ojpack-cms-loader-"))
    where.mkdir(parents=True, exist_ok=True)
    failed = 0
    try:
        python, config = cms_venv(where, opts.cms)
        for kind, (task_type, parameters, managers) in EXPECTED.items():
            root = where / f"{kind.replace('-', '')}-task"
            # named `task`, as the graders and stubs import the submission (CMS names it after the task)
            if not (root / "build" / "export" / "cms").is_dir():
                shutil.rmtree(root, ignore_errors=True)
                ojpack("new", f"--{kind}", "--short-name", "task", str(root), cwd=where)
                ojpack("build", cwd=root)
                ojpack("export", "--to", "cms", cwd=root)
            env = {**os.environ, "CMS_CONFIG": str(config)}
            done = subprocess.run([str(python), "-c", LOAD, str(root / "build" / "export" / "cms")], env=env,
                                  capture_output=True, text=True)
            if done.returncode != 0:
                print(f"{kind}: the loader failed:\n{done.stderr[-2000:]}")
                failed += 1
                continue
            got = json.loads(done.stdout.strip().splitlines()[-1])
            missing = managers - set(got["managers"])
            ok = got["type"] == task_type and got["parameters"] == parameters and not missing
            if kind == "output-only":
                ok = ok and got["submission_format"] == [f"output_{i:03d}.txt" for i in range(got["testcases"])]
            failed += not ok
            print(f"{kind:14} {'ok' if ok else 'WRONG':5} {got['type']} {got['parameters']}")
            print(f"{'':20} managers: {', '.join(got['managers'])}" + (f" (missing {sorted(missing)})" if missing else ""))
            if got["submission_format"]:
                shown = got["submission_format"]
                print(f"{'':20} submission: {', '.join(shown[:3])}{' …' if len(shown) > 3 else ''} "
                      f"({len(shown)} files, {got['testcases']} testcases, time limit {got['time_limit']})")
    finally:
        if opts.keep is None:
            shutil.rmtree(where, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
