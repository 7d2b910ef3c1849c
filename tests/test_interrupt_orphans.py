"""The command line adopts what its helpers orphan and reaps every child before it exits (interrupt.py's
`_adopt_orphans` and `end_children`): nothing it started is left to an outer subreaper, which may never reap it."""

from __future__ import annotations

import json
import subprocess
import sys

from subreaper import WRAPPER

# A child that leaves a grandchild behind (as a pooled cage's keeper can when its helper ends first), and one
# child still running at the end.
INNER = '''
import subprocess, time
from ojpack.interrupt import end_children, install
install()
subprocess.run(["sh", "-c", "sleep 30 & exit 0"])   # the sleep's parent ends at once: an orphan
subprocess.Popen(["sleep", "30"])                     # never waited for
start = time.monotonic()
print(end_children(), round(time.monotonic() - start, 1))
'''


def test_orphans_and_children_are_reaped_before_the_exit() -> None:
    done = subprocess.run([sys.executable, "-c", WRAPPER, sys.executable, "-c", INNER],
                          capture_output=True, text=True, timeout=60)
    report = json.loads(done.stdout)
    ended, seconds = report["out"].split()
    assert ended == "2", report   # the adopted orphan and the child
    assert float(seconds) < 2.0   # SIGTERM ends them: no wait for the grace
    assert report["left"] == [], report
