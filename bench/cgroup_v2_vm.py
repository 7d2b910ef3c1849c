"""Opt-in: the sandbox's cgroup v2 modes on a real cgroup-v2-only kernel, booted with virtme-ng.

    .venv/bin/python bench/cgroup_v2_vm.py [--kernel /boot/vmlinuz-...] [--vng PATH] [--no-kvm]

The host needs qemu and virtme-ng (`pip install virtme-ng` into a venv of its own; not a dependency of
ojpack) and a kernel image; the guest sees this machine's files read-only, with a tmpfs /tmp. Inside, as
root, it checks that the mode is "root, limits by cgroup v2" and runs a few programs through the cage (an
MLE by growth, an MLE in one allocation, a fork bomb against pids.max, an orphan whose CPU only cpu.stat
sees); then it delegates a cgroup to a plain user (as systemd's Delegate=yes would) and runs the same as
that user, where the mode must be "rootless, limits by cgroup v2". Prints one PASS/FAIL line per check and
the time per run; exits non-zero on a failure. Booting without KVM (--no-kvm, or where nested KVM fails)
takes a minute or two."""

from __future__ import annotations

import argparse
import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

USER = "ojpack-cage-test"
PROGRAMS = {
    "ok": ("print(sum(range(10 ** 5)))", {}),
    # (CPU limits generous: without KVM, filling 100 MiB takes seconds of emulated CPU)
    "grow": ("x = []\nwhile True: x.append(bytearray(1 << 20))", {"memory_mib": 64, "cpu": 60.0, "wall": 120.0}),
    "at_once": ("x = bytearray(1 << 30)\nprint(len(x))", {"memory_mib": 64, "cpu": 60.0, "wall": 120.0}),
    "fork_bomb": ("""
        import os, time
        n = 0
        try:
            while n < 1000:
                if os.fork() == 0:
                    time.sleep(600)
                    os._exit(0)
                n += 1
        except OSError:
            pass
        print(n)
    """, {"processes": 16}),
    "orphan_cpu": ("""
        import os, time
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                end = time.time() + 0.6
                while time.time() < end:
                    pass
            os._exit(0)
        time.sleep(0.9)
    """, {"cpu": 60.0, "wall": 120.0}),
}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", default=_newest_kernel())
    ap.add_argument("--vng", default=shutil.which("vng") or "vng")
    ap.add_argument("--no-kvm", action="store_true")
    ap.add_argument("--inside", choices=["root", "user"], help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.inside:
        return _inside(args.inside)
    here = [sys.executable, str(Path(__file__).resolve()), "--inside", "root"]
    cmd = [args.vng, "--run", args.kernel, "--memory", "2G", "--cpus", "2", *(["--disable-kvm"] if args.no_kvm else []),
           "--", " ".join(here)]
    env = {**os.environ, "PATH": f"{Path(args.vng).parent}:{os.environ.get('PATH', '')}"}
    return subprocess.run(cmd, env=env).returncode


def _newest_kernel() -> str:
    images = sorted(Path("/boot").glob("vmlinuz-*"))
    return str(images[-1]) if images else ""


def _run_all(folder: Path) -> dict[str, dict]:
    from ojpack.sandbox import RunLimits, run
    from ojpack.sandbox.languages import real_python

    said = {}
    for name, (code, limits) in PROGRAMS.items():
        src = folder / f"{name}.py"
        src.write_text(textwrap.dedent(code))
        (folder / "in").write_bytes(b"")
        start = time.perf_counter()
        res = run([real_python(), "-S", str(src)], folder / "in", folder / f"{name}.out",
                  RunLimits(**{"cpu": 2.0, "wall": 10.0, "memory_mib": 128, "output_mib": 8, **limits}),
                  stderr=folder / f"{name}.err")
        said[name] = {"status": res.status, "cpu": res.cpu, "memory_mib": res.memory_mib,
                      "out": (folder / f"{name}.out").read_text().strip(), "seconds": time.perf_counter() - start}
    return said


def _inside(who: str) -> int:
    from ojpack.sandbox import sandbox_mode

    folder = Path(tempfile.mkdtemp(prefix="ojpack-v2-"))
    os.environ.setdefault("OJPACK_CACHE_HOME", str(folder / "cache"))
    if who == "user":   # the driver half: print JSON for root's half to judge
        print(json.dumps({"mode": sandbox_mode().describe(), "runs": _run_all(folder)}))
        return 0
    failures = _judge("root", sandbox_mode().describe(), _run_all(folder), "sandbox: root, limits by cgroup v2")
    entry = pwd.getpwnam(USER)
    deleg = Path("/sys/fs/cgroup/ojpack-delegated")
    deleg.mkdir(exist_ok=True)
    Path("/sys/fs/cgroup/cgroup.subtree_control").write_text("+memory +pids")
    for p in (deleg, *(deleg / n for n in ("cgroup.procs", "cgroup.subtree_control", "cgroup.threads"))):
        os.chown(p, entry.pw_uid, entry.pw_gid)
    home = Path(tempfile.mkdtemp(prefix="ojpack-v2-user-"))
    os.chown(home, entry.pw_uid, entry.pw_gid)
    shell = ("echo $$ > /sys/fs/cgroup/ojpack-delegated/cgroup.procs && exec setpriv "
             f"--reuid={entry.pw_uid} --regid={entry.pw_gid} --clear-groups -- "
             f"{sys.executable} {Path(__file__).resolve()} --inside user")
    done = subprocess.run(["sh", "-c", shell], capture_output=True, text=True, cwd=home,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(home), "TMPDIR": str(home)})
    if done.returncode != 0:
        print(f"FAIL user: {done.stderr.strip()[-500:]}")
        return 1
    user = json.loads(done.stdout.strip().splitlines()[-1])
    failures += _judge("user", user["mode"], user["runs"], "sandbox: rootless, limits by cgroup v2")
    return 1 if failures else 0


def _judge(who: str, mode: str, runs: dict[str, dict], want: str) -> int:
    checks = [
        ("mode", mode == want, mode),
        ("ok run", runs["ok"]["status"] == "ok" and runs["ok"]["cpu"] > 0, runs["ok"]),
        ("MLE by growth", runs["grow"]["status"] == "mle", runs["grow"]),
        ("MLE at once", runs["at_once"]["status"] == "mle", runs["at_once"]),
        ("fork bomb held by pids.max", runs["fork_bomb"]["status"] == "ok" and int(runs["fork_bomb"]["out"] or 99) < 16,
         runs["fork_bomb"]),
        ("an orphan's CPU counted (cpu.stat)", runs["orphan_cpu"]["cpu"] >= 0.4, runs["orphan_cpu"]),
    ]
    for name, passed, detail in checks:
        print(f"{'PASS' if passed else 'FAIL'} {who}: {name}: {detail}")
    later = [r["seconds"] for name, r in runs.items() if name != "ok"]   # the first one also builds the helper
    print(f"{who}: {sum(later) / len(later):.1f} s per run of the others (emulated CPU without KVM)")
    return sum(not passed for _, passed, _ in checks)


if __name__ == "__main__":
    sys.exit(main())
