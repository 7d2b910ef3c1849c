/* The end of a warm run (pywarm.c's run_warm): its script run as the interpreter's main runs it, then the fast
 * exit. Included by pywarm.c. */
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
    if (pyc || isatty(fileno(fp))) {   /* its SystemExit never comes back: the whole Py_FinalizeEx, as any end */
        py_fast = 0;
        if (PyDict_SetItemString(py_boot, "_sys", Py_None) != 0) PyErr_Clear();   /* see exitable */
        return PyRun_AnyFileExFlags(fp, script, 1, flags) != 0;
    }
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
