"""The warm Python (sandbox/pywarm.py, launch.c with pywarm.c): a caged Python run in the pooled cage's started
interpreter ends exactly as the same run exec'd cold (OJPACK_WARM_PYTHON=0): its verdict, exit status, signal,
standard output and standard error (tracebacks included), with what the program sees of itself (argv, sys.path,
flags, modules, environment, streams, signals, limits) the same. Runs as root only: a plain user's runs are
never warm (pywarm.warm_for)."""

from __future__ import annotations

import os
import re
import textwrap
from pathlib import Path

import pytest

from ojpack.sandbox import RunLimits, run
from ojpack.sandbox.isolation import isolation_problem
from ojpack.sandbox.languages import real_python
from ojpack.sandbox.pywarm import warm_python

pytestmark = [
    pytest.mark.skipif(isolation_problem() is not None, reason=f"no sandbox here: {isolation_problem()}"),
    pytest.mark.skipif(os.geteuid() != 0, reason="warm runs are root's"),
    pytest.mark.skipif(warm_python() is None, reason="no libpython and headers for {python} here"),
]

LIMITS = RunLimits(cpu=5.0, wall=20.0, memory_mib=256, output_mib=8)

# What a program sees of its interpreter, but /proc/self/exe (the helper, warm) and the hash seed.
PROBE = r'''
import json, os, resource, signal, sys
print(json.dumps({
    "argv": sys.argv, "orig_argv": sys.orig_argv, "path": sys.path, "executable": sys.executable,
    "prefix": [sys.prefix, sys.base_prefix, sys.exec_prefix], "flags": str(sys.flags), "modules": sorted(sys.modules),
    "builtins": sys.builtin_module_names, "environ": dict(os.environ), "cwd": os.getcwd(), "ids": os.getresuid(),
    "streams": [(s.encoding, s.errors, s.line_buffering, s.write_through, s.mode, s.name, s.buffer.raw.name,
                 type(s.buffer).__name__, s.buffer.raw.isatty()) for s in (sys.stdin, sys.stdout, sys.stderr)],
    "originals": [sys.__stdin__ is sys.stdin, sys.__stdout__ is sys.stdout, sys.__stderr__ is sys.stderr],
    "signals": {n: str(signal.getsignal(getattr(signal, n))) for n in dir(signal)
                if n.startswith("SIG") and "_" not in n and n not in ("SIGKILL", "SIGSTOP")},
    "blocked": sorted(signal.pthread_sigmask(signal.SIG_BLOCK, [])), "fds": sorted(os.listdir("/proc/self/fd")),
    "main": sorted(globals()), "file": __file__, "loader": type(__loader__).__name__, "spec": repr(__spec__),
    "limits": [resource.getrlimit(getattr(resource, n)) for n in ("RLIMIT_STACK", "RLIMIT_AS", "RLIMIT_CPU",
                                                                  "RLIMIT_FSIZE", "RLIMIT_CORE", "RLIMIT_NPROC")],
    "cycle_del": "class D:\n    def __del__(self):\n        print('del', self.n)\n"
                 "a, b = D(), D()\na.n, b.n, a.other, b.other = 1, 2, b, a\ndel b\n",
    "unclosed": "import os\nf = open(os.path.join(os.path.dirname(__file__), 'made', 'f'), 'w')\nf.write('kept')\n",
    "recursion": sys.getrecursionlimit(), "stdin": sys.stdin.read(), "umask": os.umask(0o22),
}, sort_keys=True))
'''

