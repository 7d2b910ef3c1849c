"""The warm interpreter's pre-imported modules (see pywarm_boot.py, whose namespace this file shares in the
helper pywarm.py builds): how their imports unfolded, and the finder that hands them back to a run.

Relies on CPython's import machinery (importlib._bootstrap, 3.8 to 3.13): every import statement, and C's
PyImport_Import, calls builtins.__import__; every module is loaded by _load_unlocked, looked up in its module
at each call, as importlib.import_module looks up _gcd_import; a loader's create_module may return the module,
whose __spec__ _init_module_attrs then replaces (put back by exec_module)."""

_MISSING = object()


class _Table:
    """Imports `names` and records, for each module that came in, the events of its body in order: ('i', M)
    it imported M (M there already or not: a run may not have it), ('d', M) it set sys.modules[M] itself,
    ('a', M) it tried the top-level name M, which was not found. Replaying them (_unfold) must give the order
    the imports gave, or this raises. Forbidden imports, threads, descriptors and exit handlers raise too."""

    def __init__(self, names, forbidden):
        import builtins, os, sys
        import _frozen_importlib as boot
        had = 'atexit' in sys.modules
        import atexit
        if not had:
            del sys.modules['atexit']
        self.base = dict(sys.modules)
        snap = {n: dict(vars(m)) for n, m in self.base.items()}
        cached = set(sys.path_importer_cache)
        world = (sorted(os.listdir('/proc/self/fd')), len(os.listdir('/proc/self/task')), atexit._ncallbacks())
        events, stack, known, done, bad = {}, [None], set(sys.modules), {}, []
        real_import, real_load, real_gcd = builtins.__import__, boot._load_unlocked, boot._gcd_import

        def log(kind, name):
            events.setdefault(stack[-1], []).append((kind, name))

        def sweep():   # entries set in sys.modules by a module's own body
            if len(sys.modules) != len(known):
                for n in [n for n in sys.modules if n not in known]:
                    known.add(n)
                    log('d', n)

        def load(spec):
            name = spec.name
            if any(name == f or name.startswith(f + '.') for f in forbidden):
                bad.append(name)
                raise ImportError('not imported before a run: ' + name, name=name)
            sweep()
            known.add(name)
            stack.append(name)
            try:
                module = real_load(spec)
            except BaseException:
                known.discard(name)
                raise
            finally:
                sweep()
                stack.pop()
            done[name] = set(vars(module))   # what its body bound (typing.io: a class, set in sys.modules too)
            return module

        def asked(absolute, failed):
            parts = absolute.split('.')
            for i in range(1, len(parts) + 1):
                prefix = '.'.join(parts[:i])
                if prefix in sys.modules:
                    log('i', prefix)
                elif failed and i == 1:
                    log('a', prefix)

        def imp(name, globals=None, locals=None, fromlist=(), level=0):
            absolute = boot._resolve_name(name, boot._calc___package__(globals), level) if level else name
            try:
                module = real_import(name, globals, locals, fromlist, level)
            except ImportError:
                sweep()
                asked(absolute, True)
                raise
            sweep()
            log('i', absolute)
            package = sys.modules.get(absolute)
            if fromlist and hasattr(package, '__path__'):
                names = [x for x in fromlist if isinstance(x, str)]
                if '*' in names:
                    names += [x for x in getattr(package, '__all__', ()) if isinstance(x, str)]
                for x in names:   # submodules `from package import x` imported (a cold run may lack them)
                    sub = sys.modules.get(absolute + '.' + x)
                    if sub is not None and getattr(package, x, None) is sub:
                        log('i', absolute + '.' + x)
            return module

        def gcd(name, package=None, level=0):
            absolute = boot._resolve_name(name, package, level) if level > 0 else name
            try:
                module = real_gcd(name, package, level)
            except ImportError:
                sweep()
                asked(absolute, True)
                raise
            sweep()
            log('i', absolute)
            return module

        builtins.__import__, boot._load_unlocked, boot._gcd_import = imp, load, gcd
        try:
            for name in names:
                imp(name)
        finally:
            builtins.__import__, boot._load_unlocked, boot._gcd_import = real_import, real_load, real_gcd
        if bad:
            raise ImportError('forbidden modules imported: %s' % bad)
        if (sorted(os.listdir('/proc/self/fd')), len(os.listdir('/proc/self/task')), atexit._ncallbacks()) != world:
            raise ImportError('a pre-import left a descriptor, a thread or an exit handler')
        if any(sys.modules.get(n) is not m for n, m in self.base.items()):
            raise ImportError('a pre-import replaced a module of the start')
        self.events = events
        self.modules = {n: m for n, m in sys.modules.items() if n not in self.base}
        self.specs = {n: getattr(m, '__spec__', None) for n, m in self.modules.items()}
        self._check_replay(names)
        self._effects(snap, done)
        self.cache = {k: v for k, v in sys.path_importer_cache.items() if k not in cached}
        self.meta, self.hooks = tuple(sys.meta_path), tuple(sys.path_hooks)
        self.path = tuple(sys.path)
        self.where = {}   # a top-level module: the sys.path entry it came from (None: built in or frozen)
        for n, m in self.modules.items():
            spec = self.specs[n]
            if '.' in n or spec is None or not spec.has_location:
                continue
            folder = os.path.dirname(spec.origin)
            if spec.submodule_search_locations is not None:
                folder = os.path.dirname(folder)
            if folder not in self.path:
                raise ImportError('%s from %s, not on sys.path' % (n, folder))
            self.where[n] = folder
        self.Spec = boot.ModuleSpec
        self.finder = _Finder(self)
        self.claimed = set()

    def _check_replay(self, names):
        order = dict.fromkeys(self.base)

        def put(name, parent, moved):
            if moved:
                order.pop(name, None)
            order[name] = None
        for name in names:
            self._unfold(name, order.__contains__, put, set())
        import sys
        if list(order) != list(sys.modules):
            raise ImportError('the recorded imports replay in another order')

    def _effects(self, snap, done):
        """What the imports changed in the modules of the start: a submodule's attribute on its package (taken
        off for a run, set again when the run imports it) and what a body that put a module of the start in
        sys.modules under another name did to it (importlib names _frozen_importlib importlib._bootstrap):
        undone for a run, done again when the run imports that body's module. Anything else raises."""
        self.detach = []
        for n, m in self.modules.items():
            parent, _, child = n.rpartition('.')
            holder = self.modules.get(parent, self.base.get(parent))
            before = done.get(parent) if parent in self.modules else set(snap.get(parent, ()))
            if holder is not None and getattr(holder, child, None) is m and child not in before:
                self.detach.append((holder, child))
        owner = {d: o for o, evs in self.events.items() for kind, d in evs if kind == 'd'}
        self.effects = {}
        for n, m in self.base.items():
            now, then = vars(m), snap[n]
            for key in set(now) | set(then):
                new, old = now.get(key, _MISSING), then.get(key, _MISSING)
                if new is old or (self.modules.get(n + '.' + key, _MISSING) is new):
                    continue
                culprit = [o for d, o in owner.items() if self.modules.get(d) is m]
                if n == '__main__' or not culprit:
                    raise ImportError('a pre-import changed %s.%s' % (n, key))
                self.effects.setdefault(culprit[0], []).append((m, key, old, new))

    def _unfold(self, name, has, put, busy):
        """`import name` as a cold start would unfold it, from the events: has(M) says whether M is in
        sys.modules, put(M, PARENT, MOVED) puts M there (at the end if MOVED, as a load does)."""
        if has(name) or name in busy:
            return
        parent, _, child = name.rpartition('.')
        if parent:
            self._unfold(parent, has, put, busy)
            if has(name):
                return
        busy.add(name)
        for kind, dep in self.events.get(name, ()):
            if kind == 'i':
                self._unfold(dep, has, put, busy)
            elif kind == 'd':
                put(dep, None, False)
        busy.discard(name)
        put(name, parent, True)

    def hide(self):
        """In a run, before its script: sys.modules, the packages and the path cache as a cold start has them."""
        import sys
        for n in self.modules:
            del sys.modules[n]
        for holder, attr in self.detach:
            delattr(holder, attr)
        for changes in self.effects.values():
            for m, key, old, new in changes:
                _assign(m, key, old)
        for k in self.cache:
            sys.path_importer_cache.pop(k, None)
        sys.meta_path.insert(0, self.finder)

    def servable(self, name, seen):
        """A cold `import name` now would give the recorded module: its dependencies there are ours, those
        missing have not been taken out by the script, no file on sys.path shadows a top-level one."""
        import sys
        if name in seen:
            return True
        seen.add(name)
        have = sys.modules.get(name, _MISSING)
        if have is not _MISSING:
            return have is self.modules.get(name, self.base.get(name, _MISSING))
        if name not in self.modules or name in self.claimed:
            return False
        parent = name.rpartition('.')[0]
        if parent and not self.servable(parent, seen):
            return False
        if not parent and not self._first(name):
            return False
        for kind, dep in self.events.get(name, ()):
            if kind == 'i' and not self.servable(dep, seen):
                return False
            if kind == 'a' and (dep in sys.modules or self._shadowed(dep, self.path)):
                return False
        return True

    def _first(self, name):
        """The top-level `name` would still be found where it was (not before it: the script's folder)."""
        import sys
        folder = self.where.get(name)
        if folder is None:
            return True
        ahead = self.path[:self.path.index(folder)]
        for entry in sys.path:
            if entry == folder:
                return True
            if entry not in ahead and self._shadowed(name, (), [entry]):
                return False
        return False

    def _shadowed(self, name, known, entries=None):
        """A finder of a sys.path entry (but the `known` ones) finds the top-level `name`."""
        import sys
        import _frozen_importlib_external as external
        for entry in sys.path if entries is None else entries:
            if isinstance(entry, str) and entry not in known:
                finder = external.PathFinder._path_importer_cache(entry)
                if finder is not None and finder.find_spec(name) is not None:
                    return True
        return False

    def fetch(self, name):
        """The events of `name`'s body, replayed in sys.modules with our modules (see _unfold)."""
        import sys
        busy = {name}
        for kind, dep in self.events.get(name, ()):
            if kind == 'i':
                self._unfold(dep, sys.modules.__contains__, self._put, busy)
            elif kind == 'd':
                self._put(dep, None, False)

    def _put(self, name, parent, moved):
        import sys
        module = self.modules[name]
        if moved:
            sys.modules.pop(name, None)
        sys.modules[name] = module
        if parent:   # the package (its body may still be unfolding: not in sys.modules yet)
            setattr(self.modules.get(parent) or sys.modules[parent], name.rpartition('.')[2], module)
        self.claim(name)

    def claim(self, name):
        import sys
        self.claimed.add(name)
        for m, key, old, new in self.effects.get(name, ()):
            _assign(m, key, new)
        parent = name.rpartition('.')[0]
        for entry in getattr(self.modules.get(parent) or sys.modules.get(parent), '__path__', ()) if parent else ():
            if entry in self.cache:
                sys.path_importer_cache.setdefault(entry, self.cache[entry])
        if len(self.claimed) == len(self.modules) and self.finder in sys.meta_path:
            sys.meta_path.remove(self.finder)   # all handed back: imports are as cold ones from now on


