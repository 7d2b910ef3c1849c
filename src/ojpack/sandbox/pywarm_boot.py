"""The warm interpreter's own Python (sandbox/pywarm.c): pywarm.py embeds this file's text in the helper it
builds, which runs it once in the interpreter it starts (in the cage's mount namespace) and calls `usable`,
`prepare` and `freeze` there, then `start` in each forked run before its script.

`prepare` imports PREIMPORT, standard modules free of import-time entropy, time, processes, threads and
descriptors, recording how each import unfolds: every import each module's body asks for (those already done
included), in order, and what it puts in sys.modules by itself. `start` takes every module that added back
out of sys.modules (and the attributes a later submodule import set on its package), so a script sees the
modules a cold start has; a finder first on sys.meta_path then hands a module back when the script imports
it, with what a cold import of it would add before it, in the same order, from the same objects: an import
costs a few dictionary operations instead of reading and running the module. A module is handed back only
while a cold import would give the same thing: not shadowed by a file of the same name on sys.path before
the standard library's folder (the script's own folder), not taken out of sys.modules again by the script,
with its dependencies the same objects, and sys.meta_path and sys.path_hooks as at the start; otherwise the
import runs as cold. Nothing here runs at import: ojpack's tests import it for PREIMPORT and FORBIDDEN. Untyped, as pywarm_record.py and pywarm_table.py:
the helper runs the text as is, where `from __future__ import annotations` would import __future__ before
every run (and annotations would be evaluated there, on whichever Python the cage runs)."""

# What a warm interpreter may import before its runs (with what they import: tests/sandbox/test_pywarm.py checks
# that none is FORBIDDEN), when its program imports them (see `wanted`): what validators, checkers, generators
# and solutions commonly import, without import-time state of their own (README, "The warm Python").
PREIMPORT = ("__future__", "collections", "collections.abc", "functools", "itertools", "operator", "math", "cmath", "heapq",
             "bisect", "string", "enum", "types", "keyword", "copy", "weakref", "contextlib", "re", "json",
             "numbers", "decimal", "fractions", "array", "struct", "textwrap", "typing", "dataclasses",
             "inspect", "argparse", "warnings", "graphlib", "datetime", "pprint", "traceback")

# Never imported before a run (nor anything importing them): import-time seeds, clocks, process ids, threads,
# descriptors, handlers, registrations at exit or fork. An attempt during `prepare` leaves every module cold.
FORBIDDEN = ("random", "_random", "tempfile", "uuid", "secrets", "statistics", "threading", "_threading_local",
             "logging", "concurrent", "queue", "subprocess", "signal", "socket", "selectors", "multiprocessing",
             "asyncio", "atexit", "faulthandler", "tracemalloc", "platform", "locale", "getpass", "ssl", "hashlib")

_ = None   # the state `prepare` leaves for `start` (a _Table), or None when nothing is pre-imported
# For the fast exit (pywarm.c's fast_exit): what `freeze` keeps (the modules there at the start, the gc and atexit
# functions, builtins and the signal handlers as they were) and what `start` adds (sys's attributes).
_kept = None
_sys = None


def usable():
    import site, sys
    return not (site.ENABLE_USER_SITE and site.USER_SITE in sys.path)


def _stream(fd, name, write, old):
    import io, os
    try:
        os.fstat(fd)
    except OSError:
        return None
    through = old.write_through
    buffering = 0 if write and through else -1
    buf = io.open(fd, 'wb' if write else 'rb', buffering, None, None, None, False)
    raw = buf.raw if buffering else buf
    raw.name = '<%s>' % name
    line = not through and (raw.isatty() or fd == 2)
    text = io.TextIOWrapper(buf, old.encoding, old.errors, '\n', line, through)
    text.mode = 'w' if write else 'r'
    return text


def start(argv, fast):
    """What the interpreter's main and its start would do with this argv and these descriptors (the streams
    made as create_stdio makes them, with the encoding, errors and write-through of the ones made at the
    interpreter's start), and the pre-imported modules out of sys.modules."""
    import os, sys
    sys.orig_argv = list(argv)
    sys.argv = list(argv[1:])
    sys.path.insert(0, os.path.dirname(os.path.realpath(argv[1])))
    for fd, name, write in ((0, 'stdin', False), (1, 'stdout', True), (2, 'stderr', True)):
        made = _stream(fd, name, write, getattr(sys, '__%s__' % name))
        setattr(sys, '__%s__' % name, made)
        setattr(sys, name, made)
    old = sys.modules['__main__']
    main = type(sys)('__main__')
    main.__loader__ = old.__loader__
    main.__annotations__ = {}
    main.__builtins__ = old.__builtins__
    sys.modules['__main__'] = main
    if _ is not None:
        _.hide()
    global _sys
    if fast:   # for exitable (pywarm_exit.c's fast_exit)
        _sys = dict(sys.__dict__)


