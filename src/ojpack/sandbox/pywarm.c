/* A warm Python in a pooled cage (see sandbox/pywarm.py): included by launch.c when it is built with
 * -DOJPACK_WARM_PYTHON and linked to the libpython of the interpreter `{python}` names.
 *
 * The pool's options "x:PROGRAM" (the interpreter a request must name) and "v:VERSION" (its sys.version, which
 * the linked library must report too) ask for it; "s:CUR:MAX" is the stack rlimit the pool was started with,
 * added when it re-executes itself with an unlimited one (warm_exec). After the first run that asks for it, the
 * pool initialises the interpreter once (warm_up), exactly as `PROGRAM SCRIPT` would (the same program name,
 * environment, signal dispositions and standard descriptors), and every later keeper, init and program is a fork
 * of it. A run marked warm whose argv is [PROGRAM, SCRIPT, ARGS...] then does every step a cold one does (its
 * namespaces, limits, credentials, seccomp, descriptors, working folder) and runs SCRIPT in the forked
 * interpreter where the cold one would exec PROGRAM (run_warm), as the interpreter's own main does: sys.argv,
 * sys.orig_argv and sys.path[0], standard streams made anew on the run's descriptors, the script as __main__, a
 * traceback and status 1 for an uncaught exception, SystemExit's code, atexit handlers and the final flush.
 * Before that, the standard modules the first run's script imports (of a fixed list: pywarm_boot.py) are imported
 * too, and each run gets them hidden, handed back as its script imports them (pywarm_table.py).
 * What the interpreter made at its start is frozen (gc.freeze) once made: the collector never walks it, in a
 * full collection or at exit, which would write (so copy) every page those objects are on: ~1 ms of a warm
 * run's ~4 (an empty script then takes ~2.8 ms: ~0.9 to start it, ~1.5 in Py_FinalizeEx, which copies ~370
 * pages the teardown writes to). The script gets
 * a __main__ of its own, made after the fork (a frozen one would keep its globals at exit: their __del__ would
 * not run). What differs from a fresh run: gc.get_freeze_count() is not 0, gc.get_objects() leaves those
 * objects out, and an object of the script's that only a cycle of them holds at exit (one with __del__ stored
 * in a standard module) is not finalized; Python never promises to finalize what lives at exit.
 *
 * Why the re-exec: a forked process keeps the pool's memory layout. Exec'd with an 8 MiB stack rlimit, the pool's
 * mappings may start as little as ~128 MiB under its stack (that much plus a random offset), which a deeply
 * recursive program (its stack rlimit is the memory limit) could run into; exec'd with an unlimited one, the
 * kernel lays mappings out bottom-up, far from the stack, which then grows as far as the run's own rlimit lets
 * it, as in a fresh exec. A thread's default stack, which the C library sets at an exec, is set as an exec
 * would (thread_stack_as_exec). What stays shared and
 * differs from a fresh start: the string hash seed (the same in every run of one pool: strings hashed at start
 * keep their hashes, so it cannot be changed after the fork) and /proc/self/exe (this helper). /proc/self/cmdline
 * shows the run's argv (show_argv), cut to the length of the pool's own. */
#include <Python.h>
#include <malloc.h>
#include <pthread.h>

extern int _Py_UnhandledKeyboardInterrupt;   /* pylifecycle.c's: a KeyboardInterrupt ended the script */
extern int _Py_HandleSystemExit(int *status);   /* pythonrun.c's: SystemExit's status (its message printed) */

static const char *py_program, *py_version;
static int py_ready, py_failed;
static PyObject *py_start;                    /* the bootstrap's start(argv) */
static PyObject *py_boot;                     /* the bootstrap's globals (its _kept and exitable, for fast_exit) */
static int py_unflushed;                      /* fast_exit's flush failed before it left the rest to Py_FinalizeEx */
static int py_fast = 1;                       /* "e:0" (OJPACK_WARM_EXIT=0): runs end with the whole Py_FinalizeEx */
static struct sigaction py_signals[NSIG];     /* the dispositions the interpreter set up at its start */

