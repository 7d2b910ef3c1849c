"""Hostile programs in the cage: each gets its verdict, leaves no process and no file behind, and
changes no byte of the data. They run on a built copy of the toy problem (made once per mode), in both
modes of the cage: as root (cgroup v1 here) and as a plain user (rootless, see identities.py)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
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

from cage_identities import Identity, each_identity, results

pytestmark = pytest.mark.skipif(isolation_problem() is not None, reason=f"no sandbox here: {isolation_problem()}")
TESTS = Path(__file__).parent.parent


@pytest.fixture(scope="module", params=["root", "user"])
def identity(request) -> Identity:
    """Who runs the sandbox: root in this process, or a plain user (rootless cage) through a driver."""
    yield from each_identity(request.param, "ojpack-cage-driver-")


@pytest.fixture
def work(identity: Identity, tmp_path: Path) -> Path:
    """A folder of the test's own that the identity owns."""
    folder = identity.folder(tmp_path)
    yield folder
    if folder != tmp_path and not folder.is_relative_to(tmp_path):
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def toy_built(identity: Identity, tmp_path_factory) -> Path:
    base = identity.folder(tmp_path_factory.mktemp("iso"))
    root = base / "toy"
    shutil.copytree(TESTS / "toy", root, ignore=shutil.ignore_patterns("data", ".ojpack", "data.sha256", "build"))
    identity.build(base, root)
    yield root
    if identity.driver is not None:
        shutil.rmtree(base, ignore_errors=True)


def judged(identity: Identity, problem: Path, source: Path):
    """judge() as the identity: (overall verdict, [(verdict, message)] per test)."""
    if identity.driver is None:
        res = judge(load_problem(problem), source)
        return res.verdict, [(c.verdict, c.message) for c in res.cells]
    said = identity.call(source.parent, op="judge", problem=problem, source=source)
    return Verdict(said["verdict"]), [(Verdict(v), m) for v, m in said["cells"]]


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


def caged(tmp_path: Path, code: str, stdin: bytes = b"", identity: Identity | None = None, **kw) -> tuple:
    src = submit(tmp_path / "prog", code)
    limits = {"cpu": 1.0, "wall": 5.0, "memory_mib": 128, "output_mib": 8, **kw}
    (tmp_path / "in").write_bytes(stdin)
    argv = [real_python(), "-S", str(src)]
    if identity is None or identity.driver is None:
        res = run(argv, tmp_path / "in", tmp_path / "out", RunLimits(**limits), stderr=tmp_path / "err")
    else:
        res = results(identity.call(tmp_path, op="run", argv=argv, stdin=tmp_path / "in", stdout=tmp_path / "out",
                                    stderr=tmp_path / "err", limits=limits))
    return res, (tmp_path / "out").read_bytes()


def test_infinite_loop_and_sleep_are_tle(work, identity):
    assert caged(work, identity=identity, code="while True: pass", cpu=0.3)[0].status == "tle"
    res, _ = caged(work, identity=identity, code="import time; time.sleep(30)", wall=0.5)
    assert res.status == "tle" and res.wall < 5


def test_memory_bomb_is_mle(work, identity):
    res, _ = caged(work, identity=identity, code="x = []\nwhile True: x.append(bytearray(1 << 20))", memory_mib=64)
    assert res.status == "mle" and res.memory_mib > 64


def test_fork_bomb_is_stopped_and_leaves_nothing(work, identity):
    token = uuid.uuid4().hex
    res, out = caged(work, identity=identity, code=f"""
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


def test_output_flood_is_ole(work, identity):
    res, _ = caged(work, identity=identity, code="import sys\nwhile True: sys.stdout.write('x' * 65536)", output_mib=2)
    assert res.status == "ole" and (work / "out").stat().st_size <= 2 * 1024 * 1024 + 1


@pytest.mark.parametrize("where", [".", "/tmp"])
def test_disk_filler_hits_the_scratch_cap_and_leaves_no_file(work, identity, where):
    token = uuid.uuid4().hex
    res, out = caged(work, identity=identity, code=f"""
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


def test_setsid_orphan_dies_with_the_run(work, identity):
    token = uuid.uuid4().hex
    res, _ = caged(work, identity=identity, code=f"""
        import os
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.execv("/bin/sleep", ["{token}", "600"])
            os._exit(0)
        print("bye")
    """)
    assert res.status == "ok" and host_processes_with(token) == []


def test_parent_killer_reaches_nothing_outside(work, identity):
    res, out = caged(work, identity=identity, code="""
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


def test_the_cages_init_cannot_be_reached_through_its_limits_or_its_proc_files(work, identity):
    # Rootless, the program and init share a uid: without the seccomp filter prlimit could lower init's
    # CPU limit and kill it (the run then ends in a sandbox error), and init's oom_score_adj was writable.
    res, out = caged(work, identity=identity, code="""
        import resource
        said = []
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))   # its own limits stay its own to lower
        said.append("own %d" % resource.prlimit(0, resource.RLIMIT_NOFILE)[0])
        try:
            resource.prlimit(1, resource.RLIMIT_CPU, (0, 0))
            said.append("prlimit done")
        except OSError as e:
            said.append("prlimit refused")
        try:
            with open("/proc/1/oom_score_adj", "w") as f:
                f.write("1000")
            said.append("oom done")
        except OSError as e:
            said.append("oom refused")
        print(";".join(said))
    """)
    assert res.status == "ok" and out.decode().strip() == "own 64;prlimit refused;oom refused"


def test_network_probe_cannot_reach_a_loopback_listener(work, identity):
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(1)
        server.settimeout(0.5)
        port = server.getsockname()[1]
        res, out = caged(work, identity=identity, code=f"""
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