# The pre-imported modules (pywarm_boot.py): sys.modules, in order, what the modules hold, as a cold start's.
SEEN = r"""
def seen(before):
    import sys
    cache = sorted(k for k in sys.path_importer_cache if k.startswith(sys.prefix))
    print([m for m in sys.modules if m not in before], cache)
"""
IMPORTS = {
    "statements": SEEN + r"""
import sys
before = list(sys.modules)
import json, operator, re
from dataclasses import dataclass, field
from functools import reduce
import collections
print(hasattr(collections, 'abc'), hasattr(collections, 'OrderedDict'))
from collections import abc
print(hasattr(collections, 'abc'), abc is sys.modules['collections.abc'], json.decoder.re is re)
print(sys.modules['json'] is json, json.scanner is sys.modules['json.scanner'])
for m in (json, json.decoder, re, abc, operator, sys.modules['importlib']):
    spec = m.__spec__
    print(m.__name__, spec.name, spec.origin, spec.submodule_search_locations, spec.cached, spec.parent,
          type(spec.loader).__name__, m.__loader__ is spec.loader, getattr(m, '__file__', None), m.__package__)
seen(before)
import _frozen_importlib, _frozen_importlib_external, importlib
print(_frozen_importlib.__name__, _frozen_importlib_external.__name__, importlib._bootstrap is _frozen_importlib)
@dataclass
class P:
    x: int
    y: list = field(default_factory=list)
print(P(1), json.dumps({'a': [1, 2]}), reduce(operator.add, [1, 2, 3]))
""",
    "untouched": SEEN + r"""
import sys, _frozen_importlib
print(_frozen_importlib.__name__, hasattr(_frozen_importlib, '__file__'))
if len(sys.argv) > 5:
    import json, typing, argparse
seen([])
""",
    "ways": SEEN + r"""
import sys, importlib
before = list(sys.modules)
d = importlib.import_module('json.decoder')
from json import decoder
import os.path
t = __import__('typing')
from importlib import util
found = util.find_spec('argparse')
print(found.name, found.origin, found.has_location, found.cached, found.parent, d is decoder)
print(t is sys.modules['typing'])
seen(before)
import argparse
print(type(argparse.__spec__.loader).__name__, argparse.__spec__.origin, argparse.ArgumentParser().prog)
seen(before)
""",
    "reload": SEEN + r"""
import sys, importlib, json, typing
before = list(sys.modules)
dumps = json.dumps
importlib.reload(json)
print(json.dumps is dumps, json.__spec__.origin, type(json.__loader__).__name__)
del sys.modules['re']
import string
print(string._re is json.decoder.re, string._re is sys.modules['re'])
del sys.modules['collections']
import collections
print(collections is typing.collections, collections.OrderedDict is typing.collections.OrderedDict)
seen(before)
""",
    # a module of the script's folder named as a standard one: the script's, as cold (and what imports it)
    "shadowed": SEEN + r"""
import sys
import json, string
import collections
print(string.X, json.dumps(1), collections._iskeyword('x'), collections._iskeyword('if'))
seen([])
""",
}
# How a run ends (pywarm.c's fast exit, or the whole Py_FinalizeEx where the fast one could not do the same):
# finalizers, exit handlers, threads, flushes, exit statuses.
DEL = "class D:\n    def __init__(self, n):\n        self.n = n\n    def __del__(self):\n        print('del', self.n)\n"
UNCLOSED = "import os\nf = open(os.path.join(os.path.dirname(__file__), 'made', 'f'), 'w')\nf.write('%s')\n"
EXITS = {
    "unclosed_helper": "import helper\nprint('main')\n",
    "del_globals": DEL + "x = D(1)\ny = D(2)\n_z = D(3)\nl = [D(4), D(5)]\nprint('end')\n",
    "del_cycle": DEL + "a, b = D(1), D(2)\na.b, b.a = b, a\nc = D(3)\nc.c = c\ndel c\nkept = D(4)\n",
    "del_module": "import helper\nobj = helper.D('main')\nprint('end')\n",
    "del_gc_off": "import gc\ngc.disable()\n" + DEL + "a, b = D(1), D(2)\na.b, b.a = b, a\n",
    "del_raises": "class D:\n    def __del__(self):\n        raise ValueError('boom')\nd = D()\nprint('end')\n",
    "del_imports": DEL.replace("print(", "import os; print(os.sep, ") + "d = D(1)\n",
    "atexit": "import atexit, sys\natexit.register(print, 'first')\natexit.register(print, 'second')\n"
              "atexit.register(lambda: 1 / 0)\nsys.stdout.write('no newline')\n",
    "finalize": "import weakref\nclass A:\n    pass\na, b = A(), A()\nweakref.finalize(a, print, 'at exit')\n"
                "weakref.finalize(b, print, 'b dies').atexit = False\nr = weakref.ref(a, lambda r: print('callback'))\n",
    "thread_late": "import threading, time\ndef f():\n    time.sleep(0.2)\n    print('late')\n"
                   "threading.Thread(target=f).start()\nprint('main done')\n",
    "thread_daemon": "import threading, time\ndef f():\n    print('daemon', flush=True)\n    while True:\n"
                     "        time.sleep(0.01)\nthreading.Thread(target=f, daemon=True).start()\ntime.sleep(0.1)\n"
                     "print('main done')\n",
    "closed_stdout": "import os\nprint('x')\nos.close(1)\n",
    "stringio": "import sys, io\nsys.stdout = io.StringIO()\nprint('hidden')\nsys.__stdout__.write('real\\n')\n",
    # Py_FinalizeEx puts sys.__stdout__ back before the modules' teardown: the __del__'s print is not upper-case
    "writer": "import sys\nclass W:\n    def __init__(self, f):\n        self.f = f\n    def write(self, s):\n"
              "        return self.f.write(s.upper())\n    def flush(self):\n        self.f.write('[flush]')\n"
              "sys.stdout = W(sys.stdout)\nprint('hello')\n" + DEL + "d = D(1)\n",
    "stdin": "import sys, io\nsys.stdin = io.StringIO('a')\n" + DEL + "d = D(1)\n",
    "signal": "import signal\nsignal.signal(signal.SIGTERM, lambda *a: None)\n" + DEL + "d = D(1)\n",
    "large": "import sys\nsys.stdout.write('x' * 300000)\n" + DEL + "d = D(1)\n",
    "sys_exit": "import atexit, sys\natexit.register(print, 'atexit')\n" + DEL + "d = D(1)\n"
                "def f():\n    e = D(2)\n    sys.exit(4)\nf()\n",
    "sys_exit_message": DEL + "d = D(1)\nprint(__file__ is not None)\nraise SystemExit('message')\n",
    # a standard (startup) module holding the run's objects: reached only by the whole teardown
    "held": "import os\n" + DEL + "os.held = D('held')\nd = D(1)\n"
            + UNCLOSED.replace("import os\nf", "os.f").replace("f.write", "os.f.write") % "held",
}
# Files beside a program's own (each bound in the cage too).
BESIDE = {"imports_shadowed": {"string.py": "X = 'mine'\n",
                               "keyword.py": "print('my keyword')\nkwlist = []\ndef iskeyword(s):\n"
                                             "    return s == 'x'\n"},
          "exit_unclosed_helper": {"helper.py": UNCLOSED % "helper"},
          "exit_del_module": {"helper.py": DEL + "kept = D('helper')\n"}}