/* pywarm_boot.py, made a C string by pywarm.py (BOOTSTRAP): usable(), prepare() (the pre-imported standard
   modules, with PREIMPORTS: pywarm_record.py and pywarm_table.py), freeze(), and start(argv), run in the forked
   interpreter before the script. */
#include "pywarm_boot.h"

/* Parses the pool's own options; 1 when `arg` was one. */
static int warm_option(const char *arg) {
    if (strncmp(arg, "x:", 2) == 0) py_program = arg + 2;
    else if (strncmp(arg, "v:", 2) == 0) py_version = arg + 2;
    else if (strcmp(arg, "e:0") == 0) py_fast = 0;
    else if (strncmp(arg, "s:", 2) == 0) {   /* the stack rlimit the pool had before warm_exec */
        char cur[32], max[32];
        if (sscanf(arg + 2, "%31[^:]:%31s", cur, max) != 2) return 0;
        struct rlimit r = {strcmp(cur, "-") == 0 ? RLIM_INFINITY : strtoull(cur, NULL, 10),
                           strcmp(max, "-") == 0 ? RLIM_INFINITY : strtoull(max, NULL, 10)};
        setrlimit(RLIMIT_STACK, &r);   /* the layout is made; keepers, inits and cold programs get the old limit */
    } else return 0;
    return 1;
}

static void rlim_text(char *out, size_t n, rlim_t v) {
    if (v == RLIM_INFINITY) snprintf(out, n, "-");
    else snprintf(out, n, "%llu", (unsigned long long)v);
}

/* A pool asked to warm Python re-executes itself once with an unlimited stack rlimit (see the top), telling
   its new self the old one ("s:"). Where the limit cannot be raised, it serves cold runs only. */
static void warm_exec(int argc, char **argv) {
    int asked = 0;
    for (int i = 5; i < argc; i++) {
        if (strncmp(argv[i], "s:", 2) == 0) return;   /* re-executed already */
        if (strncmp(argv[i], "x:", 2) == 0) asked = 1;
    }
    if (!asked) return;
    struct rlimit old, big = {RLIM_INFINITY, RLIM_INFINITY};
    getrlimit(RLIMIT_STACK, &old);
    char cur[32], max[32], saved[80];
    rlim_text(cur, sizeof cur, old.rlim_cur);
    rlim_text(max, sizeof max, old.rlim_max);
    snprintf(saved, sizeof saved, "s:%s:%s", cur, max);
    char **again = calloc((size_t)argc + 2, sizeof *again);
    if (!again || setrlimit(RLIMIT_STACK, &big) != 0) { py_failed = 1; free(again); return; }
    memcpy(again, argv, (size_t)argc * sizeof *again);
    again[argc] = saved;
    execv("/proc/self/exe", again);
    setrlimit(RLIMIT_STACK, &old);
    py_failed = 1;
    free(again);
}

/* The interpreter, initialised once in the pool (after a run that asked for it, so it overlaps ojpack's next
   step), as `PROGRAM SCRIPT` would start: the signal dispositions a cold program has at its exec (all default,
   none blocked: see run_program), the pool's /dev/null as the standard descriptors (the run gets streams of its
   own), the same environment (the pool's is the cage's). */