def _assign(m, key, value):
    if value is _MISSING:
        vars(m).pop(key, None)
    else:
        setattr(m, key, value)


class _Finder:
    """First on sys.meta_path in a run: a pre-imported module the script imports, handed back (see _Table)."""

    def __init__(self, table):
        self.table = table

    def __repr__(self):
        return '<pre-imported standard modules (ojpack warm Python)>'

    def find_spec(self, name, path=None, target=None):
        import sys
        t = self.table
        if name not in t.modules or name in t.claimed or name in sys.modules:   # in sys.modules: a reload
            return None
        meta, hooks = sys.meta_path, sys.path_hooks
        if (len(meta) != len(t.meta) + 1 or meta[0] is not self or any(a is not b for a, b in zip(meta[1:], t.meta))
                or len(hooks) != len(t.hooks) or any(a is not b for a, b in zip(hooks, t.hooks))):
            return None
        if not all(sys.modules.get(n) is m for n, m in t.base.items() if n != '__main__'):
            return None
        try:
            if not t.servable(name, set()):
                return None
        except Exception:   # should it ever fail: a cold import then
            return None
        real = t.specs[name]   # what importlib.util.find_spec would show (but the loader, this finder)
        spec = t.Spec(name, self, origin=real.origin, is_package=real.submodule_search_locations is not None)
        spec.submodule_search_locations = real.submodule_search_locations
        spec.has_location, spec.cached = real.has_location, real.cached
        return spec

    def create_module(self, spec):
        return self.table.modules[spec.name]

    def exec_module(self, module):
        import sys
        t = self.table
        name = module.__spec__.name
        original = t.specs[name]
        module.__spec__ = original
        if sys.modules.get(name) is not module:   # module_from_spec by hand: run it, as its own loader would
            t.claim(name)
            original.loader.exec_module(module)
            return
        t.fetch(name)
        t.claim(name)
