"""Hostile programs in the cage: each gets its verdict, leaves no process and no file behind, and
changes no byte of the data. They run on a built copy of the toy problem (made once for the module)."""

from __future__ import annotations

import hashlib
import json
import signal
import socket
import subprocess
import sys
import textwrap
import time
import uuid
from pathlib import Path

import pytest

from ojpack.judging.judgement import judge
from ojpack.judging.verdicts import Verdict
from ojpack.problem.load import load_problem
from ojpack.sandbox import CompileError, RunLimits, prepare, run
from ojpack.sandbox.cgroups import _own_path
from ojpack.sandbox.isolation import SCRATCH_MIB, isolation_problem
from ojpack.sandbox.languages import real_python
from ojpack.testdata import ensure_built

pytestmark = pytest.mark.skipif(isolation_problem() is not None, reason=f"no sandbox here: {isolation_problem()}")
TESTS = Path(__file__).parent.parent


@pytest.fixture(scope="module")
def toy_built(tmp_path_factory) -> Path:
    import shutil
    root = tmp_path_factory.mktemp("iso") / "toy"
    shutil.copytree(TESTS / "toy", root, ignore=shutil.ignore_patterns("data", ".ojpack", "data.sha256", "build"))
    ensure_built(load_problem(root))
    return root


def tree_digest(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file() and ".ojpack" not in p.parts}