static void warm_up(int cage_mnt, const char *script) {
    if (py_ready || py_failed || !py_program || !py_version) return;
    py_failed = 1;   /* unless all of it works */
    if (strcmp(Py_GetVersion(), py_version) != 0) return;   /* another build than the one the cage would run */
    /* It starts in the cage's mount namespace, seeing the files a run sees: out here it would see the host's
       /etc (Debian's sitecustomize is a link to /etc/python3.X) and /tmp (the user's site folder, HOME being
       /tmp). Only root may enter it and come back; a plain user's pool stays cold. */
    int home = open("/proc/self/ns/mnt", O_RDONLY | O_CLOEXEC), here = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (home < 0 || here < 0 || setns(cage_mnt, CLONE_NEWNS) != 0) {
        if (home >= 0) close(home);
        if (here >= 0) close(here);
        return;
    }
    struct sigaction saved[NSIG], plain;
    memset(&plain, 0, sizeof plain);
    plain.sa_handler = SIG_DFL;
    sigset_t held, mask;   /* the pool's own signals wait meanwhile: its handler and dispositions must see them */
    sigemptyset(&held);
    sigaddset(&held, SIGTERM);
    sigaddset(&held, SIGINT);
    sigaddset(&held, SIGQUIT);
    sigprocmask(SIG_BLOCK, &held, &mask);
    for (int s = 1; s < NSIG; s++) sigaction(s, &plain, &saved[s]);
    PyConfig config;
    PyConfig_InitPythonConfig(&config);
    char *args[] = {(char *)py_program, NULL};
    PyStatus st = PyConfig_SetBytesString(&config, &config.program_name, py_program);
    if (!PyStatus_Exception(st)) st = PyConfig_SetBytesArgv(&config, 1, args);
    if (!PyStatus_Exception(st)) st = Py_InitializeFromConfig(&config);
    PyConfig_Clear(&config);
    for (int s = 1; s < NSIG; s++) {
        sigaction(s, NULL, &py_signals[s]);
        sigaction(s, &saved[s], NULL);
    }
    sigprocmask(SIG_SETMASK, &mask, NULL);
    int back = setns(home, CLONE_NEWNS) == 0 && fchdir(here) == 0;
    close(home);
    close(here);
    if (!back) fail("leave the cage's mount namespace");   /* this pool cannot serve runs any more */
    if (PyStatus_Exception(st)) return;
    PyObject *globals = PyDict_New();
    if (!globals || PyDict_SetItemString(globals, "__builtins__", PyEval_GetBuiltins()) != 0) return;
    PyObject *done = PyRun_String(BOOTSTRAP, Py_file_input, globals, globals);
    PyObject *usable = done ? PyDict_GetItemString(globals, "usable") : NULL;
    PyObject *ok = usable ? PyObject_CallNoArgs(usable) : NULL;
    py_start = PyDict_GetItemString(globals, "start");
    if (!ok || ok != Py_True || !py_start) { PyErr_Clear(); return; }
    /* The standard modules that SCRIPT (the first run's) imports, imported now (pywarm_boot.py's prepare). */
    PyObject *prepare = PyDict_GetItemString(globals, "prepare");
    PyObject *path = script ? PyUnicode_DecodeFSDefault(script) : Py_NewRef(Py_None);
    PyObject *code = PyUnicode_FromString(PREIMPORTS);
    PyObject *prepared = prepare && path && code ? PyObject_CallFunctionObjArgs(prepare, path, code, NULL) : NULL;
    Py_XDECREF(path);
    Py_XDECREF(code);
    if (!prepared) { PyErr_Clear(); return; }
    Py_DECREF(prepared);
    PyObject *freeze = PyDict_GetItemString(globals, "freeze");
    PyObject *frozen = freeze ? PyObject_CallNoArgs(freeze) : NULL;   /* last: all of the above is frozen too */
    if (!frozen) { PyErr_Clear(); return; }
    /* What compiling the bootstrap and scanning the script freed goes back to the system: resident here, it
       would count in every run's peak (a fork's resident size starts at this process's). */
    malloc_trim(0);
    py_boot = globals;
    py_failed = 0;
    py_ready = 1;
}

/* The default stack of a thread the program starts, as the C library sets it at an exec: the stack rlimit (the
   run's memory limit), or 2 MiB when unlimited. The pool's was set at its own exec, with an unlimited one. */
static void thread_stack_as_exec(void) {
    struct rlimit r;
    size_t page = (size_t)sysconf(_SC_PAGESIZE), size = 2 << 20;
    if (getrlimit(RLIMIT_STACK, &r) == 0 && r.rlim_cur != RLIM_INFINITY) size = (size_t)r.rlim_cur;
    if (size < (size_t)PTHREAD_STACK_MIN) size = (size_t)PTHREAD_STACK_MIN;
    size = (size + page - 1) / page * page;
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) return;
    pthread_attr_setstacksize(&attr, size);
    pthread_attr_setguardsize(&attr, page);
    pthread_setattr_default_np(&attr);
    pthread_attr_destroy(&attr);
}

