"""task-maker's validator (`valida.py input_file subtask`, exit 0: valid) run as ojpack runs one (the input
on stdin, exit 42 / 43): an adapter beside it, told its subtask through the ST bound. A Python validator is
run by a Python adapter, a C++ one included by a C++ adapter."""

from __future__ import annotations

from ..polygon.testlib_run import plain, rerun

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


# A C++ validator the same way: kept byte for byte as a header included below, so its main is whatever the
# task wrote; before that main runs, the program runs itself again as task-maker runs it (`validator
# /dev/stdin subtask`, its stdout sent to stderr, where ojpack shows it) and maps what it did: exit 0 is
# valid (42); any other exit, or a crash (an assert), is invalid (43), as task-maker counts it.
CPP_ADAPTER = """\
// Written by `ojpack import`: runs the task-maker validator {origin} (kept byte for byte as {header}) as
// task-maker does, with ojpack's protocol (the input on stdin, exit 42 valid, 43 invalid). The subtask
// comes from the ST bound ojpack passes (ST=k..k); a test outside any subtask is told 0.
#include <cstdio>
#include <cstdlib>
#include <sys/wait.h>
#include <unistd.h>

namespace ojpack_italy {{
__attribute__((constructor)) void run_as_task_maker(int argc, char** argv) {{
    if (std::getenv("OJPACK_ITALY_VALIDATOR")) return;   // the second run: the task's validator itself
    static char subtask[24] = "0";
    for (int i = 1; i < argc; ++i) {{
        long lo = 0, hi = -1;
        if (std::sscanf(argv[i], "ST=%ld..%ld", &lo, &hi) == 2) std::snprintf(subtask, sizeof subtask, "%ld", lo);
    }}
    char input[] = "/dev/stdin";
    char* args[] = {{argv[0], input, subtask, nullptr}};
    setenv("OJPACK_ITALY_VALIDATOR", "1", 1);
{rerun}    _exit(code == 0 ? 42 : 43);
}}
}}  // namespace ojpack_italy

#include "{header}"
"""

TO_STDERR = "        dup2(2, 1);\n"


def cpp_adapter(origin: str, header: str) -> bytes:
    # A signal (an assert that failed) is invalid too: task-maker reads any failure of its validator so.
    return CPP_ADAPTER.format(origin=plain(origin), header=plain(header),
                              rerun=rerun(TO_STDERR, on_signal="43")).encode()
