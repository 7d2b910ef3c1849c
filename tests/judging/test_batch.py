"""`ojpack judge` on many submissions: locally, on a two-worker Dask cluster, and with a worker killed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ojpack.cli import app
from ojpack.judging import LocalEngine, collect, connect_cluster, judge_batch
from ojpack.problem import load_problem
from ojpack.strength.mutate import mutants

SEEDS = Path(__file__).parent / "batch_seeds"


def _cli(*args: str) -> dict:
    result = CliRunner().invoke(app, ["judge", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _comparable(batch: dict) -> list[dict]:
    """Everything but the measured times and memory, which differ from run to run."""
    return [{k: v for k, v in e.items() if k not in ("time", "memory", "file")} for e in batch["submissions"]]


@pytest.fixture
def population(toy: Path, tmp_path: Path) -> Path:
    """The seed solutions of the toy (a + b) and every mutant strength makes of them: a few hundred files,
    one folder per 'user' (its seed)."""
    folder = tmp_path / "subs"
    for seed in sorted(SEEDS.glob("*.py")):
        user = folder / seed.stem
        user.mkdir(parents=True)
        (user / "seed.py").write_bytes(seed.read_bytes())
        for n, m in enumerate(mutants(seed)):
            (user / f"m{n:03}.py").write_bytes(m.text)
    return folder


# a sweep of a few hundred mutants (about 50 s): opt-in; the other cluster tests here run by default
@pytest.mark.slow
def test_a_few_hundred_mutants_locally_then_on_a_cluster_with_a_worker_killed(toy, population, tmp_path):
    local = _cli(str(population), "-p", str(toy))
    subs = local["submissions"]
    assert len(subs) > 200
    assert [e["submission"] for e in subs] == sorted(e["submission"] for e in subs)   # a stable order
    assert {e["user"] for e in subs} == {p.stem for p in SEEDS.glob("*.py")}
    seeds = [e for e in subs if e["submission"].endswith("/seed.py")]
    assert seeds and all(e["verdict"] == "AC" and e["score"] == 100 for e in seeds)
    # mutants really differ: some are killed, in more than one way
    assert {"WA", "RE"} <= {e["verdict"] for e in subs} and local["counts"]["AC"] < len(subs)
    assert local["runs"] == 5 * len(subs)

    problem = load_problem(toy)
    found = collect([population], None, tmp_path)
    killed: list[int] = []
    with connect_cluster("local:2") as engine:
        pids = engine.client.run(os.getpid)

        def kill_one(done: int, _total: int) -> None:
            if done >= 200 and not killed:   # mid-way: one worker dies with its task in hand
                pid = next(iter(pids.values()))
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)

        batch = judge_batch(problem, found.submissions, found.skipped, engine, on_done=kill_one, fresh=True)
    assert killed, "the batch ended before a worker could be killed"
    remote = batch.to_json()
    assert remote["remembered"] == 0
    assert _comparable(remote) == _comparable(local)


def test_the_cluster_from_the_command_line_gives_the_local_json(toy):
    seeds = [str(p) for p in sorted(SEEDS.glob("*.py"))]
    local = _cli(*seeds, "-p", str(toy), "--fresh")
    remote = _cli(*seeds, "-p", str(toy), "--fresh", "--cluster", "local:2")
    assert _comparable(remote) == _comparable(local) and len(local["submissions"]) == len(seeds)


def test_a_rejudge_runs_only_new_tests_and_diff_names_what_changed(toy, tmp_path):
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "right.py").write_text("a, b = map(int, input().split())\nprint(a + b)\n")
    (subs / "small_only.py").write_text("a, b = map(int, input().split())\nprint(a + b if a + b <= 180 else 0)\n")
    first = _cli(str(subs), "-p", str(toy))
    assert first["remembered"] == 0 and {e["verdict"] for e in first["submissions"]} == {"AC"}
    old = tmp_path / "old.json"
    old.write_text(json.dumps(first))
    # the data is strengthened: a test where a + b is large
    (toy / "generators" / "hack.in").write_text("100 100\n")
    yaml_path = toy / "problem.yaml"
    yaml_path.write_text(yaml_path.read_text().replace(
        '    - {name: top, gen: "gen.py --max {x.max} --top"}',
        '    - {name: top, gen: "gen.py --max {x.max} --top"}\n    - {name: hack, copy: generators/hack.in}'))
    assert CliRunner().invoke(app, ["build", "--update-lock", "-p", str(toy)]).exit_code == 0
    result = CliRunner().invoke(app, ["judge", str(subs), "-p", str(toy), "--json", "--diff", str(old)])
    assert result.exit_code == 0, result.output
    again = json.loads(result.stdout)
    assert again["runs"] == 2 * 6
    assert again["remembered"] == 2 * 5   # only the new test ran
    assert again["changed"] == [{"submission": "subs/small_only.py", "old": "AC 100", "new": "WA 30"}]


def test_zip_and_index_and_files(toy, tmp_path):
    right = "a, b = map(int, input().split())\nprint(a + b)\n"
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("alice/1.py", right)
        z.writestr("bob/2.cpp", "#include <cstdio>\nint main(){int a,b;scanf(\"%d%d\",&a,&b);printf(\"%d\\n\",a-b);}\n")
        z.writestr("bob/notes.txt", "not a source")
        z.writestr("../../escape.py", right)   # written under a name of ours, never its own path
    (tmp_path / "idx").mkdir()
    (tmp_path / "idx" / "s1.txt").write_text(right)
    (tmp_path / "idx" / "index.csv").write_text("id,user,language,file\n7,carol,Python 3,s1.txt\n")
    csv_out, html_out = tmp_path / "out.csv", tmp_path / "out.html"
    batch = _cli(str(archive), "--index", str(tmp_path / "idx" / "index.csv"), "-p", str(toy),
                 "--csv", str(csv_out), "--html", str(html_out))
    got = {e["submission"]: (e["user"], e["verdict"]) for e in batch["submissions"]}
    assert got == {"7": ("carol", "AC"), "export.zip:alice/1.py": ("alice", "AC"),
                   "export.zip:bob/2.cpp": ("bob", "WA"), "export.zip:../../escape.py": ("", "AC")}
    assert batch["skipped"] == ["export.zip:bob/notes.txt"]
    assert not (tmp_path.parent / "escape.py").exists()
    assert csv_out.read_text().splitlines()[0].startswith("submission,user,language,verdict,score")
    assert "<table>" in html_out.read_text() and "carol" in html_out.read_text()


@pytest.mark.parametrize("row, message", [
    ("1,u,Brainfuck,s.py", "unknown language 'Brainfuck'"),
    ("1,u,python,../outside.py", "is no file inside"),
])
def test_a_bad_index_row_is_one_line(toy, tmp_path, row, message):
    (tmp_path / "s.py").write_text("print(1)\n")
    (tmp_path / "index.csv").write_text(f"id,user,language,file\n{row}\n")
    result = subprocess.run([sys.executable, "-m", "ojpack.cli", "judge", "--index", str(tmp_path / "index.csv"),
                             "-p", str(toy)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 1 and message in result.stderr and "Traceback" not in result.stderr


def test_check_on_a_cluster_gives_the_local_verdicts(toy):
    """A whole check on two Dask workers, with a wrong answer and a time-out (whose runs form a chain that
    stops at its first failing test), gives the local matrix."""
    (toy / "solutions" / "wrong_answer").mkdir()
    (toy / "solutions" / "wrong_answer" / "minus.py").write_text("a, b = map(int, input().split())\nprint(a - b)\n")
    (toy / "solutions" / "time_limit_exceeded").mkdir()
    (toy / "solutions" / "time_limit_exceeded" / "spin.py").write_text(
        "a, b = map(int, input().split())\nif a + b > 20:\n    while True: pass\nprint(a + b)\n")

    def matrix(*extra: str) -> dict:
        result = CliRunner().invoke(app, ["check", "-p", str(toy), "--no-proof", "--fresh", "--json", *extra])
        assert result.exit_code == 0, result.output
        report = json.loads(result.stdout)
        return {s["name"]: (s["verdict"], s["score"], [(c["test"], c["verdict"]) for c in s["cells"]])
                for s in report["solutions"]}

    local = matrix()
    assert {name: v for name, (v, _, _) in local.items()} == {
        "accepted/sum.py": "AC", "wrong_answer/minus.py": "WA", "time_limit_exceeded/spin.py": "TLE"}
    assert matrix("--cluster", "local:2") == local


def test_strength_on_a_cluster_kills_the_same_mutants(tmp_path):
    """Mutation analysis of examples/nim's Python solution with the mutants' runs on two Dask workers: the same
    mutants killed, by the same tests, as on the local pool."""
    from ojpack.problem import copy_sources
    from ojpack.strength import strength

    root = copy_sources(Path(__file__).parents[2] / "examples" / "nim", tmp_path / "nim")
    problem = load_problem(root)
    source = [root / "solutions" / "accepted" / "nim.py"]
    local = strength(problem, sources=source, stress_seconds=0.2)
    with connect_cluster("local:2") as engine:
        remote = strength(problem, sources=source, stress_seconds=0.2, engine=engine)

    def summary(report) -> list[tuple[str, str, str | None]]:
        return [(r.mutant.id, r.status, r.killed_by) for r in report.results]

    assert summary(remote) == summary(local) and local.count("killed") > 0