/* The program's last step when its run is warm: SCRIPT in the forked interpreter. Returns (and the program is
   exec'd cold) when this pool has no interpreter ready or argv is not [PROGRAM, SCRIPT, ARGS...]. */
/* What `ps` and `pgrep -f` show of the run: its own argv, as an exec would (the pool's command line was
   blanked to "init"; the program's is written into that space, cut to its length), and the interpreter's name. */
static void show_argv(struct cage *c) {
    if (!c->cmdline || c->cmdline_len < 2) return;
    memset(c->cmdline, 0, c->cmdline_len);
    size_t at = 0;
    for (char **a = c->argv; *a && at + 1 < c->cmdline_len; a++) {
        size_t n = strlen(*a);
        if (n > c->cmdline_len - 1 - at) n = c->cmdline_len - 1 - at;
        memcpy(c->cmdline + at, *a, n);
        at += n + 1;
    }
    const char *slash = strrchr(c->argv[0], '/');
    prctl(PR_SET_NAME, slash ? slash + 1 : c->argv[0], 0, 0, 0);
}

/* The fast exit (README, "The warm Python"): what Py_FinalizeEx (CPython 3.11's pylifecycle.c) does that a
   program can see, in its order, done only to what the run made: the frozen startup objects are left as they
   are (tearing them down wrote to ~370 of their pages, each a copy: ~1.5 ms of an empty script's ~2.8). */
#define FINALIZE (-2)   /* fast_exit's answer when the rest must be Py_FinalizeEx's */

static int file_closed(PyObject *f) {   /* pylifecycle.c's file_is_closed */
    PyObject *closed = PyObject_GetAttrString(f, "closed");
    if (!closed) { PyErr_Clear(); return 0; }
    int r = PyObject_IsTrue(closed);
    Py_DECREF(closed);
    if (r < 0) PyErr_Clear();
    return r > 0;
}

/* flush_std_files: -1 when a flush failed, stdout's error shown as unraisable (`report`; the last flush, where
   Py_FinalizeEx's is the streams' own close at sys's teardown, drops it silently as iobase_finalize does). */
static int flush_std(int report) {
    int status = 0;
    const char *names[] = {"stdout", "stderr"};
    for (int k = 0; k < 2; k++) {
        PyObject *f = PySys_GetObject(names[k]);
        if (!f || f == Py_None || file_closed(f)) continue;
        Py_INCREF(f);
        PyObject *r = PyObject_CallMethod(f, "flush", NULL);
        if (r) Py_DECREF(r);
        else {
            if (report && k == 0) PyErr_WriteUnraisable(f);
            else PyErr_Clear();
            status = -1;
        }
        Py_DECREF(f);
    }
    return status;
}

static void call_kept(PyObject *fn) {   /* gc.collect, atexit._run_exitfuncs: errors are Py_FinalizeEx's to ignore */
    PyObject *r = PyObject_CallNoArgs(fn);
    if (r) Py_DECREF(r);
    else PyErr_Clear();
}

/* An object of the run's with a finalizer (__del__, an open file) still alive when the run's modules are torn
   down: something the frozen startup objects hold (a standard module's attribute), which only the whole
   teardown reaches. The run's standard streams, made by start(), are left for their last flush. */
