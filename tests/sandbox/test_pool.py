"""Prepared cages (sandbox/pool.py): runs of one thread reuse one cage, and nothing of a run reaches the
next (files in /tmp, processes, SysV IPC, pids), as root and as a plain user (rootless). The hostile
programs of test_isolation.py and test_hostile.py run in prepared cages too: every caged run does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
import uuid
from pathlib import Path

import pytest

from ojpack.sandbox import RunLimits, run
from ojpack.sandbox.isolation import isolation_problem
from ojpack.sandbox.languages import real_python
from ojpack.sandbox.pool import KEEP, pooled_cages

from cage_identities import Identity, each_identity

pytestmark = pytest.mark.skipif(isolation_problem() is not None, reason=f"no sandbox here: {isolation_problem()}")

# Runs `argv` `times` times in this thread, then prints each run's status and output and the cages held.
SEQUENCE = '''
import json, os, sys
from pathlib import Path


def _has(proc, token):
    try:
        return bool(token) and proc.name != str(os.getpid()) and token.encode() in (proc / "cmdline").read_bytes()
    except OSError:
        return False


from ojpack.sandbox import RunLimits, cgroups, run
from ojpack.sandbox.pool import pooled_cages
req = json.loads(sys.argv[1])
folder = Path(req["folder"])
said, alive, tasks = [], [], []
for k in range(req["times"]):
    res = run(req["argv"], folder / "in", folder / f"out{k}", RunLimits(cpu=2.0, wall=10.0, memory_mib=128, output_mib=8),
              cgroup=req.get("cgroup"))
    # the moment run() returns: a process of the host still running with the token in its command line,
    # and the tasks still in the thread's v1 cgroups (0 without one)
    alive.append([p.name for p in Path("/proc").iterdir() if p.name.isdigit() and _has(p, req.get("token"))])
    cage = getattr(cgroups._local, "cage", None)
    tasks.append(cage._tasks() if cage else 0)
    said.append([res.status, (folder / f"out{k}").read_text()])
print(json.dumps({"runs": said, "cages": pooled_cages(), "alive": alive, "tasks": tasks}))
'''

# Looks for what an earlier run could have left, then leaves all of it for the next one.
LEAVER = '''
import ctypes, json, os
token = "{token}"
seen = {{"pid": os.getpid(), "tmp": sorted(os.listdir("/tmp")),
        "shm": open("/proc/sysvipc/shm").read().splitlines()[1:],
        "msg": open("/proc/sysvipc/msg").read().splitlines()[1:],
        "procs": sorted(int(p) for p in os.listdir("/proc") if p.isdigit())}}
print(json.dumps(seen), flush=True)
open("/tmp/left-" + token, "w").write("secret")
libc = ctypes.CDLL(None)
assert libc.shmget(0x5eed, 4096, 0o1000 | 0o666) >= 0     # IPC_CREAT
assert libc.msgget(0x5eed, 0o1000 | 0o666) >= 0
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execv("/bin/sleep", [token, "600"])
    os._exit(0)
'''


@pytest.fixture(scope="module", params=["root", "user"])
def identity(request) -> Identity:
    """Who runs the sandbox: root in this process, or a plain user (rootless cage) through a driver."""
    yield from each_identity(request.param, "ojpack-pool-driver-")


def in_one_thread(identity: Identity, folder: Path, argv: list[str], times: int, cgroup: bool | None = None,
                  token: str = "") -> dict:
    """SEQUENCE as the identity, in a process of its own (its pool starts empty)."""
    script = folder / "sequence.py"
    script.write_text(SEQUENCE)
    (folder / "in").write_bytes(b"")
    identity.own(folder)
    request = json.dumps({"argv": argv, "folder": str(folder), "times": times, "cgroup": cgroup, "token": token})
    command, env = identity.command([sys.executable, str(script), request], folder)
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def host_processes_with(token: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and token.encode() in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
        except OSError:
            pass
    return found


def test_one_threads_runs_share_a_prepared_cage_and_none_sees_what_the_last_left(identity, tmp_path):
    folder = identity.folder(tmp_path)
    token = uuid.uuid4().hex
    program = folder / "leaver.py"
    program.write_text(textwrap.dedent(LEAVER.format(token=token)))
    said = in_one_thread(identity, folder, [real_python(), "-S", str(program)], times=3)
    assert said["cages"] == 1
    first = json.loads(said["runs"][0][1].splitlines()[0])
    for status, out in said["runs"]:
        seen = json.loads(out.splitlines()[0])
        assert status == "ok"
        assert seen["pid"] == 2 and seen["procs"] == [1, 2]   # a fresh pid namespace: only init and itself
        # /tmp holds only the way to the bound program (under the host's /tmp here), never a run's file
        assert seen["tmp"] == first["tmp"] and not [n for n in seen["tmp"] if n.startswith("left-")]
        assert seen["shm"] == [] and seen["msg"] == []
    assert host_processes_with(token) == []


# Leaves a file in /tmp and a grandchild in a session of its own that holds none of the run's pipes (so
# the output's end does not wait for it), then ends at once.
QUIET_LEAVER = '''
import os, sys
token = sys.argv[1]
print(sorted(os.listdir("/tmp")), flush=True)
open("/tmp/left-" + token, "w").write("secret")
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        null = os.open("/dev/null", os.O_RDWR)
        for fd in range(3):
            os.dup2(null, fd)
        os.execv("/bin/sleep", [token, "600"])
    os._exit(0)
'''


@pytest.mark.parametrize("cgroup", [False, None])
def test_the_run_is_gone_when_run_returns(identity, tmp_path, cgroup):
    # A run is answered as soon as the run's init has killed and reaped its processes (and left the run's
    # cgroups, which only it and the program join), before the cage's own processes have exited (launch.c's
    # serve_one); the runs after the first are the spare keeper's and init's, made ahead. The grandchild it
    # left must already be dead when run() returns, the run's cgroups empty (ojpack reads and resets them
    # then), and the next run must not see its /tmp.
    folder = identity.folder(tmp_path)
    token = uuid.uuid4().hex
    program = folder / "quiet_leaver.py"
    program.write_text(QUIET_LEAVER)
    said = in_one_thread(identity, folder, [real_python(), "-S", str(program), token], times=3, cgroup=cgroup,
                         token=token)
    assert said["cages"] == 1
    assert said["alive"] == [[], [], []]
    assert said["tasks"] == [0, 0, 0]
    listings = [out.strip() for status, out in said["runs"] if status == "ok"]
    assert len(listings) == 3 and listings[0] == listings[1] == listings[2] and "left-" not in listings[0]


def test_a_source_replaced_between_runs_is_run_as_it_now_is(tmp_path):
    # A prepared cage shows the file it bound: a source saved anew by renaming (as editors do) must not
    # run as it was.
    program = tmp_path / "say.py"
    said = []
    for word in ("one", "two"):
        fresh = tmp_path / "say.new"
        fresh.write_text(f"print({word!r})\n")
        os.replace(fresh, program)
        res = run([real_python(), "-S", str(program)], Path(os.devnull), tmp_path / "out", RunLimits(cpu=2.0, wall=10.0, memory_mib=128, output_mib=8))
        said.append((res.status, (tmp_path / "out").read_text().strip()))
    assert said == [("ok", "one"), ("ok", "two")]


def test_a_thread_keeps_at_most_KEEP_prepared_cages(tmp_path):
    for k in range(KEEP + 2):
        program = tmp_path / f"p{k}.py"
        program.write_text(f"print({k})\n")
        res = run([real_python(), "-S", str(program)], Path(os.devnull), tmp_path / "out", RunLimits(cpu=2.0, wall=10.0, memory_mib=128, output_mib=8))
        assert res.status == "ok" and (tmp_path / "out").read_text().strip() == str(k)
    assert pooled_cages() == KEEP


def test_a_prepared_cage_killed_while_it_waits_is_replaced(tmp_path):
    from ojpack.sandbox import pool

    program = tmp_path / "say.py"
    program.write_text("print('here')\n")
    argv = [real_python(), "-S", str(program)]
    limits = RunLimits(cpu=2.0, wall=10.0, memory_mib=128, output_mib=8)
    assert run(argv, Path(os.devnull), tmp_path / "out", limits).status == "ok"
    for prepared in pool._cages().values():
        os.kill(prepared.pid, 9)
        while Path(f"/proc/{prepared.pid}/stat").read_text().split(")")[1].split()[0] != "Z":
            time.sleep(0.01)   # gone (a zombie until the pool reaps it)
    res = run(argv, Path(os.devnull), tmp_path / "out", limits)
    assert res.status == "ok" and (tmp_path / "out").read_text() == "here\n"



def _parent(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def _comm(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def _stop_when_seen(token: str, hops: int, stopped: list[int]) -> None:
    """SIGSTOP the ancestor `hops` up from the program whose command line holds `token` (1: the run's init,
    its parent; 2: a pooled run's keeper, init's parent), once it shows."""
    import signal

    for _ in range(2000):   # the sleep itself (a one-shot cage's helper names it in its command line too)
        for pid in (p for p in host_processes_with(token) if _comm(p) == "sleep"):
            for _ in range(hops):
                pid = _parent(pid)
            os.kill(pid, signal.SIGSTOP)
            stopped.append(pid)
            return
        time.sleep(0.005)


def _go_on(stopped: list[int]) -> None:
    import signal

    for pid in stopped:
        os.kill(pid, signal.SIGCONT)


def test_a_cage_still_ending_its_last_run_keeps_the_next_request(tmp_path):
    # A run is answered once its init has reported, before its keeper and init have exited (launch.c's
    # serve_one), so ojpack's next request may wait in the socket while that teardown goes on. A loaded
    # machine can stretch it past the backstop alarm, which once ended the cage with the request unread. A
    # stopped keeper stands in for that load here: once it goes on, the next run must be served, by the
    # same cage (this thread's).
    import threading

    from ojpack.sandbox import pool

    token = f"0.3{uuid.uuid4().int % 10**8:08d}"   # a sleep this long names the run's program on the host
    limits = RunLimits(cpu=1.0, wall=1.0, memory_mib=128, output_mib=8)
    assert run(["/bin/echo", "warm"], Path(os.devnull), tmp_path / "out", limits).status == "ok"
    stopped: list[int] = []
    stopper = threading.Thread(target=_stop_when_seen, args=(token, 2, stopped))
    stopper.start()
    later = None
    try:
        assert run(["/bin/sleep", token], Path(os.devnull), tmp_path / "out", limits).status == "ok"
        stopper.join()
        assert stopped, "the run's keeper was never seen"
        cage = next(reversed(pool._cages().values()))   # the one used last
        later = threading.Timer(5, _go_on, (stopped,))   # past the backstop of old (wall + 3 s)
        later.start()
        res = run(["/bin/echo", "next"], Path(os.devnull), tmp_path / "next", limits)
    finally:
        stopper.join()
        if later is None:
            _go_on(stopped)
        else:
            later.join()
    assert res.status == "ok" and (tmp_path / "next").read_text() == "next\n"
    assert next(reversed(pool._cages().values())).pid == cage.pid


@pytest.mark.parametrize("pooled", ["1", "0"])
def test_a_run_whose_init_stalls_past_its_wall_limit_ends_as_a_time_out(tmp_path, monkeypatch, pooled):
    # A loaded VM can stall every process for seconds (the clean-clone suite saw runs of 0.02 s CPU time
    # out on their wall). A stopped init stands in for that: once it goes on, it must find the wall limit
    # passed and end the run as a time-out, not have the cage's backstop end the cage first (which failed
    # the whole check with "sandbox: the pooled cage ended").
    import threading

    monkeypatch.setenv("OJPACK_CAGE_POOL", pooled)
    token = f"30.{uuid.uuid4().int % 10**8:08d}"
    limits = RunLimits(cpu=1.0, wall=1.0, memory_mib=128, output_mib=8)
    stopped: list[int] = []
    stopper = threading.Thread(target=_stop_when_seen, args=(token, 1, stopped))
    stopper.start()
    later = threading.Timer(5, lambda: (stopper.join(), _go_on(stopped)))   # past the backstop of old
    later.start()
    try:
        res = run(["/bin/sleep", token], Path(os.devnull), tmp_path / "out", limits)
    finally:
        later.join()
    assert stopped and res.status == "tle"

FORKS = """
import os, time
n = 0
try:
    while n < 50:
        if os.fork() == 0:
            time.sleep(2)
            os._exit(0)
        n += 1
