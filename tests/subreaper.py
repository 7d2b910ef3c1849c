"""A wrapper that becomes a child subreaper, runs a command to its end, then lists the processes left as its
children: anything the command left behind (alive, or exited but not reaped) comes to it instead of to the
host's init, which in a container may never reap it. Prints {"code", "out", "err", "left": [[pid, state, name]]}."""

WRAPPER = '''
import ctypes, json, os, subprocess, sys
from pathlib import Path
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)   # PR_SET_CHILD_SUBREAPER
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
left = []
for proc in Path("/proc").iterdir():
    try:
        if proc.name.isdigit():
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == os.getpid() and not (proc / "cmdline").read_bytes().startswith(b"ps"):
                left.append([proc.name, fields[0], (proc / "comm").read_text().strip()])
    except OSError:
        pass
print(json.dumps({"code": done.returncode, "out": done.stdout[-2000:], "err": done.stderr[-2000:], "left": left}))
'''