static int left_to_finalize(PyObject *get_objects) {
    PyObject *mine[9] = {0};
    int n = 0;
    const char *names[] = {"__stdin__", "__stdout__", "__stderr__"};
    for (int k = 0; k < 3; k++) {
        PyObject *f = PySys_GetObject(names[k]);
        for (int depth = 0; f && f != Py_None && depth < 3; depth++) {
            mine[n++] = f;
            PyObject *below = PyObject_GetAttrString(f, depth == 0 ? "buffer" : "raw");
            if (!below) { PyErr_Clear(); break; }
            Py_DECREF(below);   /* the stream holds it */
            f = below;
        }
    }
    PyObject *all = PyObject_CallNoArgs(get_objects);
    if (!all) { PyErr_Clear(); return 1; }
    int left = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(all) && !left; i++) {
        PyObject *o = PyList_GET_ITEM(all, i);
        if (!Py_TYPE(o)->tp_finalize && !Py_TYPE(o)->tp_del) continue;
        left = 1;
        for (int k = 0; k < n; k++) if (mine[k] == o) left = 0;
    }
    Py_DECREF(all);
    return left;
}

/* Py_FinalizeEx up to its interpreter's teardown, restricted to the run's own modules: 0, or -1 when a flush of
   the standard streams failed (exit status 120); FINALIZE when what is left is not only that (other threads,
   changed sys attributes, builtins, signal handlers or gc hooks: pywarm_boot.py's exitable), or when an object
   of the run's with a finalizer outlives its modules (then the whole teardown reaches it, as cold). */
static int fast_exit(void) {
    PyObject *kept = PyDict_GetItemString(py_boot, "_kept"), *exitable = PyDict_GetItemString(py_boot, "exitable");
    if (!kept || !PyTuple_Check(kept) || PyTuple_GET_SIZE(kept) < 6 || !exitable) return FINALIZE;
    PyObject *startup = PyTuple_GET_ITEM(kept, 0), *collect = PyTuple_GET_ITEM(kept, 1);
    PyObject *get_objects = PyTuple_GET_ITEM(kept, 2), *run_atexit = PyTuple_GET_ITEM(kept, 5);
    /* wait_for_thread_shutdown: the non-daemon threads joined, when threading was imported */
    PyObject *name = PyUnicode_FromString("threading");
    PyObject *threading = name ? PyImport_GetModule(name) : NULL;
    Py_XDECREF(name);
    if (threading) {
        PyObject *r = PyObject_CallMethod(threading, "_shutdown", NULL);
        if (r) Py_DECREF(r);
        else PyErr_WriteUnraisable(threading);
        Py_DECREF(threading);
    } else if (PyErr_Occurred()) PyErr_WriteUnraisable(NULL);
    call_kept(run_atexit);   /* _PyAtExit_Call (Py_FinalizeEx calls both again: then they do nothing) */
    PyObject *ok = PyObject_CallNoArgs(exitable);
    if (ok != Py_True) { Py_XDECREF(ok); PyErr_Clear(); return FINALIZE; }
    Py_DECREF(ok);
    PyThreadState *t = PyInterpreterState_ThreadHead(PyInterpreterState_Get());
    if (t && PyThreadState_Next(t)) return FINALIZE;   /* a daemon thread still runs */
    int status = flush_std(1);
    PyOS_setsig(SIGINT, SIG_DFL);   /* _PySignal_Fini: Python's handlers (SIGINT's only, exitable made sure) */
    call_kept(collect);
    /* finalize_modules: the special sys attributes set to None (the frozen values kept alive: their teardown is
       what the fast exit saves), then every module taken out of sys.modules in its order, the run's own (not
       among the startup ones: its __main__, what it imported) with a weak reference to clear it later if it
       lives on, sys.modules emptied, a collection, and the run's modules still alive cleared in reverse order. */
    PyObject *keep = PyList_New(0), *weak = PyList_New(0), *held = PyList_New(0), *modules = PyImport_GetModuleDict();
    if (!keep || !weak || !held) {
        PyErr_Clear();
        Py_XDECREF(keep);
        Py_XDECREF(weak);
        Py_XDECREF(held);
        return FINALIZE;
    }
    const char *special[] = {"path", "argv", "ps1", "ps2", "last_type", "last_value", "last_traceback",
                             "path_hooks", "path_importer_cache", "meta_path", "__interactivehook__"};
    for (size_t k = 0; k < sizeof special / sizeof *special; k++) {
        PyObject *was = PySys_GetObject(special[k]);
        int ours = strcmp(special[k], "argv") == 0 || strncmp(special[k], "last_", 5) == 0;
        if (was && !ours && PyList_Append(held, was) != 0) PyErr_Clear();
        if (PySys_SetObject(special[k], Py_None) != 0) PyErr_WriteUnraisable(NULL);
    }
    Py_ssize_t pos = 0;
    PyObject *key, *mod;
    while (PyDict_Next(modules, &pos, &key, &mod)) {
        if (!PyModule_Check(mod)) continue;
        int frozen = PySet_Contains(startup, mod);
        PyObject *ref = frozen ? NULL : PyWeakref_NewRef(mod, NULL);
        PyObject *pair = frozen || ref ? PyTuple_Pack(2, key, frozen ? mod : ref) : NULL;
        if (!pair || PyList_Append(frozen ? keep : weak, pair) != 0) PyErr_WriteUnraisable(NULL);
        Py_XDECREF(pair);
        Py_XDECREF(ref);
        if (PyObject_SetItem(modules, key, Py_None) < 0) PyErr_WriteUnraisable(NULL);
    }
    PyDict_Clear(modules);
    call_kept(collect);
    for (Py_ssize_t i = PyList_GET_SIZE(weak) - 1; i >= 0; i--) {
        PyObject *m = PyWeakref_GetObject(PyTuple_GET_ITEM(PyList_GET_ITEM(weak, i), 1));
        if (!m || m == Py_None) continue;
        Py_INCREF(m);
        _PyModule_Clear(m);
        Py_DECREF(m);
    }
    Py_DECREF(weak);
    call_kept(collect);
    if (left_to_finalize(get_objects)) {   /* sys.modules as it was, for Py_FinalizeEx (its frozen modules) */
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(keep); i++) {
            PyObject *pair = PyList_GET_ITEM(keep, i);
            if (PyObject_SetItem(modules, PyTuple_GET_ITEM(pair, 0), PyTuple_GET_ITEM(pair, 1)) < 0) PyErr_Clear();
        }
        Py_DECREF(keep);
        Py_DECREF(held);
        py_unflushed = status;
        return FINALIZE;
    }
    flush_std(0);
    return status;
}

