"""The warm Python's pre-imported modules (sandbox/pywarm_boot.py, pywarm_table.py), outside any cage: in a
process of `{python}` that imported them all, each module (listed or pulled in) imported after `hide` adds to
sys.modules what a cold import adds, in the same order, with the same submodule attributes and path-cache
entries; no listed module pulls in a forbidden one; a forbidden one refuses the whole table; the scan of a
script's imports."""

from __future__ import annotations

import ast
import os
import subprocess
from importlib import resources
from pathlib import Path

import pytest

from ojpack.sandbox.languages import real_python
from ojpack.sandbox.pywarm import BOOT, TABLE
from ojpack.sandbox.pywarm_boot import FORBIDDEN, PREIMPORT, wanted

ENV = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/tmp", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}

# Imports each module named in a fork of itself (after `hide` when warm, the table made of all PREIMPORT) and
# prints what that added; "ALL" names every module of the table (printed first).
HARNESS = r'''
import os, sys
mode, names = sys.argv[1], sys.argv[2:]
if mode == "warm":
    g = {"__builtins__": __builtins__}
    with open(os.environ["BOOT"]) as f:
        exec(compile(f.read(), "boot", "exec"), g)
    first = sys.path.pop(0)   # as in the helper: its interpreter imports with no script's folder on sys.path
    table = g["_Table"](g["PREIMPORT"], g["FORBIDDEN"])
    sys.path.insert(0, first)
    if names == ["ALL"]:
        names = list(dict.fromkeys(list(g["PREIMPORT"]) + list(table.modules)))
        print(repr(names))
for name in names:
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        if mode == "warm":
            table.hide()
        before, cache = list(sys.modules), set(sys.path_importer_cache)
        __import__(name)
        added = [m for m in sys.modules if m not in before]
        subs = {m: sorted(vars(sys.modules[m])) for m in added}
        os.write(w, repr((added, subs, sorted(set(sys.path_importer_cache) - cache))).encode())
        os._exit(0)
    os.close(w)
    got = b""
    while True:
        chunk = os.read(r, 1 << 16)
        if not chunk:
            break
        got += chunk
    os.close(r)
    os.waitpid(pid, 0)
    print(name, got.decode())
'''


def _harness(tmp: Path, mode: str, names: list[str]) -> list[str]:
    boot = tmp / "boot.py"
    package = resources.files("ojpack.sandbox")
    boot.write_text("".join(package.joinpath(f).read_text() for f in BOOT + TABLE))
    (tmp / "harness.py").write_text(HARNESS)
    done = subprocess.run([real_python(), str(tmp / "harness.py"), mode, *names], capture_output=True, text=True,
                          env={**ENV, "BOOT": str(boot)}, cwd=tmp, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_each_module_comes_back_as_a_cold_import_adds_it(tmp_path: Path) -> None:
    warm = _harness(tmp_path, "warm", ["ALL"])
    names = ast.literal_eval(warm[0])
    assert set(PREIMPORT) <= set(names) and len(names) > len(PREIMPORT)   # their imports too: re._parser, ...
    cold = _harness(tmp_path, "cold", names)
    assert len(cold) == len(names)
    for w, c in zip(warm[1:], cold):
        assert w == c


def test_no_listed_module_pulls_in_a_forbidden_one(tmp_path: Path) -> None:
    """Each PREIMPORT entry alone, in a fresh interpreter: what it adds to sys.modules."""
    for name in PREIMPORT:
        said = subprocess.run([real_python(), "-c", f"import sys; b = set(sys.modules); import {name}; "
                               "print(' '.join(m for m in sys.modules if m not in b))"],
                              capture_output=True, text=True, env=ENV, cwd=tmp_path, timeout=60)
        assert said.returncode == 0, said.stderr
        pulled = said.stdout.split()
        assert [m for m in pulled if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)] == [], name


@pytest.mark.parametrize("names", [("random",), ("json", "tempfile"), ("logging",)])
def test_a_forbidden_import_refuses_the_table(tmp_path: Path, names: tuple[str, ...]) -> None:
    """tempfile imports random (seeded at its import): the table is refused, and the helper's runs are cold."""
    boot = tmp_path / "boot.py"
    package = resources.files("ojpack.sandbox")
    boot.write_text("".join(package.joinpath(f).read_text() for f in BOOT + TABLE))
    code = ("g = {}\nexec(open(%r).read(), g)\ntry:\n    g['_Table'](%r, g['FORBIDDEN'])\n"
            "except ImportError as e:\n    print('refused', e)\n" % (str(boot), names))
    said = subprocess.run([real_python(), "-c", code], capture_output=True, text=True, env=ENV, timeout=60)
    assert said.stdout.startswith("refused"), said.stdout + said.stderr


def test_a_script_is_scanned_for_the_listed_modules_it_imports(tmp_path: Path) -> None:
    (tmp_path / "sol.py").write_text(
        "from __future__ import annotations\nimport sys, os.path as p; import json as j, heapq\n"
        "from collections.abc import Mapping\nfrom . import typing\nfrom helper import x\n"
        "def f():\n    from fractions import (Fraction,\n        gcd)\n# import argparse: a comment, not read\n")
    (tmp_path / "helper.py").write_text("import re\nimport sol\n")
    got = wanted(str(tmp_path / "sol.py"))
    assert set(got) == {"__future__", "json", "heapq", "collections", "collections.abc", "fractions", "re"}
    assert got == tuple(n for n in PREIMPORT if n in got)
    assert wanted(str(tmp_path / "none.py")) == ()
    os.mkfifo(tmp_path / "fifo.py")
    assert wanted(str(tmp_path / "fifo.py")) == ()   # not read: it would block the helper


def test_a_listed_module_this_python_lacks_is_left_out(tmp_path: Path) -> None:
    """graphlib is 3.9's: the others are pre-imported all the same."""
    boot = tmp_path / "boot.py"
    package = resources.files("ojpack.sandbox")
    boot.write_text("".join(package.joinpath(f).read_text() for f in BOOT + TABLE))
    code = ("import sys\ng = {}\nexec(open(%r).read(), g)\nt = g['_Table'](('json', 'no_such_module', 'heapq'), ())\n"
            "print(sorted(n for n in t.modules if '.' not in n and not n.startswith('_')))\n" % str(boot))
    said = subprocess.run([real_python(), "-c", code], capture_output=True, text=True, env=ENV, timeout=60)
    assert said.returncode == 0, said.stderr
    assert "'heapq'" in said.stdout and "'json'" in said.stdout and "no_such" not in said.stdout
