"""Builds that must not lie or litter: stale staging folders, cache keys that miss a dependency,
generators that hang, Ctrl-C."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import edit_yaml
from ojpack.errors import BuildError, OjpackError
from ojpack.problem.load import load_problem
from ojpack.testdata.builder import build


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_staging_left_by_a_killed_build_is_removed(toy: Path) -> None:
    state = toy / ".ojpack"
    dead = state / f"data.new-{_dead_pid()}"
    (dead / "sample").mkdir(parents=True)
    (dead / "sample" / "01-one.in").write_text("half-written\n")
    with subprocess.Popen(["sleep", "60"]) as alive_proc:
        alive = state / f"data.new-{alive_proc.pid}"   # a build still running elsewhere keeps its folder
        alive.mkdir()
        try:
            build(load_problem(toy))
            assert not dead.exists()
            assert alive.is_dir()
            assert sorted(p.name for p in state.glob("data.*")) == [alive.name]
        finally:
            alive_proc.kill()


def test_answer_cache_respects_the_limits(toy: Path) -> None:
    build(load_problem(toy))                      # warms the answer cache under 256 MiB
    edit_yaml(toy / "problem.yaml", "memory: 256", "memory: 1")
    with pytest.raises(BuildError, match="model solution solutions/accepted/sum.py failed"):
        build(load_problem(toy))                  # a cold build fails here; a warm one must too


def test_cached_steps_are_keyed_by_the_toolkit(toy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ojpack.testdata.generate as generate
    import ojpack.testdata.solve as solve

    build(load_problem(toy))
    runs: list[str] = []
    for module, name in ((solve, "run_with_files"), (generate, "run")):   # how each starts its programs
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, _real=real, _m=module.__name__, **k: runs.append(_m) or _real(*a, **k))
    build(load_problem(toy))
    assert runs == []                             # same toolkit: everything comes from the cache
    for module in (solve, generate):
        monkeypatch.setattr(module, "toolkit_digest", lambda: "another version")
    build(load_problem(toy))
    assert runs.count("ojpack.testdata.solve") == 5 and runs.count("ojpack.testdata.generate") == 4


def test_a_hung_generator_is_stopped_at_the_limit_it_names(toy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ojpack.testdata.generate as generate

    monkeypatch.setattr(generate, "GEN_LIMITS", generate.RunLimits(cpu=1, wall=2, memory_mib=512, output_mib=1))
    edit_yaml(toy / "problem.yaml", "--max {x.max} --top", "--max {x.max} --top --sleep 30")
    with pytest.raises(BuildError) as e:
        build(load_problem(toy))
    msg = str(e.value)
    assert msg.startswith("big/02-top: generator `gen.py --max 100 --top --sleep 30` was stopped after ")
    assert "over its time limit of 1 s CPU / 2 s wall" in msg
    stopped = float(msg.split("stopped after ")[1].split(" s")[0])
    assert 2 <= stopped < 30       # killed at the named limit, not when the generator chose to end


def test_a_flooding_generator_names_the_output_limit(toy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ojpack.testdata.generate as generate

    monkeypatch.setattr(generate, "GEN_LIMITS", generate.RunLimits(cpu=10, wall=20, memory_mib=512, output_mib=1))
    gen = toy / "generators" / "flood.py"
    gen.write_text("import sys\nsys.stdout.write('1 ' * 2_000_000)\n")
    edit_yaml(toy / "problem.yaml", 'gen: "gen.py --max {x.max} --top"', 'gen: "flood.py"')
    with pytest.raises(BuildError, match=r"big/02-top: generator `flood.py` wrote over its output limit of 1 MiB"):
        build(load_problem(toy))


def test_a_hung_validator_names_its_limit(toy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ojpack.testdata.validate as validate

    monkeypatch.setattr(validate, "TIMEOUT", 1.0)
    path = toy / "validators" / "validate.py"
    path.write_text("import time\ntime.sleep(30)\n" + path.read_text())
    # tests validate in parallel: whichever hits the limit first is named
    with pytest.raises(BuildError, match=r"^[a-z0-9_-]+/[a-z0-9_-]+: validator validate.py was stopped at its time "
                                         r"limit of 1 s"):
        build(load_problem(toy))


def test_a_validator_that_does_not_compile_stops_the_build_and_keeps_the_data(toy: Path) -> None:
    # The validator compiles while the first inputs are generated: its failure must still end the build
    # with the compiler's complaint, and leave the last good data/ alone.
    build(load_problem(toy))
    before = {p.relative_to(toy): p.read_bytes() for p in (toy / "data").rglob("*") if p.is_file()}
    (toy / "validators" / "validate.cpp").write_text("int main() { return undefined_name; }\n")
    edit_yaml(toy / "problem.yaml", "validator: validators/validate.py", "validator: validators/validate.cpp")
    with pytest.raises(OjpackError, match=r"validate\.cpp.*undefined_name"):
        build(load_problem(toy))
    assert {p.relative_to(toy): p.read_bytes() for p in (toy / "data").rglob("*") if p.is_file()} == before