/* pythonrun.c's _PyRun_SimpleFileObject (what PyRun_AnyFileExFlags runs for a script file) with one change:
   SystemExit's status is returned, where it calls Py_Exit (the whole Py_FinalizeEx, then exit), so that a
   script ending with sys.exit(...) ends with the fast exit too. As there, SystemExit leaves __file__ set. A
   compiled (.pyc) script or a terminal goes through PyRun_AnyFileExFlags. */
static void flush_io(void) {   /* pythonrun.c's: stderr then stdout, errors dropped, the pending one kept */
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    const char *names[] = {"stderr", "stdout"};
    for (int k = 0; k < 2; k++) {
        PyObject *f = PySys_GetObject(names[k]);
        PyObject *r = f ? PyObject_CallMethod(f, "flush", NULL) : NULL;
        if (r) Py_DECREF(r);
        else PyErr_Clear();
    }
    PyErr_Restore(type, value, tb);
}

static int run_main(FILE *fp, const char *script, PyCompilerFlags *flags) {
    size_t len = strlen(script);
    unsigned char magic[2];
    int pyc = len >= 4 && strcmp(script + len - 4, ".pyc") == 0;
    if (!pyc && ftell(fp) == 0) {
        pyc = fread(magic, 1, 2, fp) == 2 && ((unsigned)magic[1] << 8 | magic[0]) == (PyImport_GetMagicNumber() & 0xFFFF);
        rewind(fp);
    }
    if (pyc || isatty(fileno(fp))) return PyRun_AnyFileExFlags(fp, script, 1, flags) != 0;
    PyObject *m = PyImport_AddModule("__main__");
    if (!m) { fclose(fp); return 1; }   /* as -1 from there: status 1 */
    Py_INCREF(m);
    PyObject *d = PyModule_GetDict(m), *filename = PyUnicode_DecodeFSDefault(script), *v = NULL;
    int set_file_name = 0, code = 1, exited = 0;
    if (!filename) goto done;
    if (!PyDict_GetItemString(d, "__file__")) {
        if (PyDict_SetItemString(d, "__file__", filename) < 0 || PyDict_SetItemString(d, "__cached__", Py_None) < 0)
            goto done;
        set_file_name = 1;
    }
    /* set_main_loader: importlib's SourceFileLoader for __main__ */
    PyObject *name = PyUnicode_FromString("_frozen_importlib_external");
    PyObject *external = name ? PyImport_GetModule(name) : NULL;
    Py_XDECREF(name);
    PyObject *loader = external ? PyObject_CallMethod(external, "SourceFileLoader", "sO", "__main__", filename) : NULL;
    Py_XDECREF(external);
    if (!loader || PyDict_SetItemString(d, "__loader__", loader) < 0) {
        Py_XDECREF(loader);
        fprintf(stderr, "python: failed to set __main__.__loader__\n");
        goto done;
    }
    Py_DECREF(loader);
    v = PyRun_FileExFlags(fp, script, Py_file_input, d, d, 1, flags);
    fp = NULL;
    flush_io();
    if (!v) {
        Py_CLEAR(m);
        if (PyErr_ExceptionMatches(PyExc_SystemExit) && _Py_HandleSystemExit(&code)) exited = 1;
        else PyErr_Print();
        goto done;
    }
    Py_DECREF(v);
    code = 0;
done:
    if (fp) fclose(fp);
    if (set_file_name && !exited) {
        if (PyDict_DelItemString(d, "__file__")) PyErr_Clear();
        if (PyDict_DelItemString(d, "__cached__")) PyErr_Clear();
    }
    Py_XDECREF(filename);
    Py_XDECREF(m);
    return code;
}