def test_a_workers_runs_share_an_empty_network_namespace_they_cannot_configure(work, identity):
    # Root: one empty namespace per worker thread instead of one per run (~0.6 ms a run): never the host's,
    # only a loopback that stays down, and the next worker gets another. A plain user cannot join a
    # namespace it did not make with its user namespace: each of its runs gets a fresh one, as empty.
    from concurrent.futures import ThreadPoolExecutor

    def probe(tag: str) -> list[list[str]]:
        said = []
        for i in range(2):
            (work / tag / str(i)).mkdir(parents=True)
            said.append(caged(work / tag / str(i), _NETNS_PROBE, identity=identity)[1].decode().split())
        return said

    first = probe("a")
    with ThreadPoolExecutor(1) as pool:
        other = pool.submit(probe, "b").result()
    host = str(os.stat("/proc/self/ns/net").st_ino)
    assert first[0][1:] == first[1][1:] == other[0][1:] == ["refused", "1", "1"]   # EPERM; only lo is there
    assert host not in (first[0][0], first[1][0], other[0][0])
    if identity.name == "root":   # (a user's namespaces die with their runs: a later one may reuse the number)
        assert first[0][0] == first[1][0] and other[0][0] != first[0][0]


def test_compile_time_include_of_an_absolute_path_reads_nothing(work, identity):
    secret = work / "secret.txt"
    secret.write_text("TOPSECRET_7f3a\n")
    src = submit(work / "sub", f'#include "{secret}"\nint main() {{ return 0; }}\n', "a.c")
    if identity.driver is None:
        with pytest.raises(CompileError) as failed:
            prepare(src, work / "cache")
        message = failed.value.message
    else:
        message = identity.call(work, op="prepare", source=src, cache=work / "cache")["error"]
    assert "TOPSECRET_7f3a" not in message and "No such file" in message


def test_data_tamperer_and_answer_reader_change_and_learn_nothing(toy_built, work, identity):
    before = tree_digest(toy_built)
    tamperer = submit(work / "t", """
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
    _, cells = judged(identity, toy_built, tamperer)
    # WA, or TLE on a machine too busy to walk the cage in a second: never AC, never a changed byte
    assert all(v in (Verdict.WA, Verdict.TLE) for v, _ in cells), cells
    assert tree_digest(toy_built) == before

    reader = submit(work / "r", """
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
    _, cells = judged(identity, toy_built, reader)
    assert all(v in (Verdict.WA, Verdict.TLE) for v, _ in cells)
    assert all("found '0'" in m for v, m in cells if v is Verdict.WA), cells


def test_a_failing_programs_stderr_is_the_judge_note(toy_built, work, identity):
    crash = submit(work / "c", "import sys\nsys.stdin.read()\nraise ValueError('no luck \\x01 here')\n")
    verdict, cells = judged(identity, toy_built, crash)
    note = cells[0][1]
    assert verdict is Verdict.RE and "exit code 1" in note
    assert "Traceback" in note and "ValueError: no luck ? here" in note


@pytest.mark.parametrize(("code", "expected"), [
    ("while True: pass", Verdict.TLE),
    ("x = []\nwhile True: x.append(bytearray(1 << 20))", Verdict.MLE),
    ("x = bytearray(1 << 30)", Verdict.MLE),   # at once: rlimits see it at init's next look (every 10 ms)
    ("import sys\nwhile True: sys.stdout.write('x' * 65536)", Verdict.OLE),
])
def test_limit_breakers_get_their_verdicts_from_judge(toy_built, work, identity, code, expected):
    verdict, cells = judged(identity, toy_built, submit(work / "b", code))
    assert verdict is expected and cells[0][0] is expected, cells


def test_killing_ojpack_mid_judge_leaves_no_process_and_no_cgroup(toy_built, work, identity):
    token = uuid.uuid4().hex
    sleeper = submit(work / "s", f"""
        import os
        os.execv("/bin/sleep", ["{token}", "600"])
    """)
    identity.own(work)
    ojpack = Path(sys.executable).with_name("ojpack")
    argv, env = identity.command([str(ojpack), "judge", str(sleeper), "-p", str(toy_built), "--json"], work)
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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


def test_without_isolation_judge_stops_with_one_line_and_no_sandbox_runs_with_a_warning(toy, tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from ojpack.cli import app
    from ojpack.sandbox import set_isolation
    monkeypatch.setattr("ojpack.sandbox.isolation.isolation_problem",
                        lambda: "user namespaces are disabled: sysctl -w user.max_user_namespaces=15000")
    ok = submit(tmp_path / "ok", "a, b = map(int, input().split())\nprint(a + b)\n")
    try:
        refused = CliRunner().invoke(app, ["judge", str(ok), "-p", str(toy), "--json"])
        assert refused.exit_code != 0
        assert "user.max_user_namespaces" in str(refused.exception) and "--no-sandbox" in str(refused.exception)
        allowed = CliRunner().invoke(app, ["judge", str(ok), "-p", str(toy), "--json", "--no-sandbox"])
        assert allowed.exit_code == 0, allowed.output
        assert json.loads(allowed.stdout[allowed.stdout.index("{"):])["verdict"] == "AC"
    finally:
        set_isolation(True)
