"""task-maker's validator (`valida.py input_file subtask`, exit 0: valid) run as ojpack runs one (the input
on stdin, exit 42 / 43): an adapter beside it, told its subtask through the ST bound."""

from __future__ import annotations

ADAPTER = '''\
# Written by `ojpack import`: runs {name} as task-maker does (the input's path and the subtask's number, from
# 1; exit 0 for a valid input) with ojpack's protocol (the input on stdin, exit 42 valid, 43 invalid). The
# subtask comes from the ST bound ojpack passes (ST=k..k); a test outside any subtask is told 0.
import os
import runpy
import sys

here = os.path.dirname(os.path.abspath(__file__))
subtask = next((a[3:].split("..")[0] for a in sys.argv[1:] if a.startswith("ST=")), "0")
sys.path.insert(0, here)
sys.argv = [os.path.join(here, {name!r}), "/dev/stdin", subtask]
real = sys.stdout
sys.stdout = sys.stderr   # ojpack reads the validator's stdout as its features
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
    valid = True
except SystemExit as e:
    valid = e.code in (None, 0)
except Exception as e:   # an assertion that failed: the input is invalid, and this is why
    print(f"{{type(e).__name__}}: {{e}}", file=sys.stderr)
    valid = False
sys.stdout.flush()
sys.stdout = real
sys.exit(42 if valid else 43)
'''


def adapter(name: str) -> bytes:
    return ADAPTER.format(name=name).encode()