PROGRAMS = {
    "probe": PROBE,
    "exit_code": "import sys\nprint('out')\nsys.exit(3)\n",
    # what ps and pgrep -f see (the area behind the argv is the pool's, longer: its tail is NULs)
    "cmdline": "print(open('/proc/self/cmdline', 'rb').read().rstrip(b'\\0').split(b'\\0'))\n"
               "print(open('/proc/self/comm').read())\n",
    "exit_message": "import sys\nsys.exit('bad input')\n",
    "exit_none": "raise SystemExit(None)\n",
    "site_exit": "print('x', end='')\nexit(5)\n",
    "os_exit": "import os, sys\nsys.stdout.write('lost')\nos._exit(7)\n",
    "traceback": "def f(n):\n    return 1 // n\n\nprint('before')\nf(0)\n",
    "syntax": "print('never'\n",
    "interrupt": "raise KeyboardInterrupt\n",
    "eof": "print(input())\nprint(input())\n",
    "unflushed": "import sys, atexit\natexit.register(lambda: print('atexit'))\n"
                 "class D:\n    def __del__(self):\n        print('del')\nd = D()\nsys.stdout.write('no newline')\n",
    "cycle_del": "class D:\n    def __del__(self):\n        print('del', self.n)\n"
                 "a, b = D(), D()\na.n, b.n, a.other, b.other = 1, 2, b, a\ndel b\n",
    "unclosed": "import os\nf = open(os.path.join(os.path.dirname(__file__), 'made', 'f'), 'w')\nf.write('kept')\n",
    "recursion": "import sys, functools\nsys.setrecursionlimit(10**6)\n@functools.lru_cache(None)\n"
                 "def f(n):\n    return 0 if n == 0 else f(n - 1) + 1\nprint(f(300000))\n",   # ~180 MiB of stack
    "thread": "import threading, sys\nsys.setrecursionlimit(10**6)\nthreading.stack_size(200 * 2**20)\n"
              "def f(n):\n    return 0 if n == 0 else 1 + f(n - 1)\nout = []\n"
              "t = threading.Thread(target=lambda: out.append(f(100000)))\nt.start()\nt.join()\nprint(out)\n",
    # a thread's default stack is the stack rlimit at the program's start (glibc): here the memory limit
    "thread_default": "import threading, sys, functools\nsys.setrecursionlimit(10**6)\n@functools.lru_cache(None)\n"
                      "def f(n):\n    return 0 if n == 0 else f(n - 1) + 1\nout = []\n"
                      "t = threading.Thread(target=lambda: out.append(f(60000)))\nt.start()\nt.join()\nprint(out)\n",
    "fork": "import os\npid = os.fork()\nif pid == 0:\n    print('child', flush=True)\n    os._exit(4)\n"
            "_, status = os.waitpid(pid, 0)\nprint('parent', os.waitstatus_to_exitcode(status))\n",
    "memory": "x = bytearray(400 * 2**20)\nprint(len(x))\n",
    "time": "while True:\n    pass\n",
    "flood": "import sys\nwhile True:\n    sys.stdout.write('x' * 65536)\n",
    "read_all": "import sys\ndata = sys.stdin.buffer.read()\nprint(len(data), sys.stdin.read() == '')\n",
    **{f"imports_{k}": v for k, v in IMPORTS.items()},
    **{f"exit_{k}": v for k, v in EXITS.items()},
}