def host_processes_with(token: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if token.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


def submit(folder: Path, code: str, name: str = "sub.py") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(textwrap.dedent(code))
    return path


def caged(tmp_path: Path, code: str, stdin: bytes = b"", **kw) -> tuple:
    src = submit(tmp_path / "prog", code)
    limits = RunLimits(**{"cpu": 1.0, "wall": 5.0, "memory_mib": 128, "output_mib": 8, **kw})
    (tmp_path / "in").write_bytes(stdin)
    res = run([real_python(), "-S", str(src)], tmp_path / "in", tmp_path / "out", limits, stderr=tmp_path / "err")
    return res, (tmp_path / "out").read_bytes()


def test_infinite_loop_and_sleep_are_tle(tmp_path):
    assert caged(tmp_path, "while True: pass", cpu=0.3)[0].status == "tle"
    res, _ = caged(tmp_path, "import time; time.sleep(30)", wall=0.5)
    assert res.status == "tle" and res.wall < 5


def test_memory_bomb_is_mle(tmp_path):
    res, _ = caged(tmp_path, "x = []\nwhile True: x.append(bytearray(1 << 20))", memory_mib=64)
    assert res.status == "mle" and res.memory_mib > 64


def test_fork_bomb_is_stopped_and_leaves_nothing(tmp_path):
    token = uuid.uuid4().hex
    res, out = caged(tmp_path, f"""
        import os, time
        n = 0
        try:
            while n < 10000:
                if os.fork() == 0:
                    os.execv("/bin/sleep", ["{token}", "600"])
                n += 1
        except OSError:
            pass
        print(n, flush=True)
    """, processes=32)
    assert res.status == "ok" and int(out) < 32          # the pids cgroup refused the 32nd
    assert host_processes_with(token) == []               # and the cage took the sleepers with it


def test_output_flood_is_ole(tmp_path):
    res, _ = caged(tmp_path, "import sys\nwhile True: sys.stdout.write('x' * 65536)", output_mib=2)
    assert res.status == "ole" and (tmp_path / "out").stat().st_size <= 2 * 1024 * 1024 + 1


@pytest.mark.parametrize("where", [".", "/tmp"])
def test_disk_filler_hits_the_scratch_cap_and_leaves_no_file(tmp_path, where):
    token = uuid.uuid4().hex
    res, out = caged(tmp_path, f"""
        import errno, os
        written = 0
        try:
            for i in range(10 ** 6):
                with open(os.path.join("{where}", "{token}-%d" % i), "wb") as f:
                    f.write(b"x" * (1 << 20))
                written += 1
        except OSError as e:
            print(written, errno.errorcode[e.errno])
    """, memory_mib=256, cpu=5.0, wall=20.0)
    written, err = out.split()
    assert res.status == "ok" and err == b"ENOSPC" and int(written) <= SCRATCH_MIB
    assert not list(Path("/tmp").glob(f"{token}*")) and not list(Path.cwd().glob(f"{token}*"))


def test_setsid_orphan_dies_with_the_run(tmp_path):
    token = uuid.uuid4().hex
    res, _ = caged(tmp_path, f"""
        import os
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.execv("/bin/sleep", ["{token}", "600"])
            os._exit(0)
        print("bye")
    """)
    assert res.status == "ok" and host_processes_with(token) == []


def test_parent_killer_reaches_nothing_outside(tmp_path):
    res, out = caged(tmp_path, """
        import os, signal
        mine = os.getpid()
        seen = [int(p) for p in os.listdir("/proc") if p.isdigit()]
        for pid in [os.getppid(), 1, *seen]:
            if pid != mine:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
        print(sorted(seen), flush=True)
        os.kill(-1, signal.SIGKILL)
    """)
    assert res.status == "re"   # it could only kill itself
    assert max(json.loads(out)) < 10   # a pid namespace of its own: only the cage's few processes


def test_network_probe_cannot_reach_a_loopback_listener(tmp_path):
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(1)
        server.settimeout(0.5)
        port = server.getsockname()[1]
        res, out = caged(tmp_path, f"""
            import socket
            try:
                socket.create_connection(("127.0.0.1", {port}), timeout=2).close()
                print("connected")
            except OSError as e:
                print("blocked", e.errno)
        """)
        with pytest.raises(socket.timeout):
            server.accept()
    assert res.status == "ok" and out.startswith(b"blocked")


_NETNS_PROBE = """
    import fcntl, os, socket, struct
    with socket.socket() as s:
        try:   # SIOCSIFFLAGS, IFF_UP on lo: needs CAP_NET_ADMIN over the namespace
            fcntl.ioctl(s, 0x8914, struct.pack("16sH", b"lo", 1))
            up = "lo up"
        except OSError as e:
            up = f"refused {e.errno}"
    print(os.stat("/proc/self/ns/net").st_ino, up, len(open("/proc/net/dev").read().splitlines()) - 2)
"""


def test_a_workers_runs_share_an_empty_network_namespace_they_cannot_configure(tmp_path):
    # One empty namespace per worker thread instead of one per run (~0.6 ms a run): never the host's, only
    # a loopback that stays down, and the next worker gets another.
    from concurrent.futures import ThreadPoolExecutor
    import os

    def probe(tag: str) -> list[list[str]]:
        said = []
        for i in range(2):
            (tmp_path / tag / str(i)).mkdir(parents=True)
            said.append(caged(tmp_path / tag / str(i), _NETNS_PROBE)[1].decode().split())
        return said

    first = probe("a")
    with ThreadPoolExecutor(1) as pool:
        other = pool.submit(probe, "b").result()
    host = str(os.stat("/proc/self/ns/net").st_ino)
    assert first[0] == first[1] and first[0][1:] == ["refused", "1", "1"]   # EPERM; only lo is there
    assert first[0][0] != host and other[0][0] not in (host, first[0][0])


def test_compile_time_include_of_an_absolute_path_reads_nothing(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOPSECRET_7f3a\n")
    src = submit(tmp_path / "sub", f'#include "{secret}"\nint main() {{ return 0; }}\n', "a.c")
    with pytest.raises(CompileError) as failed:
        prepare(src, tmp_path / "cache")
    assert "TOPSECRET_7f3a" not in failed.value.message and "No such file" in failed.value.message


def test_data_tamperer_and_answer_reader_change_and_learn_nothing(toy_built, tmp_path):
    before = tree_digest(toy_built)
    tamperer = submit(tmp_path / "t", """
        import os, sys
        hits = 0
        for top in ("/", os.getcwd()):
            for root, dirs, files in os.walk(top):
                if root.startswith(("/proc", "/usr", sys.base_prefix)):   # system, interpreter: too big to walk
                    dirs[:] = []
                    continue
                for f in files:
                    path = os.path.join(root, f)
                    try:
                        with open(path, "r+b") as h:
                            h.write(b"999999")
                        hits += 1
                    except OSError:
                        pass
        print(hits)
    """)
    res = judge(load_problem(toy_built), tamperer)
    # WA, or TLE on a machine too busy to walk the cage in a second: never AC, never a changed byte
    assert all(c.verdict in (Verdict.WA, Verdict.TLE) for c in res.cells), [(c.verdict, c.message) for c in res.cells]
    assert tree_digest(toy_built) == before

    reader = submit(tmp_path / "r", """
        import os, sys
        name = os.readlink("/proc/self/fd/0")
        found = []
        for root, dirs, files in os.walk("/"):
            if root.startswith(("/proc", "/usr", sys.base_prefix)):
                dirs[:] = []
            found += [os.path.join(root, f) for f in files if f.endswith(".ans")]
        answer = name[:-3] + ".ans" if name.endswith(".in") else None
        if answer and os.path.exists(answer):
            print(open(answer).read())
        elif found:
            print(open(found[0]).read())
        else:
            print(0, name)
    """)
    res = judge(load_problem(toy_built), reader)
    assert all(c.verdict in (Verdict.WA, Verdict.TLE) for c in res.cells)
    assert all("found '0'" in c.message for c in res.cells if c.verdict is Verdict.WA), [c.message for c in res.cells]


def test_a_failing_programs_stderr_is_the_judge_note(toy_built, tmp_path):
    crash = submit(tmp_path / "c", "import sys\nsys.stdin.read()\nraise ValueError('no luck \\x01 here')\n")
    res = judge(load_problem(toy_built), crash)
    note = res.cells[0].message
    assert res.verdict is Verdict.RE and "exit code 1" in note
    assert "Traceback" in note and "ValueError: no luck ? here" in note


def test_killing_ojpack_mid_judge_leaves_no_process_and_no_cgroup(toy_built, tmp_path):
    token = uuid.uuid4().hex
    sleeper = submit(tmp_path / "s", f"""
        import os
        os.execv("/bin/sleep", ["{token}", "600"])
    """)
    ojpack = Path(sys.executable).with_name("ojpack")
    proc = subprocess.Popen([str(ojpack), "judge", str(sleeper), "-p", str(toy_built), "--json"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):   # up to 30 s on a busy machine
            if host_processes_with(token):
                break
            time.sleep(0.05)
        assert host_processes_with(token), "the judged program never started"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    time.sleep(1.0)
    assert host_processes_with(token) == []
    leftovers = [d for c in ("memory", "pids") if (p := _own_path(c)) for d in p.glob(f"ojpack-{proc.pid}-*")]
    assert leftovers == []


def test_without_isolation_judge_stops_with_one_line_and_no_sandbox_runs_with_a_warning(toy_built, tmp_path,
                                                                                       monkeypatch):
    from typer.testing import CliRunner

    from ojpack.cli import app
    from ojpack.sandbox import set_isolation
    monkeypatch.setattr("ojpack.sandbox.isolation.isolation_problem",
                        lambda: "user namespaces are disabled: sysctl -w user.max_user_namespaces=15000")
    ok = submit(tmp_path / "ok", "a, b = map(int, input().split())\nprint(a + b)\n")
    try:
        refused = CliRunner().invoke(app, ["judge", str(ok), "-p", str(toy_built), "--json"])
        assert refused.exit_code != 0
        assert "user.max_user_namespaces" in str(refused.exception) and "--no-sandbox" in str(refused.exception)
        allowed = CliRunner().invoke(app, ["judge", str(ok), "-p", str(toy_built), "--json", "--no-sandbox"])
        assert allowed.exit_code == 0, allowed.output
        assert json.loads(allowed.stdout[allowed.stdout.index("{"):])["verdict"] == "AC"
    finally:
        set_isolation(True)
