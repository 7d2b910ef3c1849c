"""The build: layout, determinism, the lock, atomicity under a kill, and clear failures."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import edit_yaml
from ojpack.testdata import build, ensure_built
from ojpack.testdata.data import DataMissing, load_built
from ojpack.errors import BuildError
from ojpack.problem.load import load_problem


def tree_hashes(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def test_layout_and_answers(toy: Path) -> None:
    result = build(load_problem(toy))
    names = sorted(str(p.relative_to(toy / "data")) for p in (toy / "data").rglob("*.in"))
    assert names == ["sample/01-one.in", "secret/big/01-r1.in", "secret/big/02-top.in",
                     "secret/small/01-r1.in", "secret/small/02-r2.in"]
    for t in result.tests:
        a, b = map(int, t.input.read_text().split())
        assert int(t.answer.read_text()) == a + b
    assert (toy / "data" / "sample" / "01-one.ans").read_text() == "3\n"
    assert result.lock_status == "created" and (toy / "data.sha256").is_file()


def test_two_builds_give_identical_bytes(toy: Path, tmp_path: Path) -> None:
    build(load_problem(toy))
    first = tree_hashes(toy / "data")
    # A second, cold build elsewhere (no cache) must give the same bytes.
    other = tmp_path / "again"
    subprocess.run(["cp", "-r", str(toy), str(other)], check=True)
    subprocess.run(["rm", "-rf", str(other / "data"), str(other / ".ojpack")], check=True)
    result = build(load_problem(other))
    assert result.lock_status == "unchanged"
    assert tree_hashes(other / "data") == first


def test_drift_fails_against_the_lock_and_keeps_data(toy: Path) -> None:
    build(load_problem(toy))
    before = tree_hashes(toy / "data")
    edit_yaml(toy / "problem.yaml", "--max {x.max} --salt 2", "--max {x.max} --salt 3")
    with pytest.raises(BuildError, match=r"differs from data.sha256 \(changed: secret/small/02-r2"):
        build(load_problem(toy))
    assert tree_hashes(toy / "data") == before
    result = build(load_problem(toy), update_lock=True)
    assert result.lock_status == "updated"
    assert "secret/small/02-r2.in" in (toy / "data.sha256").read_text()
    assert tree_hashes(toy / "data") != before


def test_stale_data_is_detected_and_rebuilt(toy: Path) -> None:
    build(load_problem(toy))
    (toy / "generators" / "gen.py").write_text((toy / "generators" / "gen.py").read_text() + "\n# edited\n")
    with pytest.raises(DataMissing, match="stale"):
        load_built(load_problem(toy))
    assert len(ensure_built(load_problem(toy))) == 5


def test_hand_edited_data_is_detected(toy: Path) -> None:
    build(load_problem(toy))
    (toy / "data" / "secret" / "big" / "01-r1.ans").write_text("0\n")
    with pytest.raises(DataMissing, match="edited by hand"):
        load_built(load_problem(toy))


def test_broken_generator_is_named(toy: Path) -> None:
    edit_yaml(toy / "problem.yaml", "--max {x.max} --top", "--max {x.max} --fail")
    with pytest.raises(BuildError, match=r"big/02-top: generator `gen.py --max 100 --fail` exited with 1:\n"
                                         r"generator failed on purpose"):
        build(load_problem(toy))
    assert not (toy / "data").exists()


def test_invalid_generated_input_is_rejected(toy: Path) -> None:
    # The small group allows x <= 10; a generator line that ignores it must fail validation.
    edit_yaml(toy / "problem.yaml", 'gen: "gen.py --max {x.max} --salt 2"', 'gen: "gen.py --max 99 --salt 2"')
    with pytest.raises(BuildError, match=r"small/02-r2: the input made by .* is invalid: .*expected x in \[1, 10\]"):
        build(load_problem(toy))


def test_coverage_gap_is_named(toy: Path) -> None:
    edit_yaml(toy / "problem.yaml", "- {name: top, gen: \"gen.py --max {x.max} --top\"}",
              "- {name: top, gen: \"gen.py --max {x.max} --salt 9\"}")
    with pytest.raises(BuildError, match="no secret test hits feature 'x=max'"):
        build(load_problem(toy))


def test_a_subtask_coverage_gap_is_named_against_its_own_bounds(toy: Path) -> None:
    # small's x <= 10: 'x=max' there means a 10, which two random tests need not reach
    yaml = toy / "problem.yaml"
    edit_yaml(yaml, "{group: small, score: 30, bounds: {x: {max: 10}}}",
              "{group: small, score: 30, bounds: {x: {max: 10}}, coverage: {features: [x=max], answers: ['999']}}")
    with pytest.raises(BuildError) as e:
        build(load_problem(toy))
    assert "group 'small' never has the answer '999'" in str(e.value)
    edit_yaml(yaml, ", answers: ['999']", "")
    edit_yaml(yaml, "- {name: r2, gen: \"gen.py --max {x.max} --salt 2\"}",
              "- {name: r2, gen: \"gen.py --max {x.max} --top\"}")
    result = build(load_problem(toy))
    small = [t for t in result.tests if t.group == "small"]
    assert any("x=max" in t.features["group_features"] for t in small)
    assert all("x=max" not in t.features["features"] for t in small)     # 10 is not the global max, 100


def test_validator_cases_may_run_under_a_subtask_bounds(toy: Path) -> None:
    from ojpack.testdata import load_validator, run_cases
    from ojpack.cache import cache_for
    cases = toy / "validators" / "tests.yaml"
    cases.write_text(cases.read_text() + '- {name: big-in-small, group: small, input: "3 40\\n", expect: invalid}\n')
    problem = load_problem(toy)
    results = {r.case.name: r for r in run_cases(problem, load_validator(problem, cache_for(toy)))}
    assert results["big-in-small"].ok and not results["big-in-small"].got.valid
    cases.write_text(cases.read_text() + '- {name: stray, group: huge, input: "3 4\\n", expect: valid}\n')
    with pytest.raises(Exception, match="group must be a subtask group"):
        run_cases(problem, load_validator(problem, cache_for(toy)))


def test_model_failure_is_named(toy: Path) -> None:
    (toy / "solutions" / "accepted" / "sum.py").write_text("raise SystemExit('boom')\n")
    with pytest.raises(BuildError, match=r"model solution solutions/accepted/sum.py failed \(re"):
        build(load_problem(toy))


def test_killed_build_leaves_previous_data_intact(toy: Path) -> None:
    build(load_problem(toy))
    before = tree_hashes(toy / "data")
    # Make every generator slow, then kill the build while it is generating.
    edit_yaml(toy / "problem.yaml", "--max {x.max} --top", "--max {x.max} --top --sleep 30")
    proc = subprocess.Popen([sys.executable, "-m", "ojpack.cli", "build", "-p", str(toy), "--update-lock"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 20
    while not list((toy / ".ojpack").glob("data.new-*")) and not _generator_running(toy):
        assert proc.poll() is None and time.monotonic() < deadline, "build ended before it could be killed"
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    assert tree_hashes(toy / "data") == before
    assert len(load_built(load_problem(toy), check_fresh=False)) == 5


def _generator_running(root: Path) -> bool:
    out = subprocess.run(["pgrep", "-f", "--", "--sleep 30"], capture_output=True, text=True).stdout
    return bool(out.strip())