except OSError:
    pass
print(n)
"""


@pytest.mark.parametrize("cgroup", [True, False])
def test_a_prepared_cage_gives_the_same_process_cap_as_a_one_shot_cage(tmp_path, monkeypatch, cgroup):
    # Rootless, its keeper shares the run's uid (RLIMIT_NPROC): the cap must count it apart. Its init joins
    # the run's cgroup as a one-shot cage's does, the keeper never.
    program = tmp_path / "forks.py"
    program.write_text(FORKS)
    limits = RunLimits(cpu=2.0, wall=10.0, memory_mib=256, output_mib=8, processes=8)
    forked = []
    # twice pooled: the second run is the spare keeper's and init's made ahead (launch.c)
    for pooled in ("1", "1", "0"):
        monkeypatch.setenv("OJPACK_CAGE_POOL", pooled)
        res = run([real_python(), "-S", str(program)], Path(os.devnull), tmp_path / "out", limits, cgroup=cgroup)
        assert res.status == "ok"
        forked.append(int((tmp_path / "out").read_text()))
    assert forked[0] == forked[1] == forked[2] <= 8


# os.close(1), not sys.stdout.close(): Python's standard streams never close their descriptor, so the pipe would
# stay open until the exit, and the reader would only race the run's report to see its EOF first.
UPPER_THEN_LINGER = """
import os, sys, time
sys.stdout.write(sys.stdin.read().upper())
sys.stdout.flush()
os.close(1)
time.sleep(2)
"""


@pytest.mark.parametrize("cgroup", [False, None])
def test_a_spare_cage_hands_pipe_ends_over_alone(tmp_path, cgroup):
    # The second run of a cage is its spare's (launch.c), whose init got the run's pipe
    # ends over a socket: the partner must still see EOF when the program closes its end, not when the
    # run ends (no copy of it left in the keeper, the init or the pool).
    import threading

    from ojpack.sandbox import pool

    program = tmp_path / "upper.py"
    program.write_text(UPPER_THEN_LINGER)
    limits = RunLimits(cpu=2.0, wall=10.0, memory_mib=128, output_mib=8)
    cages = []
    for word in ("first", "second"):
        in_r, in_w = os.pipe()
        out_r, out_w = os.pipe()
        done = threading.Event()
        seen: dict = {}

        def read() -> None:
            with open(out_r, "rb") as f:
                seen["text"] = f.read()
            seen["before_the_end"] = not done.is_set()

        reader = threading.Thread(target=read)
        reader.start()

        def spawned() -> None:
            os.close(in_r)
            os.close(out_w)

        os.write(in_w, word.encode())
        os.close(in_w)
        res = run([real_python(), "-S", str(program)], in_r, out_w, limits, cgroup=cgroup, spawned=spawned)
        done.set()
        reader.join()
        assert res.status == "ok"
        assert seen == {"text": word.upper().encode(), "before_the_end": True}
        cages.append({kept.pid for kept in pool._cages().values()})
    assert cages[0] == cages[1]   # the second run was the first one's cage's (its spare's)
