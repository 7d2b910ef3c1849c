"""The warm interpreter's pre-imported modules (see pywarm_boot.py, whose namespace this file shares in the
helper pywarm.py builds): what their imports did (recorded by pywarm_record.py), and the finder that hands
them back to a run. A loader's create_module may return an existing module, whose __spec__
_init_module_attrs then replaces (put back by exec_module)."""

_MISSING = object()


class _Table:
    """Imports `names`, recording the events of each module's body (_Recorder); replaying them (_unfold) must
    give sys.modules in the order the imports gave it, or this raises, as for a forbidden import, a thread,
    a descriptor or an exit handler left behind."""

    def __init__(self, names, forbidden):
        import os, sys
        import _frozen_importlib as boot
        had = 'atexit' in sys.modules
        import atexit
        if not had:
            del sys.modules['atexit']
        self.base = dict(sys.modules)
        snap = {n: dict(vars(m)) for n, m in self.base.items()}
        cached = set(sys.path_importer_cache)
        world = (sorted(os.listdir('/proc/self/fd')), len(os.listdir('/proc/self/task')), atexit._ncallbacks())
        recorder = _Recorder(forbidden)   # noqa: F821 (pywarm_record.py's, in the same namespace)
        recorder.run(names)
        if (sorted(os.listdir('/proc/self/fd')), len(os.listdir('/proc/self/task')), atexit._ncallbacks()) != world:
            raise ImportError('a pre-import left a descriptor, a thread or an exit handler')
        if any(sys.modules.get(n) is not m for n, m in self.base.items()):
            raise ImportError('a pre-import replaced a module of the start')
        self.events = recorder.events
        self.modules = {n: m for n, m in sys.modules.items() if n not in self.base}
        self.specs = {n: getattr(m, '__spec__', None) for n, m in self.modules.items()}
        self._check_replay(recorder.imported)
        self._effects(snap, recorder.done)
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
