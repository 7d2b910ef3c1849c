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
 * pages the teardown writes to; a run ends with the fast exit instead: pywarm_exit.c). The script gets
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
static PyObject *py_start;                    /* the bootstrap's start(argv, fast) */
static PyObject *py_boot;                     /* the bootstrap's globals (its _kept and exitable, for fast_exit) */
static int py_unflushed;                      /* fast_exit's flush failed before it left the rest to Py_FinalizeEx */
static int py_fast = 1;                       /* "e:0" (OJPACK_WARM_EXIT=0): runs end with the whole Py_FinalizeEx */
static struct sigaction py_signals[NSIG];     /* the dispositions the interpreter set up at its start */

/* pywarm_boot.py, made a C string by pywarm.py (BOOTSTRAP): usable(), prepare() (the pre-imported standard
   modules, with PREIMPORTS: pywarm_record.py and pywarm_table.py), freeze(), start(argv, fast), run in the
   forked interpreter before the script, and exitable() at its end (pywarm_exit.c). */
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

#include "pywarm_exit.c"   /* run_main and fast_exit */

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
    PyObject *started = argv ? PyObject_CallFunctionObjArgs(py_start, argv, py_fast ? Py_True : Py_False, NULL) : NULL;
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
