import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from ojpack.sandbox import cgroups
from ojpack.sandbox.isolation import isolation_problem
from ojpack.sandbox.languages import real_python
from ojpack.sandbox.runner import MIB, RunLimits, run

# "rlimit" and "cgroup" are the unisolated runner (--no-sandbox); "cage" is the default, isolated one.
MODES = [pytest.param(False, id="rlimit"),
         pytest.param(True, id="cgroup", marks=pytest.mark.skipif(not cgroups.available(), reason="no cgroups")),
         pytest.param("cage", id="cage", marks=pytest.mark.skipif(isolation_problem() is not None, reason="no cage"))]


def py(tmp_path: Path, code: str) -> list[str]:
    src = tmp_path / "prog.py"
    src.write_text(textwrap.dedent(code))
    return [real_python(), str(src)]


def go(tmp_path: Path, argv: list[str], cgroup: bool | str = False, stdin: bytes = b"", **kw) -> tuple:
    limits = RunLimits(**{"cpu": 1.0, "wall": 20.0, "memory_mib": 128, "output_mib": 8, **kw})
    (tmp_path / "in").write_bytes(stdin)
    caged = cgroup == "cage"
    res = run(argv, tmp_path / "in", tmp_path / "out", limits, cgroup=True if caged else bool(cgroup), isolate=caged)
    return res, (tmp_path / "out").read_bytes()


@pytest.mark.parametrize("cgroup", MODES)
def test_ok_run_copies_stdin_to_stdout_and_reports_usage(tmp_path, cgroup):
    res, out = go(tmp_path, py(tmp_path, "import sys; sys.stdout.write(sys.stdin.read()[::-1])"), cgroup, b"abc")
    assert (res.status, res.exit_code, res.signal, out) == ("ok", 0, None, b"cba")
    assert 0 < res.cpu < res.wall + 0.5 and res.memory_mib > 0 and res.output_bytes == 3


@pytest.mark.parametrize("cgroup", MODES)
def test_allocating_far_past_the_limit_is_mle(tmp_path, cgroup):
    res, _ = go(tmp_path, py(tmp_path, """
        chunks = []
        while True:
            chunks.append(bytearray(1 << 20))
    """), cgroup, memory_mib=64)
    assert res.status == "mle"
    assert res.memory_mib > 64


@pytest.mark.parametrize("cgroup", MODES)
def test_memory_below_the_limit_is_fine(tmp_path, cgroup):
    res, out = go(tmp_path, py(tmp_path, "x = bytearray(40 << 20); print(len(x))"), cgroup, memory_mib=128)
    assert res.status == "ok" and out.strip() == str(40 << 20).encode()
    assert res.memory_mib >= 40


@pytest.mark.parametrize("cgroup", MODES)
def test_printing_gigabytes_is_ole_and_stopped_at_the_cap(tmp_path, cgroup):
    res, _ = go(tmp_path, py(tmp_path, """
        import sys
        block = "x" * (1 << 20)
        for _ in range(4096):
            sys.stdout.write(block)
    """), cgroup, output_mib=2)
    assert res.status == "ole"
    assert (tmp_path / "out").stat().st_size <= 2 * MIB + 1


@pytest.mark.parametrize("cgroup", MODES)
def test_a_c_program_that_ignores_write_errors_is_still_ole(tmp_path, cgroup):
    # puts() never checks for errors: unless SIGXFSZ is back to its default in the child (Python
    # ignores it, and exec keeps ignored signals), the program spins on EFBIG until its time runs out.
    src = tmp_path / "spam.c"
    src.write_text('#include <stdio.h>\nint main(void) { for (;;) puts("John Brother John Brother"); }\n')
    subprocess.run(["gcc", "-O2", "-o", str(tmp_path / "spam"), str(src)], check=True)
    res, _ = go(tmp_path, [str(tmp_path / "spam")], cgroup, output_mib=2, cpu=2.0)
    # in the cage stdout is a pipe the helper drains: past the limit it stops the run (SIGKILL)
    assert (res.status, res.signal) == ("ole", signal.SIGKILL if cgroup == "cage" else signal.SIGXFSZ)
    assert res.cpu < 1.0


@pytest.mark.parametrize("cgroup", MODES)
def test_infinite_loop_is_tle_and_killed_by_the_cpu_watch_not_the_wall_limit(tmp_path, cgroup):
    res, _ = go(tmp_path, py(tmp_path, "while True: pass"), cgroup, cpu=0.5, wall=30.0)
    assert res.status == "tle" and res.signal == signal.SIGKILL
    assert 0.5 < res.cpu < 1.0   # stopped within twice the limit (RLIMIT_CPU alone would allow 2 s)
    assert res.wall < 15         # the wall limit (30 s) was never needed


def test_sleeping_program_is_tle_by_wall_time(tmp_path):
    res, _ = go(tmp_path, py(tmp_path, "import time; time.sleep(60)"), cpu=1.0, wall=0.5)
    assert res.status == "tle" and res.cpu < 1.0


