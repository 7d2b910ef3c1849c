"""The sandbox's tests on a real cgroup v2 kernel: boots the distribution's kernel in a virtual machine
(virtme-ng over QEMU: the host's own files, read-only, with a throwaway overlay) and runs the hostile-program
suite there, as root and (the tests' own fixtures make one) as a plain user.

    .venv/bin/python bench/cgroup2_vm.py [--kvm] [--tests tests/sandbox/test_isolation.py ...] [--timeout S]

Needs, as root: `apt-get install qemu-system-x86 linux-image-amd64` and virtme-ng (`pip install virtme-ng`, in
any venv: give its `vng` by --vng or on PATH). Without --kvm it emulates (TCG): about 100 s to boot here and
everything 10-50x slower, but it runs on any host; --kvm is fast where nested KVM works (on this workplace's
machines the guest hangs at boot under KVM, so the default is emulation). Prints the kernel, the cgroup mount,
the limits mode ojpack chose, and pytest's summary; exits with pytest's status."""

from __future__ import annotations

import argparse
import glob
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_TESTS = ["tests/sandbox"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--kvm", action="store_true", help="use KVM instead of emulation")
    parser.add_argument("--vng", default=shutil.which("vng") or "/opt/vng-venv/bin/vng")
    parser.add_argument("--kernel", default=None, help="default: the newest /boot/vmlinuz-*")
    parser.add_argument("--tests", nargs="*", default=DEFAULT_TESTS)
    parser.add_argument("--timeout", type=float, default=3600)
    args = parser.parse_args()
    kernel = args.kernel or max(glob.glob("/boot/vmlinuz-*"), default=None)
    if kernel is None:
        sys.exit("no kernel: apt-get install linux-image-amd64")
    if not Path(args.vng).exists():
        sys.exit("no vng: pip install virtme-ng (and give --vng PATH)")
    python = REPO / ".venv" / "bin" / "python"
    script = " && ".join([
        "uname -r", "mount | grep cgroup", f"cd {shlex.quote(str(REPO))}",
        f"{python} -c 'from ojpack.sandbox import describe_mode; print(\"sandbox:\", describe_mode())' || true",
        f"{python} -m pytest -q -p no:cacheprovider {' '.join(shlex.quote(t) for t in args.tests)}",
    ])
    env_path = f"{Path(args.vng).parent}:/usr/sbin:/usr/bin:/sbin:/bin"
    cmd = [args.vng, "--run", kernel, "--memory", "4G", "--cpus", "2", "--overlay-rwdir", str(REPO.parent),
           *([] if args.kvm else ["--disable-kvm"]), "--exec", script]
    print("$", " ".join(shlex.quote(c) for c in cmd), flush=True)
    try:
        proc = subprocess.run(cmd, env={"PATH": env_path, "HOME": "/root", "TERM": "dumb"}, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        sys.exit(f"the VM did not finish within {args.timeout:.0f} s")
    sys.exit(proc.returncode)


if __name__ == "__main__":
    main()