INPUTS = {"eof": "only one line\n", "read_all": "1 2 3\n" * 1000}
# The stack's rlimit is the memory limit: deeper than the ~128 MiB a pool exec'd with an 8 MiB stack rlimit
# leaves between its stack and its mappings (see pywarm.c's warm_exec).
MEMORY = {"recursion": 512}


def _run(tmp: Path, name: str, warm: bool, monkeypatch: pytest.MonkeyPatch) -> tuple:
    folder = tmp / name
    folder.mkdir(exist_ok=True)
    script = folder / "sol.py"
    if not script.exists():   # written once: a rewritten file gets a cage of its own (pool._identities)
        script.write_text(textwrap.dedent(PROGRAMS[name]))
        (folder / "in").write_text(INPUTS.get(name, "the input\n"))
        (folder / "made").mkdir()
        os.chmod(folder / "made", 0o777)
        for file, text in BESIDE.get(name, {}).items():
            (folder / file).write_text(text)
    made = folder / "made" / "f"
    made.unlink(missing_ok=True)
    monkeypatch.setenv("OJPACK_WARM_PYTHON", "1" if warm else "0")
    tag = "warm" if warm else "cold"
    cpu = 1.0 if name == "time" else 5.0   # the endless loop uses its whole limit, three times
    limits = RunLimits(cpu=cpu, wall=4 * cpu, memory_mib=MEMORY.get(name, 256), output_mib=8)
    res = run([real_python(), str(script), "an arg", "-x"], folder / "in", folder / f"out.{tag}", limits,
              stderr=folder / f"err.{tag}", readable=[script, *(folder / f for f in BESIDE.get(name, {}))],
              writable=[folder / "made"])
    out = (folder / f"out.{tag}").read_bytes()[:4096]
    left = made.read_bytes() if made.exists() else None   # a file the program left open at its exit
    # at a time limit, the cage's watcher or the CPU rlimit's backstop (SIGXCPU) may end it first: either is TLE
    ended = None if res.status == "tle" else (res.exit_code, res.signal)
    err = re.sub(rb" at 0x[0-9a-f]+>", b" at 0x...>", (folder / f"err.{tag}").read_bytes()[:4096])   # __del__'s
    return res.status, ended, out, err, left


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_warm_run_ends_as_a_cold_one(tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    cold = _run(tmp_path, name, False, monkeypatch)
    for _ in range(2):   # the pool's first run asking starts the interpreter; the next ones are its forks
        warm = _run(tmp_path, name, True, monkeypatch)
    assert warm == cold


@pytest.mark.parametrize("name", sorted(f"exit_{k}" for k in EXITS))
def test_warm_run_without_the_fast_exit_ends_as_a_cold_one(tmp_path: Path, name: str,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """OJPACK_WARM_EXIT=0: the whole Py_FinalizeEx at a warm run's end (what the fast exit is compared with)."""
    monkeypatch.setenv("OJPACK_WARM_EXIT", "0")
    cold = _run(tmp_path, name, False, monkeypatch)
    for _ in range(2):
        warm = _run(tmp_path, name, True, monkeypatch)
    assert warm == cold


def test_warm_runs_are_forks_of_the_interpreter(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison above means something only if the warm runs really ran in the helper's interpreter."""
    PROGRAMS["exe"] = "import os\nprint(os.path.basename(os.readlink('/proc/self/exe')))\n"
    try:
        seen = {warm: _run(tmp_path, "exe", warm, monkeypatch)[2].decode().strip() for warm in (False, True, True)}
    finally:
        del PROGRAMS["exe"]
    assert seen[False] == os.path.basename(real_python())
    assert seen[True].startswith("launch-py-")


def test_memory_verdict_and_peak_match(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The interpreter's own pages are the pool's, shared until written; the run's peak is its resident size,
    so a program holding 100 MiB reports about what a cold one does."""
    PROGRAMS["hold"] = "x = bytearray(100 * 2**20)\nfor i in range(0, len(x), 4096):\n    x[i] = 1\nprint(len(x))\n"
    try:
        peaks = {}
        for warm in (False, True, True):
            folder = tmp_path / "hold"
            script = folder / "sol.py"
            if not script.exists():
                folder.mkdir()
                script.write_text(PROGRAMS["hold"])
                (folder / "in").write_text("")
            monkeypatch.setenv("OJPACK_WARM_PYTHON", "1" if warm else "0")
            res = run([real_python(), str(script)], folder / "in", folder / "out", LIMITS, readable=[script])
            assert res.status == "ok"
            peaks[warm] = res.memory_mib
    finally:
        del PROGRAMS["hold"]
    assert abs(peaks[True] - peaks[False]) < 8


def test_only_a_plain_script_run_is_warm(monkeypatch: pytest.MonkeyPatch) -> None:
    """[{python}, SCRIPT, ARGS...] only: an interpreter option, another program or OJPACK_WARM_PYTHON=0 is cold."""
    from ojpack.sandbox.pywarm import warm_for
    assert warm_for([real_python(), "/tmp/x.py", "-v"]) == warm_python()
    assert warm_for([real_python(), "-S", "/tmp/x.py"]) is None
    assert warm_for([real_python(), "-c", "pass"]) is None
    assert warm_for([real_python()]) is None
    assert warm_for(["/usr/bin/true", "/tmp/x.py"]) is None
    monkeypatch.setenv("OJPACK_WARM_PYTHON", "0")
    assert warm_for([real_python(), "/tmp/x.py"]) is None


def _warm_outputs(tmp: Path, text: str, inputs: list[str], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """One script run warm on each input in turn (one cage: the first run starts its interpreter)."""
    script = tmp / "sol.py"
    script.write_text(text)
    monkeypatch.setenv("OJPACK_WARM_PYTHON", "1")
    outs = []
    for k, data in enumerate(["", *inputs]):
        (tmp / f"in{k}").write_text(data)
        res = run([real_python(), str(script)], tmp / f"in{k}", tmp / f"out{k}", LIMITS, stderr=tmp / f"err{k}",
                  readable=[script])
        assert res.status == "ok", (tmp / f"err{k}").read_text()
        outs.append((tmp / f"out{k}").read_text())
    return outs[1:]


def test_pre_imported_modules_serve_warm_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparisons above mean something only if warm runs were served the pre-imported modules: the
    finder is first on sys.meta_path until the run has imported all of them, then gone, as cold."""
    text = "import sys\nprint(sys.meta_path[0])\nimport json\nprint(sys.meta_path[0])\n"
    first, then = _warm_outputs(tmp_path, text, ["x"], monkeypatch)[0].splitlines()
    assert "pre-imported" in first and "pre-imported" not in then


def test_a_run_changing_a_module_leaves_the_next_ones_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = ("import json, sys\nif sys.stdin.read() == 'patch':\n    json.dumps = lambda *a, **k: 'patched'\n"
            "    json.decoder.extra = 1\n    sys.modules['json.extra'] = json\n"
            "print(json.dumps(1), hasattr(json.decoder, 'extra'), 'json.extra' in sys.modules)\n")
    outs = _warm_outputs(tmp_path, text, ["patch", "look", "patch", "look"], monkeypatch)
    assert outs == ["patched True True\n", "1 False False\n"] * 2


def test_random_is_seeded_in_each_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """random seeds itself at its import: it is never pre-imported, whatever the script imports beside it."""
    text = "import json, random, collections\nprint(random.random(), random.getrandbits(64))\n"
    outs = _warm_outputs(tmp_path, text, ["", "", ""], monkeypatch)
    assert len(set(outs)) == 3
