"""How the warm interpreter's pre-imports unfold (see pywarm_boot.py, whose namespace this file shares in the
helper pywarm.py builds; pywarm_table.py replays what is recorded here).

Relies on CPython's import machinery (importlib._bootstrap, as of 3.8 to 3.13): every import statement, and
C's PyImport_Import, calls builtins.__import__; every module is loaded by _load_unlocked, which
_find_and_load_unlocked looks up in its module at each call, as importlib.import_module looks up _gcd_import.
Should any of it change, the replay's check (_Table._check_replay) refuses the table: runs are then cold."""


class _Recorder:
    """Imports modules, recording the events of each module's body, in order, in `events[MODULE]` (None: the
    top level): ('i', M) it imported M (there already or not: a run may not have it), ('d', M) it set
    sys.modules[M] itself, ('a', M) it tried the top-level name M, which was not found; and in `done[MODULE]`
    the names its body bound. A module of `forbidden` (or one inside it) is not imported: `run` raises."""

    def __init__(self, forbidden):
        import sys
        self.sys = sys   # no import statement below: while recording, it would come back here
        self.forbidden = forbidden
        self.events, self.stack, self.known, self.done, self.bad = {}, [None], set(sys.modules), {}, []

    def run(self, names):
        import builtins
        import _frozen_importlib as boot
        self.boot = boot
        self.real_import, self.real_load, self.real_gcd = builtins.__import__, boot._load_unlocked, boot._gcd_import
        builtins.__import__, boot._load_unlocked, boot._gcd_import = self.imp, self.load, self.gcd
        self.imported = []   # those of `names` there are (graphlib is 3.9's)
        try:
            for name in names:
                try:
                    self.imp(name)
                except ImportError:
                    continue
                self.imported.append(name)
        finally:
            builtins.__import__, boot._load_unlocked, boot._gcd_import = (self.real_import, self.real_load,
                                                                          self.real_gcd)
        if self.bad:
            raise ImportError('forbidden modules asked for: %s' % self.bad)

    def log(self, kind, name):
        self.events.setdefault(self.stack[-1], []).append((kind, name))

    def sweep(self):
        """Entries a body set in sys.modules itself (importlib's importlib._bootstrap, typing's typing.io)."""
        sys = self.sys
        if len(sys.modules) != len(self.known):
            for name in [n for n in sys.modules if n not in self.known]:
                self.known.add(name)
                self.log('d', name)

    def load(self, spec):
        """_load_unlocked's stand-in: what happens meanwhile is this module's (a C module's imports too)."""
        name = spec.name
        if any(name == f or name.startswith(f + '.') for f in self.forbidden):
            self.bad.append(name)
            raise ImportError('not imported before a run: ' + name, name=name)
        self.sweep()
        self.known.add(name)
        self.stack.append(name)
        try:
            module = self.real_load(spec)
        except BaseException:
            self.known.discard(name)
            raise
        finally:
            self.sweep()
            self.stack.pop()
        self.done[name] = set(vars(module))   # typing.io: a class its body bound, and set in sys.modules
        return module

    def imp(self, name, globals=None, locals=None, fromlist=(), level=0):
        """builtins.__import__'s stand-in."""
        sys, boot = self.sys, self.boot
        absolute = boot._resolve_name(name, boot._calc___package__(globals), level) if level else name
        module = self._asked(absolute, self.real_import, name, globals, locals, fromlist, level)
        package = sys.modules.get(absolute)
        if fromlist and hasattr(package, '__path__'):
            names = [x for x in fromlist if isinstance(x, str)]
            if '*' in names:
                names += [x for x in getattr(package, '__all__', ()) if isinstance(x, str)]
            for x in names:   # `from package import x` of a submodule x: a run may not have it yet
                sub = sys.modules.get(absolute + '.' + x)
                if sub is not None and getattr(package, x, None) is sub:
                    self.log('i', absolute + '.' + x)
        return module

    def gcd(self, name, package=None, level=0):
        """_gcd_import's stand-in (importlib.import_module)."""
        absolute = self.boot._resolve_name(name, package, level) if level > 0 else name
        return self._asked(absolute, self.real_gcd, name, package, level)

    def _asked(self, absolute, real, *args):
        sys = self.sys
        try:
            module = real(*args)
        except ImportError:   # what it found on the way is still imported; a missing top-level name noted
            self.sweep()
            parts = absolute.split('.')
            for i in range(1, len(parts) + 1):
                prefix = '.'.join(parts[:i])
                if prefix in sys.modules:
                    self.log('i', prefix)
                elif i == 1:
                    self.log('a', prefix)
            raise
        self.sweep()
        self.log('i', absolute)
        return module