def freeze():
    import sys, builtins, _signal
    global _kept
    had = 'atexit' in sys.modules
    gc, atexit = __import__('gc'), __import__('atexit')
    if not had:   # as a run's sys.modules must be
        del sys.modules['atexit']
    signals = tuple(_signal.getsignal(n) for n in range(1, _signal.NSIG))
    _kept = (set(sys.modules.values()), gc.collect, gc.get_objects, gc.callbacks, gc.get_debug,
             atexit._run_exitfuncs, dict(builtins.__dict__), _signal.getsignal, signals)
    gc.freeze()
    del sys.modules['gc']


def exitable():
    """Whether what the run leaves at its exit is only what the fast exit tears down as Py_FinalizeEx would:
    sys's attributes (but the traceback PyErr_Print keeps there), builtins, the signal handlers and gc's hooks
    as at the run's start. Identities only: no code of the run's is called."""
    import sys, builtins
    global _sys
    then, _sys = _sys, None   # it holds the run's streams: alive, Py_FinalizeEx would never close (flush) them
    _, _, _, callbacks, debug, _, before, getsignal, signals = _kept
    return (_same(sys.__dict__, then, _TRACEBACK) and _same(builtins.__dict__, before, ())
            and not callbacks and not debug() and all(getsignal(n) is s for n, s in enumerate(signals, 1)))


def _same(now, then, extra):
    if len(now) != len(then) + sum(k in now and k not in then for k in extra):
        return False
    for k, v in then.items():
        if now.get(k, then) is not v:
            return False
    return True


_TRACEBACK = ('last_type', 'last_value', 'last_traceback')


def prepare(script, code):
    """The PREIMPORT modules `script` (the cage's first run's) imports, imported and recorded by `code`
    (pywarm_record.py and pywarm_table.py, run in this namespace only then). An exception (a FORBIDDEN import
    asked for, a thread, descriptor or exit handler made, a replay unlike the imports) leaves the helper's
    interpreter unready: its runs are then exec'd cold."""
    global _
    names = wanted(script) if script else ()
    if names:
        exec(compile(code, '<ojpack warm imports>', 'exec'), globals())
        _ = _Table(names, FORBIDDEN)   # noqa: F821 (pywarm_table.py's)


def wanted(script):
    """The PREIMPORT modules whose top-level name an import line of `script`, or of a module of its own
    folder it imports (and so on), names: a look at the words of each line, never a parse or a run. A cage
    serves one program, or a few of one folder: a script importing none of them (most solutions) pays
    nothing for the others (a started interpreter's every string is written at its end, fork's copy)."""
    import os
    folder, todo, seen, tops = os.path.dirname(script), [script], set(), set()
    while todo and len(seen) < 32:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for line in _source(path).split('\n'):
            for part in line.split(';'):
                words = part.replace(',', ' ').replace('(', ' ').split()
                if len(words) >= 2 and words[0] == 'import':
                    named = [w for i, w in enumerate(words[1:], 1) if w != 'as' and words[i - 1] != 'as']
                elif len(words) >= 3 and words[0] == 'from' and words[2] == 'import':
                    named = [words[1]]
                else:
                    continue
                for name in named:
                    top = name.split('.')[0]
                    tops.add(top)
                    if top and os.path.isfile(os.path.join(folder, top + '.py')):
                        todo.append(os.path.join(folder, top + '.py'))
    return tuple(n for n in PREIMPORT if n.split('.')[0] in tops)


def _source(path):
    """A regular file's first MiB as text (a run's own, untrusted: a FIFO or a device is not read)."""
    import os, stat
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOCTTY)
    except OSError:
        return ''
    try:
        st = os.fstat(fd)   # read to its size: a buffer of a MiB would stay in the helper's heap, in every run's
        return os.read(fd, min(st.st_size, 1 << 20)).decode('utf-8', 'replace') if stat.S_ISREG(st.st_mode) else ''
    except OSError:
        return ''
    finally:
        os.close(fd)