static void run_warm(struct cage *c) {
    if (!c->warm || !py_ready || strcmp(c->argv[0], py_program) != 0 || !c->argv[1] || c->argv[1][0] == '-')
        return;
    show_argv(c);
    for (int s = 1; s < NSIG; s++) sigaction(s, &py_signals[s], NULL);
    thread_stack_as_exec();
    PyOS_AfterFork_Child();
    PyObject *argv = PyList_New(0);
    for (char **a = c->argv; argv && *a; a++) {
        PyObject *arg = PyUnicode_DecodeFSDefault(*a);
        if (!arg || PyList_Append(argv, arg) != 0) { Py_CLEAR(argv); break; }
        Py_DECREF(arg);
    }
    PyObject *started = argv ? PyObject_CallOneArg(py_start, argv) : NULL;
    if (!started) { PyErr_Print(); _exit(1); }
    Py_DECREF(started);
    Py_DECREF(argv);
    const char *script = c->argv[1];
    int code;
    FILE *fp = fopen(script, "rb");
    struct stat st;
    if (!fp) {
        int e = errno;
        PySys_FormatStderr("%s: can't open file '%s': [Errno %d] %s\n", py_program, script, e, strerror(e));
        code = 2;
    } else if (fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode)) {
        PySys_FormatStderr("%s: '%s' is a directory, cannot continue\n", py_program, script);
        fclose(fp);
        code = 1;
    } else {
        PyCompilerFlags flags = _PyCompilerFlags_INIT;
        code = py_fast ? run_main(fp, script, &flags) : PyRun_AnyFileExFlags(fp, script, 1, &flags) != 0;
    }
    if (!py_fast && PyDict_SetItemString(py_boot, "_sys", Py_None) != 0) PyErr_Clear();   /* see exitable */
    int status = py_fast ? fast_exit() : FINALIZE;
    if (status == FINALIZE) status = Py_FinalizeEx() < 0 || py_unflushed < 0 ? -1 : 0;
    if (status < 0) code = 120;
    if (_Py_UnhandledKeyboardInterrupt) {   /* as the interpreter's main: die of SIGINT */
        signal(SIGINT, SIG_DFL);
        kill(getpid(), SIGINT);
        code = 128 + SIGINT;
    }
    exit(code);
}