@pytest.mark.parametrize("cgroup", MODES)
def test_exit_code_and_signal_are_runtime_errors(tmp_path, cgroup):
    res, _ = go(tmp_path, py(tmp_path, "raise SystemExit(3)"), cgroup)
    assert (res.status, res.exit_code, res.signal) == ("re", 3, None)
    res, _ = go(tmp_path, py(tmp_path, "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"), cgroup)
    assert (res.status, res.exit_code, res.signal) == ("re", None, signal.SIGSEGV)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


def _wait_dead(pid: int) -> bool:
    for _ in range(100):
        if not _alive(pid):
            return True
        time.sleep(0.05)
    return False


def test_grandchild_in_the_same_group_is_killed_after_the_run(tmp_path):
    res, out = go(tmp_path, py(tmp_path, """
        import os, sys, time
        pid = os.fork()
        if pid == 0:
            time.sleep(60)
            os._exit(0)
        print(pid, flush=True)
    """))
    assert res.status == "ok"
    assert _wait_dead(int(out))


@pytest.mark.skipif(not cgroups.available(), reason="only a cgroup can find a process that called setsid")
def test_detached_grandchild_is_killed_through_the_cgroup(tmp_path):
    res, out = go(tmp_path, py(tmp_path, """
        import os, sys, time
        pid = os.fork()
        if pid == 0:
            os.setsid()
            time.sleep(60)
            os._exit(0)
        print(pid, flush=True)
    """), cgroup=True)
    assert res.status == "ok"
    assert _wait_dead(int(out))


def test_program_runs_in_a_private_temporary_directory_that_is_emptied(tmp_path):
    res, out = go(tmp_path, py(tmp_path, """
        import os
        open("scratch.txt", "w").write("x")
        print(os.getcwd())
    """))
    cwd = Path(out.decode().strip())
    assert res.status == "ok"
    assert cwd != Path.cwd() and cwd != tmp_path
    assert not cwd.exists() or not any(cwd.iterdir())


def test_stack_may_grow_to_the_memory_limit(tmp_path):
    res, out = go(tmp_path, py(tmp_path, """
        import resource
        print(resource.getrlimit(resource.RLIMIT_STACK)[0])
    """), memory_mib=200)
    assert res.status == "ok" and int(out) == 200 * MIB


@pytest.mark.skipif(not cgroups.available(), reason="no cgroups")
def test_small_program_is_not_charged_for_the_parent_process(tmp_path):
    # ru_maxrss alone would report this Python process's own size for a tiny program
    res, _ = go(tmp_path, ["/bin/true"], cgroup=True)
    assert res.status == "ok" and res.memory_mib < 8


_NO_HELPER = r"""
import json, sys
from pathlib import Path
import ojpack.sandbox.runner as runner
from ojpack.sandbox.languages import real_python
runner.launcher = lambda: None   # no C compiler: limits are set in a preexec_fn instead
tmp, cgroup = Path(sys.argv[1]), sys.argv[2] == "1"
def go(code, **kw):
    (tmp / "prog.py").write_text(code)
    (tmp / "in").write_bytes(b"")
    limits = runner.RunLimits(**{"cpu": 1.0, "wall": 20.0, "memory_mib": 128, "output_mib": 8, **kw})
    res = runner.run([real_python(), str(tmp / "prog.py")], tmp / "in", tmp / "out", limits, cgroup=cgroup,
                     isolate=False)
    return [res.status, (tmp / "out").read_text()]
print(json.dumps([
    go("chunks = []\nwhile True:\n    chunks.append(bytearray(1 << 20))\n", memory_mib=64),
    go("while True: pass", cpu=0.3),
    go("import resource; print(resource.getrlimit(resource.RLIMIT_STACK)[0])", memory_mib=100),
]))
"""


@pytest.mark.parametrize("cgroup", MODES[:2])   # the cage is the helper: without it, no isolation
def test_without_the_exec_helper_limits_still_hold(tmp_path, cgroup):
    # In a fresh interpreter: without the helper the program is forked from the caller, whose own high-water
    # mark its rusage inherits, and this test process grows over a whole suite.
    proc = subprocess.run([sys.executable, "-c", _NO_HELPER, str(tmp_path), "1" if cgroup else "0"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    (hog, _), (spin, _), (stack, out) = json.loads(proc.stdout)
    assert hog == "mle"
    assert spin == "tle"
    assert stack == "ok" and int(out) == 100 * MIB


def test_the_exec_helper_is_built_and_used():
    from ojpack.sandbox.runner import launcher
    helper = launcher()
    assert helper is not None and os.access(helper, os.X_OK)


@pytest.mark.parametrize("cgroup", MODES)
def test_peak_memory_is_the_programs_own_not_this_big_process(tmp_path, cgroup):
    # a program exec'd straight from a forked Python inherits its high-water mark; ours must not
    ballast = bytearray(200 << 20)
    res, _ = go(tmp_path, ["/bin/true"], cgroup)
    assert res.status == "ok" and res.memory_mib < 16
    del ballast
