/* ojpack's exec helper: starts one program under a run's limits and reports what it used.
 *
 *   launch exec|fork DIR CPU FSIZE STACK AS TASKS1 TASKS2 -- PROGRAM ARGS...          (no isolation)
 *   launch cage SKEL DIR CPU_MS WALL_MS FSIZE STACK AS TMPFS TASKS1 TASKS2 NETNS [r:PATH|w:PATH|m:PATH]... -- PROGRAM ARGS...
 *   launch pool SKEL TMPFS NETNS [r:PATH|w:PATH]...       (a cage prepared ahead, serving runs: see "a pooled cage";
 *                                                          built with pywarm.c, also x:, v: and s:, see there)
 *
 * exec/fork (--no-sandbox): the program starts a session, changes to DIR, gets the limits (CPU whole
 * seconds; FSIZE/STACK/AS bytes; "-" leaves one alone), joins the cgroup tasks files TASKS1/TASKS2
 * ("-": none) and is exec'd. "exec": this process becomes the program. "fork": the program is forked
 * from this tiny process, which writes "PID\n" to fd 3 at once, waits, and writes
 * "STATUS UTIME_US STIME_US MAXRSS_KB\n".
 *
 * cage: the program runs isolated. This process (root, outside) clones an init process into new user,
 * mount, pid, network, ipc and uts namespaces, maps uid/gid 0 inside to 65533 outside (init, the cage's
 * root) and 65534 to 65534 (the program), puts init into the run's cgroups and lets it go. Init builds a
 * read-only root on a tmpfs (the system's /usr, the prepared /etc and /dev of SKEL, the r: paths
 * read-only and the w: paths writable at their own paths (one under /.ojpack-host shows the host path
 * after that prefix: a file under /dev/shm or /etc, which the cage's own hide), a private /tmp tmpfs of
 * TMPFS bytes, a fresh /proc), pivots into it, forks the program as uid 65534 without capabilities, and
 * enforces the CPU and wall limits (milliseconds) itself, counting the CPU of every process in the cage
 * (an orphaned grandchild nobody reaps included: see cage_cpu_ms). A regular-file stdin is first copied
 * into a memfd, so /proc/self/fd/0 names no file. NETNS "-" gives the cage a network namespace of its
 * own; a number is an open descriptor of an empty one that ojpack made for this worker (nothing of it
 * outlives a run, as the run's processes all die; making and tearing one down costs ~0.6 ms a run),
 * which this process joins before the clone, so init joins none of its own. An m: path is a detached
 * mount ojpack made (a small tmpfs it reads afterwards through its own descriptor): the k-th m: path's
 * mount is open at fd 5 + k, and init moves it, writable, to PATH. When the program ends, init kills whatever it left
 * and exits, which takes the whole pid namespace down. Both this process and init die with their parent
 * (PR_SET_PDEATHSIG), so a killed ojpack leaves nothing running. Init writes
 * "KILLED STATUS UTIME_US STIME_US MAXRSS_KB ALL_CPU_US\n" to fd 3 (KILLED: 1 at a time limit, 2 past the
 * output limit; ALL_CPU_US: the CPU of every process the cage ran), or "E message\n" when the cage
 * cannot be made.
 *
 * A stdout or stderr that is a regular file reaches it through a pipe this process drains (see pump):
 * the file's pages are then charged to ojpack, not to the run's memory cgroup; stdout stops at FSIZE bytes
 * (init is told to end the run; an FSIZE that ends in "+": the rest is read and dropped and the run goes on,
 * as problemtools, DOMjudge and BAPCtools judge a flood: into the time limit); of stderr only the first
 * STDERR_KEEP bytes are kept, the rest dropped.
 *
 * Rootless (this helper not run as root): the user's own uid and gid are mapped to 65534 inside (init and
 * the program alike; "setgroups" is denied first, as the kernel demands of an unprivileged map), init keeps
 * the capabilities it was born with in the new user namespace instead of becoming its root, /dev's nodes
 * are the host's own bound over the skeleton's empty files (an unprivileged user cannot make device
 * nodes), NETNS must be "-" (a user cannot join a namespace it does not own), and init reports the peak
 * resident size of the run's largest process (RUSAGE_CHILDREN once all are reaped), not the program's. An
 * option may stand among the binds: "g:1" has the program lead a process group, not a session (see
 * own_group); "c:CPU" runs it on that CPU alone (see pin_cpu); "n:COUNT" sets the program's RLIMIT_NPROC (counted per user
 * namespace, so it caps the run's processes and threads, init included) where no pids cgroup does, and
 * "k:BYTES" has init watch the run's memory where no memory cgroup does: every 10 ms at most, the resident
 * pages of all its processes plus its /tmp's, killing the run past BYTES (KILLED 3); MAXRSS_KB is then the
 * larger of that sampled peak and the largest process's own.
 *
 * tmpfs: `launch tmpfs BYTES FILES FD CLONES` (rootless) makes the capped tmpfs a user cannot make in the
 * host's namespaces: it enters a user and mount namespace of its own (the user's uid and gid mapped to 0, so
 * the tmpfs's root is the user's), makes a detached tmpfs of BYTES bytes and FILES inodes there, and sends
 * its descriptor and CLONES clones of it (open_tree; none where the kernel cannot clone a detached mount)
 * in one message over the unix socket FD. The mounts outlive this process; a cage moves one in (m:), one
 * per run, since a moved mount goes with its cage, and the user may clone it only in the namespace that
 * made it: this one. All share the tmpfs, so what one run leaves the next sees (a multi-pass problem's
 * feedback folder), under the same cap.
 *
 * guard: `launch guard PREFIX DIR...` waits until its stdin (a pipe only ojpack writes to) reaches EOF,
 * that is until ojpack has exited or been killed, then kills what is left in the cgroups DIR/PREFIX*
 * and removes them: a SIGKILLed ojpack leaves no cgroup behind.
 *
 * Why a helper at all: Python can start it with posix_spawn (vfork) instead of fork + preexec_fn. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <grp.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NOBODY 65534     /* the program's uid and gid, the same inside and outside */
#define WARDEN 65533     /* what the cage's root (init) is outside: unprivileged, and not the program */
#define MAX_BINDS 64
#define MAX_MOUNTS 4     /* a pooled run's detached mounts (its feedback or working folder) */
#define STDERR_KEEP (64 << 10)   /* of a program's stderr, what is kept: its message, not its debug flood */

static void limit(int what, const char *value, rlim_t extra) {
    if (strcmp(value, "-") == 0) return;
    struct rlimit r;
    r.rlim_cur = strtoull(value, NULL, 10);
    r.rlim_max = r.rlim_cur + extra;
    if (setrlimit(what, &r) != 0) { perror("launch: setrlimit"); _exit(120); }
}

static void join(const char *tasks, pid_t pid) {
    if (strcmp(tasks, "-") == 0) return;
    char num[32];
    int n = snprintf(num, sizeof num, "%d", (int)pid);
    int fd = open(tasks, O_WRONLY);
    if (fd < 0 || write(fd, num, n) != n) { perror("launch: cgroup"); _exit(121); }
    close(fd);
}

static void plain_signals(void) {
    /* Python starts with SIGPIPE and SIGXFSZ ignored, and ignored signals survive exec: without this a
       program past the output limit would get EFBIG from every write and spin until its time runs out. */
    signal(SIGPIPE, SIG_DFL);
    signal(SIGXFSZ, SIG_DFL);
    signal(SIGINT, SIG_DFL);    /* the cage's helper and init ignore the terminal's signals (see cage_main) */
    signal(SIGQUIT, SIG_DFL);
    sigset_t all;
    sigemptyset(&all);
    sigprocmask(SIG_SETMASK, &all, NULL);
}

static void become(char **argv) {
    plain_signals();
    setsid();
    if (chdir(argv[0]) != 0) { perror("launch: chdir"); _exit(122); }
    limit(RLIMIT_CPU, argv[1], 1);
    limit(RLIMIT_FSIZE, argv[2], 0);
    limit(RLIMIT_STACK, argv[3], 0);
    limit(RLIMIT_AS, argv[4], 0);
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none);
    join(argv[5], getpid());
    join(argv[6], getpid());
    execvp(argv[8], argv + 8);
    fprintf(stderr, "launch: cannot run %s: %s\n", argv[8], strerror(errno));
    _exit(127);
}

static int plain(int argc, char **argv) {
    if (argc < 11 || strcmp(argv[9], "--") != 0) {
        fprintf(stderr, "usage: launch exec|fork|cage ...\n");
        return 122;
    }
    if (strcmp(argv[1], "exec") == 0) become(argv + 2);
    pid_t child = fork();
    if (child < 0) { perror("launch: fork"); return 123; }
    if (child == 0) {
        close(3);
        become(argv + 2);
    }
    close(0);   /* the program's alone: a pipe it closes must reach its partner as EOF at once */
    close(1);
    signal(SIGPIPE, SIG_IGN);
    dprintf(3, "%d\n", (int)child);
    int status = 0;
    struct rusage ru;
    while (wait4(child, &status, 0, &ru) < 0)
        if (errno != EINTR) { perror("launch: wait4"); return 124; }
    dprintf(3, "%d %lld %lld %ld\n", status,
            (long long)ru.ru_utime.tv_sec * 1000000 + ru.ru_utime.tv_usec,
            (long long)ru.ru_stime.tv_sec * 1000000 + ru.ru_stime.tv_usec, ru.ru_maxrss);
    return 0;
}

/* ---------------------------------------------------------------- the cage */

struct bind { char *path, *source; int fd; int dir; int writable; int moved; };
#define HOST_PREFIX "/.ojpack-host"   /* a bind at HOST_PREFIX/x shows the host's /x */

struct cage {
    const char *skel, *cwd, *nproc;
    long long mem_cap;                    /* k: bytes of resident memory + /tmp past which init ends the run */
    int rootless;
    int group_only;                       /* g: a process group of its own, not a session (see own_group) */
    int cpu;                              /* c: the one CPU the program runs on (-1: any; see pin_cpu) */
    long long cpu_ms, wall_ms;
    const char *fsize, *stack, *as, *tasks1, *tasks2, *netns;
    unsigned long long tmpfs;
    struct bind binds[MAX_BINDS];
    int nbinds, etc_fd, dev_fd;
    char **argv;
    int nmounts;                          /* a pooled run's own detached mounts, moved in by its init */
    char *mount_path[MAX_MOUNTS];
    int mount_fd[MAX_MOUNTS];
    int ncg;                              /* a pooled run's cgroups: 4, with cg_fd below; else 0 */
    int cg_fd[4];                         /* the run's two cgroup.procs, then those of ojpack's own cgroups */
    int warm;                             /* a pooled run asking for the pool's warm Python (see pywarm.c) */
    char *cmdline;                        /* this process's own command line, which init blanks */
    size_t cmdline_len;
};

/* SIGTERM (ojpack stopping a run it no longer waits for, Ctrl-C, or the death of the thread that started it,
   PR_SET_PDEATHSIG): the helper kills the children it names here
   and reaps every child it has before it exits. Killed by SIGKILL instead, its children would die with it
   (PR_SET_PDEATHSIG) but as zombies of the host's init, which in a container may never reap them. */
static volatile pid_t stop_first, stop_second;

static void stop_and_reap(int sig) {
    (void)sig;
    if (stop_first > 0) kill(stop_first, SIGKILL);
    if (stop_second > 0) kill(stop_second, SIGKILL);
    while (waitpid(-1, NULL, 0) > 0 || errno == EINTR) {}
    _exit(143);
}

/* SIGTERM held while a child is forked and named, so the handler never misses one it must kill. */
static void hold_stop(int hold) {
    sigset_t term;
    sigemptyset(&term);
    sigaddset(&term, SIGTERM);
    sigprocmask(hold ? SIG_BLOCK : SIG_UNBLOCK, &term, NULL);
}

/* The backstop, should a run's init itself ever hang: SIGALRM ends the helper (and with it the run), and
   ojpack then reports the cage's end instead of waiting for ever. Init enforces the wall limit itself, so
   this only has to come well after it; a loaded VM stalled for seconds (runs of 0.02 s CPU have timed out
   on their wall there) must not make a late init look hung, which ends the whole check, not the run. */
static unsigned backstop_s(long long wall_ms) { return (unsigned)(2 * (wall_ms / 1000) + 10); }

static void fail(const char *fmt, ...) {
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    dprintf(3, "E %s: %s\n", msg, strerror(errno));
    _exit(125);
}

static void write_file(const char *path, const char *text) {
    int fd = open(path, O_WRONLY);
    if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text)) fail("write %s", path);
    close(fd);
}

static void mkdirs(char *path) {   /* mkdir -p; `path` is modified in place and restored */
    for (char *p = path + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        if (mkdir(path, 0755) != 0 && errno != EEXIST) fail("mkdir %s", path);
        *p = '/';
    }
}

static void mount_point(const char *root, const struct bind *b) {
    char path[4096];
    snprintf(path, sizeof path, "%s%s", root, b->path);
    mkdirs(path);
    if (b->dir) {
        if (mkdir(path, 0755) != 0 && errno != EEXIST) fail("mkdir %s", path);
    } else {
        int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0 && errno != EEXIST && errno != EROFS && errno != EISDIR) fail("mount point %s", path);
        if (fd >= 0) close(fd);
    }
}

static void bind_fd(int fd, const char *root, const char *path, unsigned long extra) {
    char from[64], to[4096];
    snprintf(from, sizeof from, "/proc/self/fd/%d", fd);
    snprintf(to, sizeof to, "%s%s", root, path);
    if (mount(from, to, NULL, MS_BIND | extra, NULL) != 0) fail("bind %s", path);
}

static long long now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static long rss_pages;   /* cpu_ms_of adds each process's resident pages here */

static long long cpu_ms_of(pid_t pid) {   /* user + system of the program and its reaped children */
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0) return 0;
    buf[n] = 0;
    char *p = strrchr(buf, ')');
    if (!p) return 0;
    unsigned long long v[15] = {0};
    long rss = 0;
    /* after ")": state(3) ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
       priority nice num_threads itrealvalue starttime vsize rss */
    if (sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu %*d %*d %*d %*d %*u %*u %ld",
               &v[0], &v[1], &v[2], &v[3], &rss) < 4) return 0;
    rss_pages += rss;
    return (long long)(v[0] + v[1] + v[2] + v[3]) * 1000 / sysconf(_SC_CLK_TCK);
}

static long long usage_us(const struct rusage *ru) {
    return (long long)ru->ru_utime.tv_sec * 1000000 + ru->ru_utime.tv_usec
         + (long long)ru->ru_stime.tv_sec * 1000000 + ru->ru_stime.tv_usec;
}

/* The CPU of every process in the cage, as init (pid 1 of its pid namespace) sees it: each process's own
   and its reaped children's (/proc/PID/stat, zombies included), and what init itself has reaped. An orphan
   the program never waits for counts as much as the program does. */
static long long cage_cpu_ms(void) {
    rss_pages = 0;
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru);
    long long total = usage_us(&ru) / 1000;
    DIR *d = opendir("/proc");
    if (!d) return total;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        pid_t pid = (pid_t)atoi(e->d_name);
        if (pid > 1) total += cpu_ms_of(pid);
    }
    closedir(d);
    return total;
}

/* Rootless with k: (no cgroup): what the run holds now, as a cgroup would count it: the resident pages of
   every process in the cage (from the last cage_cpu_ms) and the pages of its /tmp tmpfs. */
static long long cage_memory_bytes(void) {
    struct statvfs tmp;
    long long bytes = (long long)rss_pages * sysconf(_SC_PAGESIZE);
    if (statvfs("/tmp", &tmp) == 0) bytes += (long long)(tmp.f_blocks - tmp.f_bfree) * (long long)tmp.f_frsize;
    return bytes;
}

static void drop_privileges(void) {
    for (int cap = 0; cap < 64; cap++) prctl(PR_CAPBSET_DROP, cap, 0, 0, 0);
    if (setresgid(NOBODY, NOBODY, NOBODY) != 0 || setresuid(NOBODY, NOBODY, NOBODY) != 0) {
        perror("launch: setuid");
        _exit(126);
    }
    struct { unsigned version; int pid; } head = {0x20080522, 0};   /* _LINUX_CAPABILITY_VERSION_3 */
    struct { unsigned effective, permitted, inheritable; } none[2] = {{0, 0, 0}, {0, 0, 0}};
    syscall(SYS_capset, &head, none);
    prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
}

/* Rootless: the program and init share the one uid a user may map, and prlimit() needs no more than
   that: a program could lower init's limits and kill it. A seccomp filter refuses prlimit on any
   process but the caller (pid 0; setrlimit is prlimit(0, ...)), and x32 system calls altogether. */
#if defined(__x86_64__)
#define AUDIT_ARCH_HERE AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define AUDIT_ARCH_HERE AUDIT_ARCH_AARCH64
#endif

static void no_prlimit_on_others(void) {
#ifdef AUDIT_ARCH_HERE
    struct sock_filter code[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_HERE, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 3, 0),   /* __X32_SYSCALL_BIT */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_prlimit64, 0, 3),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog prog = {sizeof code / sizeof *code, code};
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0) { perror("launch: seccomp"); _exit(126); }
#endif
}

/* The program starts a session of its own (no controlling terminal, not the terminal's Ctrl-C: that is
   ojpack's, which stops the run), and with it a scheduler autogroup of its own (CONFIG_SCHED_AUTOGROUP), which
   on a busy machine gets a whole group's share of the CPU. A run with "g:" (either side of an interactive
   pair) leads only a process group of its own, and stays in ojpack's autogroup with the relay and its
   partner: a pair in two groups beside the relay in ojpack's waited on each other's wake-ups, 4-5x the time
   of the same processes in one group (bench/interact.py). A controlling terminal reaches the program only
   through a descriptor (the cage's /dev has no tty): when one of its standard streams is a terminal, it
   gets a session of its own all the same, so that it can neither push input into that terminal (TIOCSTI)
   nor take it over. */
static void own_group(int group_only) {
    if (!group_only || isatty(0) || isatty(1) || isatty(2)) setsid();
    else setpgid(0, 0);
}

/* "c:CPU": the program on one CPU, as ojpack's relay and the program's partner are (an interactive run:
   every message is a wake-up, and one that crosses CPUs costs ~20 us in a VM; see sandbox/affinity.py).
   Best effort: a CPU it may not use leaves it where it was. */
static void pin_cpu(int cpu) {
    if (cpu < 0 || cpu >= CPU_SETSIZE) return;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    sched_setaffinity(0, sizeof one, &one);
}

#ifdef OJPACK_WARM_PYTHON
#include "pywarm.c"
#else
static int warm_option(const char *arg) { (void)arg; return 0; }
#endif

static void run_program(struct cage *c) {
    plain_signals();
    own_group(c->group_only);
    pin_cpu(c->cpu);
    syscall(SYS_close_range, 3, ~0U, 0);
    if (chdir(c->cwd) != 0) { perror("launch: chdir"); _exit(122); }
    char cpu[32];
    snprintf(cpu, sizeof cpu, "%lld", (c->cpu_ms + 999) / 1000 + 1);   /* a backstop: init kills at the exact limit */
    limit(RLIMIT_CPU, cpu, 1);
    limit(RLIMIT_FSIZE, c->fsize, 0);
    limit(RLIMIT_STACK, c->stack, 0);
    limit(RLIMIT_AS, c->as, 0);
    limit(RLIMIT_NPROC, c->nproc, 0);
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none);
    drop_privileges();
    if (c->rootless) no_prlimit_on_others();   /* after no_new_privs, which an unprivileged filter needs */
#ifdef OJPACK_WARM_PYTHON
    run_warm(c);   /* the script in this forked interpreter, when the run is warm; else the exec below */
#endif
    execvp(c->argv[0], c->argv);
    fprintf(stderr, "launch: cannot run %s: %s\n", c->argv[0], strerror(errno));
    _exit(127);
}

static void set_attr(const char *path, unsigned flags, unsigned long long set, unsigned long long clr) {
    struct mount_attr a = {.attr_set = set, .attr_clr = clr};
    if (syscall(SYS_mount_setattr, -1, path, flags, &a, sizeof a) != 0) fail("mount_setattr %s", path);
}

/* Rootless: the skeleton's /dev holds empty files where root's has device nodes; the host's own nodes
   are bound over them (a bind keeps them usable where a user's own mknod could not). */
static void host_devices(const char *root) {
    static const char *names[] = {"null", "zero", "full", "random", "urandom"};
    char from[64], to[4096];
    struct stat st;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        snprintf(to, sizeof to, "%s/dev/%s", root, names[i]);
        if (lstat(to, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        snprintf(from, sizeof from, "/dev/%s", names[i]);
        if (mount(from, to, NULL, MS_BIND, NULL) != 0) fail("bind %s", from);
    }
}

static void build_root(struct cage *c) {
    /* The new root is a tmpfs over /tmp, in this private mount namespace only: any path would do, but
       init (uid 65534 now) can reach /tmp, and nothing is read from there by path any more. */
    const char *root = "/tmp";
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) fail("make / private");
    if (mount("ojpack", root, "tmpfs", MS_NOSUID | MS_NODEV, "size=1m,mode=0755") != 0) fail("tmpfs root");
    static const char *links[] = {"bin", "sbin", "lib", "lib32", "lib64", "libx32"};
    char path[4096], target[4096], opts[128];
    for (size_t i = 0; i < sizeof links / sizeof *links; i++) {
        snprintf(path, sizeof path, "/%s", links[i]);
        ssize_t n = readlink(path, target, sizeof target - 1);
        if (n <= 0) continue;   /* not a symlink on this host: bound when listed as r: */
        target[n] = 0;
        snprintf(path, sizeof path, "%s/%s", root, links[i]);
        if (symlink(target, path) != 0) fail("symlink %s", path);
    }
    static const char *dirs[] = {"usr", "etc", "dev", "proc", "tmp"};
    for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
        snprintf(path, sizeof path, "%s/%s", root, dirs[i]);
        if (mkdir(path, 0755) != 0) fail("mkdir %s", path);
    }
    /* /tmp first, so that paths below it (a package copied under /tmp) get their mount points in it. */
    snprintf(opts, sizeof opts, "size=%llu,mode=0700,uid=%d,gid=%d", c->tmpfs, NOBODY, NOBODY);
    snprintf(path, sizeof path, "%s/tmp", root);
    if (mount("ojpack-tmp", path, "tmpfs", MS_NOSUID | MS_NODEV, opts) != 0) fail("tmpfs /tmp");
    for (int i = 0; i < c->nbinds; i++) mount_point(root, &c->binds[i]);
    snprintf(path, sizeof path, "%s/usr", root);
    if (mount("/usr", path, NULL, MS_BIND | MS_REC, NULL) != 0) fail("bind /usr");
    bind_fd(c->etc_fd, root, "/etc", 0);
    bind_fd(c->dev_fd, root, "/dev", 0);
    if (c->rootless) host_devices(root);
    for (int i = 0; i < c->nbinds; i++)
        if (!c->binds[i].writable) bind_fd(c->binds[i].fd, root, c->binds[i].path, MS_REC);
    /* One call makes the root and every bind below it read-only; then /tmp alone is made writable again. */
    set_attr(root, AT_RECURSIVE, MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID, 0);
    snprintf(path, sizeof path, "%s/tmp", root);
    set_attr(path, 0, 0, MOUNT_ATTR_RDONLY);
    for (int i = 0; i < c->nbinds; i++)
        if (c->binds[i].writable && !c->binds[i].moved) bind_fd(c->binds[i].fd, root, c->binds[i].path, 0);
    for (int i = 0; i < c->nbinds; i++) {   /* MOVE_MOUNT_F_EMPTY_PATH: the descriptor is the mount itself */
        if (!c->binds[i].moved) continue;
        snprintf(path, sizeof path, "%s%s", root, c->binds[i].path);
        if (syscall(SYS_move_mount, c->binds[i].fd, "", AT_FDCWD, path, 4) != 0) fail("move_mount %s", path);
    }
    snprintf(path, sizeof path, "%s/proc", root);
    if (mount("proc", path, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0) fail("mount /proc");
    if (chdir(root) != 0 || syscall(SYS_pivot_root, ".", ".") != 0) fail("pivot_root");
    if (umount2(".", MNT_DETACH) != 0 || chdir("/") != 0) fail("detach the old root");
    for (int i = 0; i < c->nbinds; i++) close(c->binds[i].fd);
    close(c->etc_fd);
    close(c->dev_fd);
}

/* Init becomes the namespace's root (uid 0 inside, WARDEN outside): files it makes on the tmpfs need an
   owner the namespace knows, and a uid other than the program's means the program cannot ptrace,
   prlimit or signal it. */
static void become_cage_root(void) {
    if (setresgid(0, 0, 0) != 0 || setresuid(0, 0, 0) != 0) fail("setuid in the cage");
    struct { unsigned version; int pid; } head = {0x20080522, 0};
    struct { unsigned effective, permitted, inheritable; } caps[2];
    if (syscall(SYS_capget, &head, caps) != 0) fail("capget");
    caps[0].effective = caps[0].permitted;
    caps[1].effective = caps[1].permitted;
    if (syscall(SYS_capset, &head, caps) != 0) fail("capset");
}

static int open_path(const char *path, int *dir) {
    int fd = open(path, O_PATH | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) fail("open %s", path);
    if (dir) *dir = S_ISDIR(st.st_mode);
    return fd;
}

static void make_root(struct cage *c);
static int watch(struct cage *c, int go);

static int init_main(struct cage *c, int go) {
    char byte;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    /* Init is a clone: its /proc/1/cmdline, which the program may read, would be the helper's command line
       (host paths, cgroups, limits). What init needs was copied (see cage_main); the original goes. */
    memset(c->cmdline, 0, c->cmdline_len);
    snprintf(c->cmdline, c->cmdline_len, "init");
    if (read(go, &byte, 1) != 1) _exit(125);   /* the outer helper died before setting us up */
    /* `go` stays open: the helper writes 'o' on it when the program's output passes its limit. */
    make_root(c);
    return watch(c, go);
}

/* Init's set-up (or a pooled cage's builder's): the cage's root, built and pivoted into. */
static void make_root(struct cage *c) {
    /* Bind sources are opened here, still as kuid 0 and inside the new mount namespace (a mount of
       another namespace cannot be bound), then reached through /proc/self/fd once init is the cage's root. */
    char path[4096];
    for (int i = 0, moved = 0; i < c->nbinds; i++) {
        if (c->binds[i].moved) c->binds[i].fd = 5 + moved++, c->binds[i].dir = 1;
        else c->binds[i].fd = open_path(c->binds[i].source, &c->binds[i].dir);
    }
    snprintf(path, sizeof path, "%s/etc", c->skel);
    c->etc_fd = open_path(path, NULL);
    snprintf(path, sizeof path, "%s/dev", c->skel);
    c->dev_fd = open_path(path, NULL);
    if (!c->rootless) become_cage_root();   /* rootless: init already has every capability in its namespace */
    prctl(PR_SET_PDEATHSIG, SIGKILL);   /* a change of credentials clears it: arm it again */
    build_root(c);
}

/* A pooled run's init joins the cgroups at c->cg_fd[from] and [from + 1] (descriptors of their cgroup.procs,
   opened by the pool, as root, outside the cage: "0" names the writer itself). 0: the run's, before it forks
   the program, so everything the program does is charged and counted there; 2: ojpack's own, once the run
   has been reaped, so that it never holds the run's cgroups while ojpack reads and resets them. */
static void move_self(struct cage *c, int from) {
    for (int k = from; k < from + 2 && k < c->ncg; k++) {
        if (write(c->cg_fd[k], "0", 1) != 1) fail("join a cgroup");
        close(c->cg_fd[k]);
    }
}

/* Init's watch: fork the program, enforce the CPU and wall limits, take every process down, report on fd 3. */
static int watch(struct cage *c, int go) {
    char byte;
    /* Rootless: not dumpable, init's /proc files (oom_score_adj...) belong to no one the program is. The
       program's own flag comes back at its exec. */
    if (c->rootless) prctl(PR_SET_DUMPABLE, 0);
    move_self(c, 0);   /* a pooled run's cgroups: init in them before the program is forked */
    long long start = now_ms();
    pid_t child = fork();
    if (child < 0) fail("fork");
    if (child == 0) run_program(c);
    close(0);   /* the program's alone: a pipe it closes must reach its partner as EOF at once */
    close(1);
    int pidfd = (int)syscall(SYS_pidfd_open, child, 0);
    int killed = 0, status = 0, over = 0;
    long long peak = 0;   /* k: the most the run held at once, as sampled */
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    long long used = 0;
    for (;;) {
        pid_t got = wait4(child, &status, WNOHANG, &ru);
        if (got == child) break;
        if (got < 0 && errno != EINTR) fail("wait4");
        long long left = start + c->wall_ms - now_ms();
        if (!killed && (left <= 0 || used > c->cpu_ms || over)) {
            kill(-1, SIGKILL);   /* as the namespace's init: every process in the cage but this one */
            killed = over ? 2 : 1;
        }
        /* CPU grows at most ~cores x wall: sleeping half the CPU left never oversleeps much. */
        long long delay = killed ? 50 : (c->cpu_ms - used) / 2;
        if (!killed && left < delay) delay = left;
        if (!killed && c->mem_cap && delay > 10) delay = 10;   /* memory grows fast: look often */
        if (delay < 5) delay = 5;
        struct pollfd p[2] = {{pidfd, POLLIN, 0}, {go, POLLIN, 0}};   /* a negative fd is skipped */
        if (pidfd >= 0 || go >= 0) poll(p, 2, (int)delay);
        else usleep((useconds_t)delay * 1000);
        if (go >= 0 && p[1].revents) {
            if (read(go, &byte, 1) == 1) over = over || byte == 'o';
            else { close(go); go = -1; }
        }
        used = cage_cpu_ms();
        if (c->mem_cap) {
            long long held = cage_memory_bytes();
            if (held > peak) peak = held;
            if (!killed && held > c->mem_cap) {
                kill(-1, SIGKILL);
                killed = 3;
            }
        }
    }
    if (c->mem_cap) {   /* what it left in /tmp and in processes still running counts too */
        cage_cpu_ms();
        long long held = cage_memory_bytes();
        if (held > peak) peak = held;
    }
    kill(-1, SIGKILL);   /* whatever it left behind: setsid orphans, daemons */
    while (waitpid(-1, NULL, 0) > 0 || errno == EINTR) {}
    struct rusage all;   /* everything the cage ran has now been reaped, by its parent or by init */
    getrusage(RUSAGE_CHILDREN, &all);
    if (c->rootless) ru.ru_maxrss = all.ru_maxrss;   /* no cgroup may measure it: the run's largest process */
    if (peak / 1024 > ru.ru_maxrss) ru.ru_maxrss = (long)(peak / 1024);   /* or all of it together (k:) */
    move_self(c, 2);   /* and out of them before it reports: ojpack then finds them empty */
    dprintf(3, "%d %d %lld %lld %ld %lld\n", killed, status,
            (long long)ru.ru_utime.tv_sec * 1000000 + ru.ru_utime.tv_usec,
            (long long)ru.ru_stime.tv_sec * 1000000 + ru.ru_stime.tv_usec, ru.ru_maxrss, usage_us(&all));
    return 0;
}

static void stdin_to_memfd(void) {
    struct stat st;
    if (fstat(0, &st) != 0 || !S_ISREG(st.st_mode)) return;
    int m = memfd_create("stdin", MFD_CLOEXEC);
    if (m < 0) fail("memfd_create");
    off_t off = 0;
    while (off < st.st_size) {
        ssize_t n = sendfile(m, 0, &off, (size_t)(st.st_size - off));
        if (n <= 0) { if (n < 0 && errno == EINTR) continue; if (n < 0) fail("copy stdin"); break; }
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", m);
    int ro = open(path, O_RDONLY);   /* a read-only description of the copy */
    if (ro < 0 || dup2(ro, 0) != 0) fail("reopen stdin");
    close(ro);
    close(m);
}

/* A stdout/stderr that is a regular file: the program gets a pipe instead, and this process keeps the file
   (returned through *file) and the pipe's read end (returned). -1: not a file, left as it is. */
static int pipe_if_file(int fd, int *file) {
    struct stat st;
    *file = -1;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return -1;
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0) fail("pipe");
    fcntl(p[0], F_SETPIPE_SZ, 1 << 20);   /* fewer wake-ups for a large output; best effort */
    *file = fcntl(fd, F_DUPFD_CLOEXEC, 10);
    if (*file < 0 || dup2(p[1], fd) != fd) fail("dup2");   /* not close-on-exec: the program's own */
    close(p[1]);
    return p[0];
}

/* Move what is in `from` to `to`, at most `room` bytes (none: read and drop). Returns 0 at EOF. */
static char sink[1 << 16];   /* output read past the limit, dropped (emptied after each run: see serve_one) */

static ssize_t move(int from, int to, long long room) {
    if (room <= 0) return read(from, sink, sizeof sink);
    ssize_t n = splice(from, NULL, to, NULL, (size_t)(room < (1 << 20) ? room : (1 << 20)), SPLICE_F_MOVE);
    if (n >= 0 || errno != EINVAL) return n;
    n = read(from, sink, (size_t)(room < (long long)sizeof sink ? room : (long long)sizeof sink));
    return n > 0 && write(to, sink, (size_t)n) != n ? -1 : n;
}

/* Drain the program's stdout (at most `out_max` bytes kept; past that, init is told on `go` unless it is -1) and stderr
   (STDERR_KEEP kept, the rest dropped) until every writer is gone, which is when the cage has ended. */
static void pump(int out_r, int out_file, long long out_max, int err_r, int err_file, int go) {
    long long out_len = 0, err_len = 0;
    while (out_r >= 0 || err_r >= 0) {
        struct pollfd p[2] = {{out_r, POLLIN, 0}, {err_r, POLLIN, 0}};
        if (poll(p, 2, -1) < 0) {
            if (errno == EINTR) continue;
            return;
        }
        if (p[0].revents) {
            ssize_t n = move(out_r, out_file, out_max - out_len);
            if (n <= 0 && !(n < 0 && errno == EINTR)) { close(out_r); out_r = -1; }
            else if (out_len < out_max && (out_len += n) >= out_max && go >= 0 && write(go, "o", 1) != 1) {}
        }
        if (p[1].revents) {
            ssize_t n = move(err_r, err_file, STDERR_KEEP - err_len);
            if (n <= 0 && !(n < 0 && errno == EINTR)) { close(err_r); err_r = -1; }
            else if (err_len < STDERR_KEEP) err_len += n;
        }
    }
}

static void write_maps(pid_t init, int rootless) {
    char map[64], gmap[64], path[64];
    snprintf(map, sizeof map, "0 %d 1\n%d %d 1\n", WARDEN, NOBODY, NOBODY);
    snprintf(gmap, sizeof gmap, "%s", map);
    if (rootless) {   /* an unprivileged user may map its own ids, one line each */
        snprintf(map, sizeof map, "%d %d 1\n", NOBODY, (int)geteuid());
        snprintf(gmap, sizeof gmap, "%d %d 1\n", NOBODY, (int)getegid());
    }
    snprintf(path, sizeof path, "/proc/%d/setgroups", (int)init);
    write_file(path, "deny");
    snprintf(path, sizeof path, "/proc/%d/uid_map", (int)init);
    write_file(path, map);
    snprintf(path, sizeof path, "/proc/%d/gid_map", (int)init);
    write_file(path, gmap);
}

/* The r:/w:/m: binds and n:, g:, k:, c: options from argv[i] on, up to "--" or the end; returns where they stopped. */
static int parse_binds(struct cage *c, int argc, char **argv, int i) {
    for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (argv[i][0] == 'n' && argv[i][1] == ':') { c->nproc = argv[i] + 2; continue; }
        if (argv[i][0] == 'g' && argv[i][1] == ':') { c->group_only = 1; continue; }
        if (argv[i][0] == 'c' && argv[i][1] == ':') { c->cpu = atoi(argv[i] + 2); continue; }
        if (argv[i][0] == 'k' && argv[i][1] == ':') { c->mem_cap = atoll(argv[i] + 2); continue; }
        if (warm_option(argv[i])) continue;   /* a pool's warm Python (pywarm.c) */
        if (c->nbinds == MAX_BINDS || strlen(argv[i]) < 3 || argv[i][1] != ':' || argv[i][2] != '/') {
            errno = EINVAL;
            fail("bad bind %s", argv[i]);
        }
        struct bind *b = &c->binds[c->nbinds++];
        b->path = b->source = argv[i] + 2;
        if (strncmp(b->path, HOST_PREFIX "/", strlen(HOST_PREFIX) + 1) == 0) b->source += strlen(HOST_PREFIX);
        b->writable = argv[i][0] == 'w' || argv[i][0] == 'm';
        b->moved = argv[i][0] == 'm';
    }
    return i;
}

/* A copy of argv, so that the original (what /proc/PID/cmdline shows) can be blanked; NULL when out of memory. */
static char **copied(int argc, char **argv) {
    char **copy = calloc((size_t)argc + 1, sizeof *copy);
    for (int k = 0; copy && k < argc; k++)
        if ((copy[k] = strdup(argv[k])) == NULL) return NULL;
    return copy;
}

static int cage_main(int argc, char **argv) {
    if (argc < 15) { fprintf(stderr, "usage: launch cage ...\n"); return 122; }
    char *cmdline = argv[0];
    size_t cmdline_len = (size_t)(argv[argc - 1] + strlen(argv[argc - 1]) + 1 - cmdline);
    if ((argv = copied(argc, argv)) == NULL) return 125;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() == 1) return 125;
    /* Ctrl-C reaches ojpack's whole process group. Were the helper to die of it first, init would be
       orphaned before ojpack looks for what it started; ojpack kills the cage itself, so the terminal's
       signals are not for the helper or init (the program gets them back before exec). */
    signal(SIGINT, SIG_IGN);
    signal(SIGQUIT, SIG_IGN);
    struct cage c = {.rootless = geteuid() != 0, .nproc = "-", .cpu = -1, .skel = argv[2], .cwd = argv[3], .cpu_ms = atoll(argv[4]), .wall_ms = atoll(argv[5]),
                     .fsize = argv[6], .stack = argv[7], .as = argv[8], .tmpfs = strtoull(argv[9], NULL, 10),
                     .tasks1 = argv[10], .tasks2 = argv[11], .netns = argv[12],
                     .cmdline = cmdline, .cmdline_len = cmdline_len};
    int i = parse_binds(&c, argc, argv, 13);
    if (i + 1 >= argc) { errno = EINVAL; fail("no program"); }
    c.argv = argv + i + 1;
    int out_file, err_file, out_r = pipe_if_file(1, &out_file), err_r = pipe_if_file(2, &err_file);
    long long out_max = strcmp(c.fsize, "-") == 0 ? LLONG_MAX : strtoll(c.fsize, NULL, 10);
    stdin_to_memfd();
    /* else the program keeps root's supplementary groups; a user cannot drop its own (see rootless above) */
    if (!c.rootless && setgroups(0, NULL) != 0) fail("setgroups");
    int go[2];
    if (pipe2(go, O_CLOEXEC) != 0) fail("pipe");
    long flags = CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWUTS | SIGCHLD;
    if (strcmp(c.netns, "-") == 0) {
        flags |= CLONE_NEWNET;
    } else {   /* the worker's empty namespace, owned by the host's user namespace: the cage's root gets no
                  capability in it, so it cannot even bring its loopback up */
        int ns = atoi(c.netns);
        if (setns(ns, CLONE_NEWNET) != 0) fail("join the worker's network namespace");
        close(ns);
    }
    pid_t init = (pid_t)syscall(SYS_clone, flags, NULL, NULL, NULL, NULL);
    if (init < 0) fail("cannot create namespaces (user namespaces disabled? sysctl user.max_user_namespaces)");
    if (init == 0) {
        close(go[1]);
        _exit(init_main(&c, go[0]));
    }
    stop_first = init;
    signal(SIGTERM, stop_and_reap);
    prctl(PR_SET_PDEATHSIG, SIGTERM);   /* from now on its parent's end takes the cage down and reaps it */
    if (getppid() == 1) stop_and_reap(0);
    close(go[0]);
    close(3);   /* init reports; our copy would hide its end of the pipe */
    close(0);   /* the program's stdin and stdout (or the pump's pipe to it) are the cage's alone: a pipe it */
    close(1);   /* closes reaches its partner as EOF at once, the pump's at the latest when it has ended */
    if (err_r >= 0) close(2);
    write_maps(init, c.rootless);
    join(c.tasks1, init);
    join(c.tasks2, init);
    if (write(go[1], "g", 1) != 1) { kill(init, SIGKILL); return 125; }
    alarm(backstop_s(c.wall_ms));
    signal(SIGPIPE, SIG_IGN);   /* init gone: telling it fails, and that is all */
    pump(out_r, out_file, out_max, err_r, err_file, strchr(c.fsize, '+') ? -1 : go[1]);
    int status;
    while (waitpid(init, &status, 0) < 0)
        if (errno != EINTR) return 124;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static int sweep(const char *dir, const char *prefix) {   /* returns how many cgroups are still there */
    DIR *d = opendir(dir);
    if (!d) return 0;
    int left = 0;
    struct dirent *e;
    char path[4096], buf[4096];
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, prefix, strlen(prefix)) != 0) continue;
        snprintf(path, sizeof path, "%s/%s/cgroup.procs", dir, e->d_name);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd >= 0) {
            ssize_t n = read(fd, buf, sizeof buf - 1);
            close(fd);
            buf[n > 0 ? n : 0] = 0;
            for (char *p = strtok(buf, "\n"); p; p = strtok(NULL, "\n")) kill(atoi(p), SIGKILL);
        }
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (rmdir(path) != 0 && errno != ENOENT) left++;
    }
    closedir(d);
    return left;
}

static int guard(int argc, char **argv) {
    char byte;
    for (;;) {
        ssize_t n = read(0, &byte, 1);
        if (n == 0 || (n < 0 && errno != EINTR)) break;
    }
    for (int round = 0; round < 200; round++) {   /* up to ~2 s while killed processes are reaped */
        int left = 0;
        for (int i = 3; i < argc; i++) left += sweep(argv[i], argv[2]);
        if (!left) return 0;
        usleep(10000);
    }
    return 1;
}

/* Rootless: a detached, capped tmpfs made in a user namespace of its own, sent back over a socket. */
static int make_tmpfs(char **argv) {
    enum { MOST = 128 };   /* below the kernel's SCM_MAX_FD (253) descriptors in one message */
    char map[64], opt[32];
    int clones = atoi(argv[5]);
    if (clones < 0 || clones >= MOST) { fprintf(stderr, "launch: tmpfs: CLONES must be 0 to %d\n", MOST - 1); return 1; }
    uid_t uid = geteuid();
    gid_t gid = getegid();
    int sock = atoi(argv[4]);
    if (unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) { perror("launch: unshare"); return 1; }
    snprintf(map, sizeof map, "0 %d 1\n", (int)uid);
    int fd = open("/proc/self/setgroups", O_WRONLY);
    if (fd < 0 || write(fd, "deny", 4) != 4) { perror("launch: setgroups"); return 1; }
    close(fd);
    fd = open("/proc/self/uid_map", O_WRONLY);
    if (fd < 0 || write(fd, map, strlen(map)) != (ssize_t)strlen(map)) { perror("launch: uid_map"); return 1; }
    close(fd);
    snprintf(map, sizeof map, "0 %d 1\n", (int)gid);
    fd = open("/proc/self/gid_map", O_WRONLY);
    if (fd < 0 || write(fd, map, strlen(map)) != (ssize_t)strlen(map)) { perror("launch: gid_map"); return 1; }
    close(fd);
    int fs = (int)syscall(SYS_fsopen, "tmpfs", 1);   /* FSOPEN_CLOEXEC */
    if (fs < 0) { perror("launch: fsopen"); return 1; }
    const char *keys[] = {"size", "nr_inodes", "mode"};
    const char *values[] = {argv[2], argv[3], "0700"};
    for (int k = 0; k < 3; k++)
        if (syscall(SYS_fsconfig, fs, 1, keys[k], values[k], 0) != 0) { perror("launch: fsconfig"); return 1; }
    if (syscall(SYS_fsconfig, fs, 6, NULL, NULL, 0) != 0) { perror("launch: tmpfs"); return 1; }   /* CMD_CREATE */
    int mnt = (int)syscall(SYS_fsmount, fs, 1, 0x2 | 0x4 | 0x8);   /* nosuid, nodev, noexec */
    if (mnt < 0) { perror("launch: fsmount"); return 1; }
    int fds[MOST], made = 1;
    fds[0] = mnt;
    /* OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC, AT_EMPTY_PATH; a kernel that clones no detached mount stops it */
    for (; made <= clones; made++)
        if ((fds[made] = (int)syscall(SYS_open_tree, mnt, "", 1 | O_CLOEXEC | AT_EMPTY_PATH)) < 0) break;
    snprintf(opt, sizeof opt, "%d", made);
    char space[CMSG_SPACE(MOST * sizeof(int))];
    memset(space, 0, sizeof space);
    struct iovec iov = {opt, strlen(opt)};
    struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = space,
                         .msg_controllen = CMSG_SPACE((size_t)made * sizeof(int))};
    struct cmsghdr *cm = CMSG_FIRSTHDR(&msg);
    cm->cmsg_level = SOL_SOCKET;
    cm->cmsg_type = SCM_RIGHTS;
    cm->cmsg_len = CMSG_LEN((size_t)made * sizeof(int));
    memcpy(CMSG_DATA(cm), fds, (size_t)made * sizeof(int));
    if (sendmsg(sock, &msg, 0) < 0) { perror("launch: sendmsg"); return 1; }
    return 0;
}

/* ---------------------------------------------------------------- a pooled cage (see sandbox/pool.py) */

/* launch pool SKEL TMPFS NETNS [r:PATH|w:PATH]...  with fd 3 a SOCK_SEQPACKET socket to ojpack.
 *
 * The cage made ahead: a builder is cloned into new user, mount and pid namespaces (and a network one when
 * NETNS is "-"; a number: the worker's, joined first), builds the read-only root with these binds exactly
 * as a one-shot cage's init does, pivots into it and exits; its namespaces stay, held by descriptors here.
 * This process answers "ok\n" (or "E message\n") and then serves runs, one at a time. A request is one
 * message "CPU_MS\0WALL_MS\0FSIZE\0STACK\0AS\0NPROC\0MEMCAP\0GROUP\0TASKS1\0TASKS2\0K\0MOUNT1...\0MOUNTK\0CWD\0
 * PROGRAM\0ARGS..." (GROUP "g": see own_group; a "w" after it: in the pool's warm Python, see pywarm.c; then
 * "@CPU": as c:, see pin_cpu; K detached mounts, MOUNTi the path of each) with the run's
 * stdin, stdout and stderr and then the K mounts as descriptors; the answer is init's report line.
 * Per run, a child (the keeper) enters the prepared user, network and mount namespaces, becomes the
 * cage's root and unshares a private copy of the mount tree and fresh pid, ipc and uts namespaces; its child
 * is the run's init: pid 1 of the new pid namespace. Init mounts a fresh /tmp tmpfs (the binds under /tmp
 * are cloned back onto it) and a fresh /proc over the prepared ones, in its copy only, joins the run's
 * cgroups (through descriptors this process opened: move_self), then runs the program as a one-shot init
 * does, and leaves the cgroups before it reports. The next run's keeper and init are made ahead (a spare). When it ends, the pid namespace and the copy
 * go with it: nothing of a run (files in /tmp, processes, SysV IPC, the pid count) reaches the next. What
 * is saved: the helper's start, the user namespace and its maps, the root's binds and the old root's
 * unmount (a read-copy-update wait, ~2 ms of a one-shot cage's ~5 here). */

#define OPEN_TREE_CLONE_ 1
#define AT_RECURSIVE_ 0x8000
#define MOVE_MOUNT_F_EMPTY_PATH_ 4

static int ns_fd(pid_t pid, const char *kind) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/ns/%s", (int)pid, kind);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) fail("open %s", path);
    return fd;
}

static int under_tmp(const char *path) { return strncmp(path, "/tmp/", 5) == 0; }

/* The run's init, in its own copy of the prepared tree: a fresh /tmp (with the binds below it cloned
   back) and a fresh /proc of its pid namespace, both over the prepared ones, which it cannot unmount. */
static void fresh_tmp_and_proc(struct cage *c) {
    int clones[MAX_BINDS];
    for (int i = 0; i < c->nbinds; i++) {
        clones[i] = -1;
        const char *p = c->binds[i].path;
        int nested = 0;   /* inside another bind under /tmp: that one's clone brings it along */
        for (int j = 0; j < c->nbinds; j++) {
            size_t n = strlen(c->binds[j].path);
            if (j != i && under_tmp(c->binds[j].path) && strncmp(p, c->binds[j].path, n) == 0 && p[n] == '/')
                nested = 1;
        }
        if (!under_tmp(p) || nested) continue;
        clones[i] = (int)syscall(SYS_open_tree, AT_FDCWD, p, OPEN_TREE_CLONE_ | O_CLOEXEC | AT_RECURSIVE_);
        if (clones[i] < 0) fail("open_tree %s", p);
    }
    char opts[128];
    snprintf(opts, sizeof opts, "size=%llu,mode=0700,uid=%d,gid=%d", c->tmpfs, NOBODY, NOBODY);
    if (mount("ojpack-tmp", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, opts) != 0) fail("tmpfs /tmp");
    for (int i = 0; i < c->nbinds; i++) {
        if (clones[i] < 0) continue;
        struct stat st;
        if (fstat(clones[i], &st) != 0) fail("stat %s", c->binds[i].path);
        c->binds[i].dir = S_ISDIR(st.st_mode);
        mount_point("", &c->binds[i]);
        if (syscall(SYS_move_mount, clones[i], "", AT_FDCWD, c->binds[i].path, MOVE_MOUNT_F_EMPTY_PATH_) != 0)
            fail("move_mount %s", c->binds[i].path);
        close(clones[i]);
    }
    if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0) fail("mount /proc");
}

struct prepared { int user, net, mnt; };

static int await_run(struct cage *c, int ctl);
static void move_mounts(struct cage *c);

/* The run's keeper (a child of the pool, fd 3 its report pipe): into the prepared namespaces, then a
   private copy of them for the run's init, which it waits for (outside the run's cgroups, which only init
   and the program join: see move_self). `ctl` >= 0: a
   spare made ahead, whose init gets its run's fields and descriptors there (see await_run). */
static void keep_run(struct cage *c, const struct prepared *ns, int go, int ctl) {
    signal(SIGTERM, SIG_DFL);   /* the pool's handler is the pool's alone */
    hold_stop(0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (setns(ns->user, CLONE_NEWUSER) != 0) fail("enter the cage's user namespace");
    if (ns->net >= 0 && setns(ns->net, CLONE_NEWNET) != 0) fail("enter the cage's network namespace");
    if (setns(ns->mnt, CLONE_NEWNS) != 0) fail("enter the cage's mount namespace");
    if (!c->rootless) become_cage_root();
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (unshare(CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWUTS) != 0) fail("unshare the run's namespaces");
    pid_t init = fork();
    if (init < 0) fail("fork");
    if (init == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        fresh_tmp_and_proc(c);
        if (ctl >= 0) go = await_run(c, ctl);
        move_mounts(c);
        _exit(watch(c, go));
    }
    if (ctl >= 0) close(ctl);
    close(go);
    close(0);   /* the program's stdin and stdout are the cage's alone: a pipe it closes reaches its partner */
    close(1);   /* as EOF at once */
    int status;
    while (waitpid(init, &status, 0) < 0 && errno == EINTR) {}
    _exit(0);
}

/* A request's fields into the cage (argv points into msg). */
static void parse_request(struct cage *c, char *msg, size_t len) {
    static char *field[MAX_BINDS + 16];
    int n = 0;
    for (size_t at = 0; at < len && n < (int)(sizeof field / sizeof *field) - 1; at += strlen(msg + at) + 1)
        field[n++] = msg + at;
    field[n] = NULL;
    int k = n > 10 ? atoi(field[10]) : -1;
    if (n < 13 || k < 0 || k > MAX_MOUNTS || n < 13 + k) { errno = EINVAL; fail("bad request"); }
    c->cpu_ms = atoll(field[0]);
    c->wall_ms = atoll(field[1]);
    c->fsize = field[2], c->stack = field[3], c->as = field[4], c->nproc = field[5], c->mem_cap = atoll(field[6]);
    c->group_only = field[7][0] == 'g';
    c->warm = strchr(field[7], 'w') != NULL;   /* "sw" or "gw": in the pool's warm Python (pywarm.c) */
    c->cpu = strchr(field[7], '@') ? atoi(strchr(field[7], '@') + 1) : -1;   /* "g@3", "gw@3": pinned to CPU 3 */
    c->tasks1 = field[8], c->tasks2 = field[9], c->nmounts = k;
    for (int i = 0; i < k; i++) c->mount_path[i] = field[11 + i];
    c->cwd = field[11 + k], c->argv = field + 12 + k;
}

/* A pooled run's detached mount (ojpack's capped folder) goes on the run's fresh /tmp only: its mount point
   is made there, in no bind (a folder of the host's) and in nothing other runs share. */
static int fresh_place(const struct cage *c, const char *path) {
    if (!under_tmp(path)) return 0;
    for (const char *part = path + 1; part; part = strchr(part, '/') ? strchr(part, '/') + 1 : NULL) {
        size_t n = strcspn(part, "/");   /* each component a plain name: no "", "." or ".." */
        if (n == 0 || (part[0] == '.' && (n == 1 || (n == 2 && part[1] == '.')))) return 0;
    }
    for (int i = 0; i < c->nbinds; i++) {
        size_t n = strlen(c->binds[i].path);
        if (strncmp(path, c->binds[i].path, n) == 0 && (path[n] == '/' || path[n] == 0)) return 0;
    }
    return 1;
}

/* The run's init: its detached mounts, writable, at their paths on its fresh /tmp (as a one-shot cage's m:). */
static void move_mounts(struct cage *c) {
    for (int i = 0; i < c->nmounts; i++) {
        if (!fresh_place(c, c->mount_path[i])) { errno = EINVAL; fail("a mount at %s", c->mount_path[i]); }
        struct bind b = {.path = c->mount_path[i], .dir = 1};
        mount_point("", &b);
        if (syscall(SYS_move_mount, c->mount_fd[i], "", AT_FDCWD, b.path, MOVE_MOUNT_F_EMPTY_PATH_) != 0)
            fail("move_mount %s", b.path);
        close(c->mount_fd[i]);
    }
}

/* One message and `want` descriptors, and up to MAX_MOUNTS more (its mounts), from `sock`; the message's
   length (0 when the peer is gone), and in *more how many more came. */
static ssize_t recv_with_fds(int sock, char *msg, size_t cap, int *fds, int want, int *more) {
    char control[CMSG_SPACE((8 + MAX_MOUNTS) * sizeof(int))];
    for (;;) {
        struct iovec iov = {msg, cap - 1};
        struct msghdr h = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control,
                           .msg_controllen = CMSG_SPACE((size_t)(want + 4 + MAX_MOUNTS) * sizeof(int))};
        ssize_t got = recvmsg(sock, &h, MSG_CMSG_CLOEXEC);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return 0;
        msg[got] = 0;
        struct cmsghdr *cm = CMSG_FIRSTHDR(&h);
        size_t n = cm && cm->cmsg_type == SCM_RIGHTS && cm->cmsg_len >= CMSG_LEN(0)
                   ? (cm->cmsg_len - CMSG_LEN(0)) / sizeof(int) : 0;
        if (n < (size_t)want || n > (size_t)(want + 4 + MAX_MOUNTS) || (h.msg_flags & MSG_CTRUNC)) {
            errno = EINVAL;
            fail("a request without its %d descriptors", want);
        }
        memcpy(fds, CMSG_DATA(cm), n * sizeof(int));
        *more = (int)n - want;
        return got;
    }
}

/* The request's mounts, received as its descriptors past the first three, to the cage: as many as it names. */
static void take_mounts(struct cage *c, const int *fds, int more) {
    if (more != c->nmounts) { errno = EINVAL; fail("a request with %d mounts for %d paths", more, c->nmounts); }
    for (int i = 0; i < more; i++) c->mount_fd[i] = fds[i];
}

/* Whether the request names cgroups (both tasks files, or neither). */
static int has_cgroups(const struct cage *c) {
    int one = strcmp(c->tasks1, "-") != 0, two = strcmp(c->tasks2, "-") != 0;
    if (one != two) { errno = EINVAL; fail("a request with one cgroup of two"); }
    return one;
}

/* The pool (root, in the host's namespaces) opens what the run's init writes to join the run's cgroups and
   to leave them (move_self): their cgroup.procs, and those of their parents, ojpack's own cgroups, where the
   pool and its children sit. */
static void open_cgroups(struct cage *c) {
    const char *tasks[2] = {c->tasks1, c->tasks2};
    c->ncg = 0;
    for (int k = 0; k < 2; k++) {
        char home[4096];
        snprintf(home, sizeof home, "%s", tasks[k]);
        for (int up = 0; up < 2; up++) {   /* .../OWN/ojpack-PID-N/cgroup.procs -> .../OWN */
            char *slash = strrchr(home, '/');
            if (slash == NULL || slash == home) { errno = EINVAL; fail("cgroup %s", tasks[k]); }
            *slash = 0;
        }
        strncat(home, "/cgroup.procs", sizeof home - strlen(home) - 1);
        c->cg_fd[k] = open(tasks[k], O_WRONLY | O_CLOEXEC);
        c->cg_fd[2 + k] = open(home, O_WRONLY | O_CLOEXEC);
        if (c->cg_fd[k] < 0 || c->cg_fd[2 + k] < 0) fail("open the cgroups of %s", tasks[k]);
    }
    c->ncg = 4;
}

/* A spare's init: in its fresh namespaces already, it waits for the run (the request as ojpack sent it,
   with stdin, stdout, stderr and the `go` pipe as the pool made them), takes them and returns `go`. The
   pool dropping the spare (its end closed) ends it. */
static int await_run(struct cage *c, int ctl) {
    static char msg[1 << 16];
    int fds[8 + MAX_MOUNTS], more;
    ssize_t len = recv_with_fds(ctl, msg, sizeof msg, fds, 4, &more);
    if (len <= 0) _exit(0);
    close(ctl);
    parse_request(c, msg, (size_t)len);
    c->ncg = has_cgroups(c) ? 4 : 0;
    if (more < c->ncg) { errno = EINVAL; fail("a request without its cgroups"); }
    for (int k = 0; k < c->ncg; k++) c->cg_fd[k] = fds[4 + k];
    take_mounts(c, fds + 4 + c->ncg, more - c->ncg);
    for (int k = 0; k < 3; k++)
        if (dup2(fds[k], k) != k) fail("dup2");
    for (int k = 0; k < 3; k++) close(fds[k]);
    return fds[3];
}

/* The next run's keeper and init, made while ojpack works between runs, outside any run's cgroups (its
   init joins the run's when the run comes: move_self). Made after the last run's keeper is reaped, from the prepared namespaces as every run's are, and used for one run at most. */
struct spare { pid_t keeper; int ctl, report; };

static void make_spare(struct cage *c, const struct prepared *ns, struct spare *s) {
    int sp[2], report[2];
    s->keeper = -1;
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sp) != 0) return;
    if (pipe2(report, O_CLOEXEC) != 0) { close(sp[0]); close(sp[1]); return; }
    hold_stop(1);
    pid_t keeper = fork();
    if (keeper == 0) {
        close(sp[0]);
        close(report[0]);
        if (dup2(report[1], 3) != 3) _exit(125);
        close(report[1]);
        keep_run(c, ns, -1, sp[1]);
    }
    close(sp[1]);
    close(report[1]);
    if (keeper < 0) { close(sp[0]); close(report[0]); hold_stop(0); return; }
    s->keeper = keeper, s->ctl = sp[0], s->report = report[0];
    stop_second = keeper;
    hold_stop(0);
}

static void drop_spare(struct spare *s) {
    if (s->keeper <= 0) return;
    close(s->ctl);   /* its init's wait ends, and so does it and then its keeper */
    close(s->report);
    while (waitpid(s->keeper, NULL, 0) < 0 && errno == EINTR) {}
    s->keeper = -1;
    stop_second = 0;
}

/* Hands the run to the spare: 0 when it took it. */
static int use_spare(struct spare *s, const struct cage *c, const char *msg, size_t len, int go) {
    if (s->keeper <= 0) return -1;
    int fds[8 + MAX_MOUNTS] = {0, 1, 2, go};
    for (int k = 0; k < c->ncg; k++) fds[4 + k] = c->cg_fd[k];
    for (int i = 0; i < c->nmounts; i++) fds[4 + c->ncg + i] = c->mount_fd[i];
    size_t size = (size_t)(4 + c->ncg + c->nmounts) * sizeof(int);
    char control[CMSG_SPACE(sizeof fds)];
    memset(control, 0, sizeof control);
    struct iovec iov = {(void *)msg, len};
    struct msghdr h = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control, .msg_controllen = CMSG_SPACE(size)};
    struct cmsghdr *cm = CMSG_FIRSTHDR(&h);
    cm->cmsg_level = SOL_SOCKET, cm->cmsg_type = SCM_RIGHTS, cm->cmsg_len = CMSG_LEN(size);
    memcpy(CMSG_DATA(cm), fds, size);
    if (sendmsg(s->ctl, &h, MSG_NOSIGNAL) != (ssize_t)len) { drop_spare(s); return -1; }
    close(s->ctl);
    return 0;
}

/* One request: its descriptors become 0, 1 and 2 as in a one-shot cage, the keeper runs it (the spare's,
   when there is one), this process drains the output, and init's report goes back to ojpack. */
static void serve_one(struct cage *c, const struct prepared *ns, char *msg, size_t len, int *fds, int more,
                      struct spare *spare) {
    parse_request(c, msg, len);   /* fields point into msg, which stays whole for a spare */
    take_mounts(c, fds + 3, more);
    for (int k = 0; k < 3; k++)
        if (dup2(fds[k], k) != k) fail("dup2");
    for (int k = 0; k < 3; k++) close(fds[k]);
    int out_file, err_file, out_r = pipe_if_file(1, &out_file), err_r = pipe_if_file(2, &err_file);
    long long out_max = strcmp(c->fsize, "-") == 0 ? LLONG_MAX : strtoll(c->fsize, NULL, 10);
    stdin_to_memfd();
    int report[2], go[2];
    if (pipe2(go, O_CLOEXEC) != 0) fail("pipe");
    if (has_cgroups(c)) open_cgroups(c);
    pid_t keeper;
    if (use_spare(spare, c, msg, len, go[0]) == 0) {
        keeper = spare->keeper, report[0] = spare->report;
        spare->keeper = -1;
        stop_first = keeper;   /* named before it stops being the spare */
        stop_second = 0;
    } else {
        drop_spare(spare);
        if (pipe2(report, O_CLOEXEC) != 0) fail("pipe");
        hold_stop(1);
        keeper = fork();
        if (keeper < 0) fail("fork");
        if (keeper == 0) {
            close(report[0]);
            close(go[1]);
            if (dup2(report[1], 3) != 3) _exit(125);   /* the socket's place: init and fail() report there */
            close(report[1]);
            keep_run(c, ns, go[0], -1);
        }
        close(report[1]);
    }
    stop_first = keeper;
    hold_stop(0);
    close(go[0]);
    for (int i = 0; i < c->nmounts; i++) close(c->mount_fd[i]);   /* the run's init holds them now */
    for (int k = 0; k < c->ncg; k++) close(c->cg_fd[k]);
    c->nmounts = 0, c->ncg = 0;
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);   /* the run's ends leave this process: EOF when it ends */
    for (int k = 0; k < 3; k++) dup2(null, k);
    close(null);
    alarm(backstop_s(c->wall_ms));
    pump(out_r, out_file, out_max, err_r, err_file, strchr(c->fsize, '+') ? -1 : go[1]);
    close(go[1]);
    /* The answer goes back as soon as init has reported, which it does once it has killed and reaped every
       process of the run and left the run's cgroups (move_self; the keeper never joins them): ojpack may
       read and reset them at once. The keeper's and init's own exits (the run's mount, ipc and pid
       namespaces torn down, a read-copy-update wait among them) and the next run's spare then overlap
       ojpack's next step, and are done before this cage takes the next request. */
    int status = 0, reaped = 0;
    char said[512];
    ssize_t got = read(report[0], said, sizeof said - 1);
    if (got <= 0) {
        while (waitpid(keeper, &status, 0) < 0 && errno == EINTR) {}
        reaped = 1;
    }
    close(report[0]);
    if (out_file >= 0) close(out_file);
    if (err_file >= 0) close(err_file);
    if (got <= 0) got = snprintf(said, sizeof said, "E the pooled cage's run ended with status %d\n", status);
    if (write(3, said, (size_t)got) != got) _exit(0);   /* ojpack is gone */
    /* A warm Python run is a fork of this process (pywarm.c): nothing of this run's output or report may be
       left in its memory for the next one to read. */
    memset(said, 0, sizeof said);
    memset(sink, 0, sizeof sink);
    /* The backstop is for a run that never reports; this one has. Its teardown may take long on a loaded
       machine, and ojpack's next request may already be waiting here: the alarm firing now would end this
       process with that request unread (ojpack then sees the cage end mid-run). */
    alarm(0);
    if (!reaped)
        while (waitpid(keeper, &status, 0) < 0 && errno == EINTR) {}
    stop_first = 0;
#ifdef OJPACK_WARM_PYTHON
    if (c->warm) warm_up(ns->mnt, c->argv[0] ? c->argv[1] : NULL);   /* once, after the first run asking: later
                                                                      keepers, inits, programs inherit it */
#endif
    make_spare(c, ns, spare);
}

static int pool_main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: launch pool SKEL TMPFS NETNS [BIND]...\n"); return 122; }
#ifdef OJPACK_WARM_PYTHON
    warm_exec(argc, argv);
#endif
    char *cmdline = argv[0];
    size_t cmdline_len = (size_t)(argv[argc - 1] + strlen(argv[argc - 1]) + 1 - cmdline);
    if ((argv = copied(argc, argv)) == NULL) return 125;
    memset(cmdline, 0, cmdline_len);   /* every run's init is forked from here: its cmdline names nothing */
    snprintf(cmdline, cmdline_len, "init");
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() == 1) return 125;
    signal(SIGINT, SIG_IGN);
    signal(SIGQUIT, SIG_IGN);
    signal(SIGPIPE, SIG_IGN);
    /* a killed keeper's init (in its own pid namespace) comes back here to be reaped, not to the host's init */
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    signal(SIGTERM, stop_and_reap);
    /* The thread that started it ending (a worker pool winding down) or ojpack exiting ends it through the
       handler, which kills its run and reaps every child first. */
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    static struct cage c;
    c.rootless = geteuid() != 0, c.nproc = "-", c.skel = argv[2], c.tmpfs = strtoull(argv[3], NULL, 10);
    c.netns = argv[4], c.cmdline = cmdline, c.cmdline_len = cmdline_len;
    if (parse_binds(&c, argc, argv, 5) != argc) { errno = EINVAL; fail("no program in a pool"); }
    for (int i = 0; i < c.nbinds; i++)
        if (c.binds[i].moved) { errno = EINVAL; fail("a detached mount cannot be pooled"); }
    if (!c.rootless && setgroups(0, NULL) != 0) fail("setgroups");
    long flags = CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | SIGCHLD;
    if (strcmp(c.netns, "-") == 0) flags |= CLONE_NEWNET;
    else if (setns(atoi(c.netns), CLONE_NEWNET) != 0) fail("join the worker's network namespace");
    int go[2], ready[2];
    if (pipe2(go, O_CLOEXEC) != 0 || pipe2(ready, O_CLOEXEC) != 0) fail("pipe");
    pid_t builder = (pid_t)syscall(SYS_clone, flags, NULL, NULL, NULL, NULL);
    if (builder < 0) fail("cannot create namespaces (user namespaces disabled? sysctl user.max_user_namespaces)");
    if (builder == 0) {
        char byte;
        signal(SIGTERM, SIG_DFL);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        close(go[1]);
        close(ready[0]);
        if (read(go[0], &byte, 1) != 1) _exit(125);
        make_root(&c);
        if (write(ready[1], "r", 1) != 1) _exit(125);
        while (read(go[0], &byte, 1) != 0 && errno == EINTR) {}   /* until the pool holds its namespaces */
        _exit(0);
    }
    close(go[0]);
    close(ready[1]);
    write_maps(builder, c.rootless);
    char byte;
    if (write(go[1], "g", 1) != 1 || read(ready[0], &byte, 1) != 1) {
        errno = EIO;
        fail("the cage's builder failed");   /* it said why on fd 3 already, when it could */
    }
    struct prepared ns = {ns_fd(builder, "user"), flags & CLONE_NEWNET ? ns_fd(builder, "net") : -1,
                          ns_fd(builder, "mnt")};
    close(go[1]);
    close(ready[0]);
    waitpid(builder, NULL, 0);
    if (write(3, "ok\n", 3) != 3) return 0;
    static char msg[1 << 16];
    struct spare spare = {-1, -1, -1};
    for (;;) {
        int fds[7 + MAX_MOUNTS], more;   /* room for what recv_with_fds may take; take_mounts checks the count */
        ssize_t got = recv_with_fds(3, msg, sizeof msg, fds, 3, &more);
        if (got <= 0) {   /* ojpack closed the pool: reap the spare first, so no exited keeper or init of ours */
            drop_spare(&spare);   /* is left a zombie for the host's init, which may never reap it */
            return 0;
        }
        serve_one(&c, &ns, msg, (size_t)got, fds, more, &spare);
    }
}

/* ---------------------------------------------------------------- the relay */
/* relay: `launch relay CAP GONE LEFT` copies an interactive run's bytes between the submission (its output
 * on fd 0, its input on fd 3) and the interactor (output on fd 2, input on fd 1), exactly as
 * ojpack/judging/relay.py's Relay does (read that for the why of every rule), and writes the transcript to
 * fd 4 once both sides are done. CAP: the submission's output limit in bytes ("-": none); GONE/LEFT: the
 * descriptor that reaches EOF when the judge / the submission has exited ("-": none). Report: a line
 * "SENT RECEIVED FIRST EXCEEDED HEAD_DOWN HEAD_UP OPENING LAST" (FIRST: j, s or -), the two heads, then
 * OPENING + LAST lines, each "W T LEN:" and LEN bytes (W: j or s; T: 1 when cut at LINE_SHOWN without a
 * newline). Python relaying cost ~40 us a message and a core at full speed on long dialogues. */
#define R_CHUNK (1 << 16)
#define R_HEAD 4096
#define R_SHOWN 120
#define R_OPENING 200
#define R_TAIL 16

struct r_line { char who, cut; unsigned short len; char text[R_SHOWN]; };
struct r_dir {
    char who;
    int src, dst;
    char buf[2 * R_CHUNK];
    size_t len;
    char head[R_HEAD];
    size_t headlen;
    long long total;
    char cur[R_SHOWN];
    size_t curlen;
    double stopped;   /* < 0: still talking */
};
static struct r_line r_opening[R_OPENING], r_tail[R_TAIL];
static int r_nopening, r_ntail;   /* r_ntail: lines ever put into the ring */

static double r_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void r_close(int *fd) {
    if (*fd >= 0) { close(*fd); *fd = -1; }
}

static void r_emit(char who, const char *text, size_t len, char cut) {
    struct r_line line = {who, cut, (unsigned short)(len > R_SHOWN ? R_SHOWN : len), {0}};
    memcpy(line.text, text, line.len);
    r_tail[r_ntail++ % R_TAIL] = line;
    if (r_nopening < R_OPENING) r_opening[r_nopening++] = line;
}

static void r_lines(struct r_dir *d, const char *data, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (data[i] == '\n') {
            r_emit(d->who, d->cur, d->curlen, 0);
            d->curlen = 0;
        } else {
            if (d->curlen < R_SHOWN) d->cur[d->curlen] = data[i];
            d->curlen++;
        }
    }
    if (d->curlen > R_SHOWN) {   /* a flood without newlines: one truncated line */
        r_emit(d->who, d->cur, R_SHOWN, 1);
        d->curlen = 0;
    }
}

struct r_state { struct r_dir up, down; int gone, left; double gone_at, left_at; long long cap; int exceeded; };

static void r_judge_left(struct r_state *s) {
    r_close(&s->up.src);
    s->up.len = 0;
    r_close(&s->up.dst);
}

static void r_stop(struct r_state *s, struct r_dir *d) {
    if (d->stopped < 0) d->stopped = r_now();
    r_close(&d->src);
    if (d == &s->down && s->gone < 0 && s->gone_at < 0) r_judge_left(s);
}

static void r_read(struct r_state *s, struct r_dir *d) {
    char data[R_CHUNK];
    ssize_t n = read(d->src, data, sizeof data);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
    if (n <= 0) { r_stop(s, d); return; }
    if (d->headlen < R_HEAD) {
        size_t k = (size_t)n < R_HEAD - d->headlen ? (size_t)n : R_HEAD - d->headlen;
        memcpy(d->head + d->headlen, data, k);
        d->headlen += k;
    }
    d->total += n;
    r_lines(d, data, (size_t)n);
    if (d->dst >= 0) { memcpy(d->buf + d->len, data, (size_t)n); d->len += (size_t)n; }
    if (d == &s->up && s->cap >= 0 && d->total > s->cap) { s->exceeded = 1; r_stop(s, d); }
}

static void r_write(struct r_dir *d, struct r_dir *up) {
    ssize_t n = write(d->dst, d->buf, d->len);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
    if (n < 0) {   /* the reader is gone (EPIPE): as relay.py's _write */
        d->len = 0;
        r_close(&d->dst);
        if (d == up) r_close(&d->src);
        return;
    }
    memmove(d->buf, d->buf + n, d->len - (size_t)n);
    d->len -= (size_t)n;
}

static void r_put(int fd, const void *p, size_t n) {
    const char *c = p;
    while (n > 0) {
        ssize_t w = write(fd, c, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) _exit(1);
        c += w;
        n -= (size_t)w;
    }
}

static void r_report(const struct r_line *line) {
    char tag[32];
    int k = snprintf(tag, sizeof tag, "%c %c %u:", line->who, line->cut ? '1' : '0', line->len);
    r_put(4, tag, (size_t)k);
    r_put(4, line->text, line->len);
}

static int relay_main(char **argv) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);   /* nothing outlives ojpack */
    signal(SIGPIPE, SIG_IGN);
    static struct r_state s;
    s.up.who = 's'; s.up.src = 0; s.up.dst = 1; s.up.stopped = -1;
    s.down.who = 'j'; s.down.src = 2; s.down.dst = 3; s.down.stopped = -1;
    s.cap = strcmp(argv[2], "-") == 0 ? -1 : strtoll(argv[2], NULL, 10);
    s.gone = strcmp(argv[3], "-") == 0 ? -1 : atoi(argv[3]);
    s.left = strcmp(argv[4], "-") == 0 ? -1 : atoi(argv[4]);
    s.gone_at = s.left_at = -1;
    for (int fd = 0; fd < 4; fd++) fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    struct r_dir *dirs[2] = {&s.up, &s.down};
    for (;;) {
        int open = s.up.src >= 0 || s.up.dst >= 0 || s.down.src >= 0 || s.down.dst >= 0 ||
                   (s.gone >= 0 && s.gone_at < 0) || (s.left >= 0 && s.left_at < 0);
        if (!open) break;
        struct pollfd p[6];
        struct r_dir *owner[6];
        int kind[6], n = 0;   /* kind: 0 read, 1 write, 2 gone, 3 left */
        for (int i = 0; i < 2; i++) {
            struct r_dir *d = dirs[i];
            if (d->src >= 0 && d->len < R_CHUNK) { p[n] = (struct pollfd){d->src, POLLIN, 0}; owner[n] = d; kind[n++] = 0; }
            if (d->dst >= 0 && d->len > 0) { p[n] = (struct pollfd){d->dst, POLLOUT, 0}; owner[n] = d; kind[n++] = 1; }
        }
        if (s.gone >= 0 && s.gone_at < 0) { p[n] = (struct pollfd){s.gone, POLLIN, 0}; owner[n] = NULL; kind[n++] = 2; }
        if (s.left >= 0 && s.left_at < 0) { p[n] = (struct pollfd){s.left, POLLIN, 0}; owner[n] = NULL; kind[n++] = 3; }
        if (poll(p, (nfds_t)n, 1000) < 0) {
            if (errno == EINTR) continue;
            return 1;
        }
        int left_now = 0, gone_now = 0;
        for (int i = 0; i < n; i++) {
            if (!p[i].revents) continue;
            struct r_dir *d = owner[i];
            if (kind[i] == 0 && d->src == p[i].fd) {
                r_read(&s, d);
                /* on at once: its reader most likely waits for it, and a poll for POLLOUT first cost a
                   system call a message (a pipe with room takes the write whole; else POLLOUT next time) */
                if (d->dst >= 0 && d->len > 0) r_write(d, &s.up);
            }
            else if (kind[i] == 1 && d->dst == p[i].fd && d->len > 0) r_write(d, &s.up);
            else if (kind[i] == 2) gone_now = 1;
            else if (kind[i] == 3) left_now = 1;
        }
        if (left_now) s.left_at = r_now();
        if (gone_now) { s.gone_at = r_now(); r_judge_left(&s); }
        for (int i = 0; i < 2; i++)
            if (dirs[i]->src < 0 && dirs[i]->dst >= 0 && dirs[i]->len == 0) r_close(&dirs[i]->dst);
    }
    if (s.gone >= 0) close(s.gone);
    if (s.left >= 0) close(s.left);
    double judge = s.down.stopped, sub = s.up.stopped;
    if (s.gone_at >= 0 && (judge < 0 || s.gone_at < judge)) judge = s.gone_at;
    if (s.left_at >= 0 && (sub < 0 || s.left_at < sub)) sub = s.left_at;
    char first = sub < 0 || judge < 0 ? (sub >= 0 ? 's' : judge >= 0 ? 'j' : '-') : (sub <= judge ? 's' : 'j');
    int last = r_ntail < R_TAIL ? r_ntail : R_TAIL;
    char top[160];
    int k = snprintf(top, sizeof top, "%lld %lld %c %d %zu %zu %d %d\n", s.down.total, s.up.total, first,
                     s.exceeded, s.down.headlen, s.up.headlen, r_nopening, last);
    r_put(4, top, (size_t)k);
    r_put(4, s.down.head, s.down.headlen);
    r_put(4, s.up.head, s.up.headlen);
    for (int i = 0; i < r_nopening; i++) r_report(&r_opening[i]);
    for (int i = r_ntail - last; i < r_ntail; i++) r_report(&r_tail[i % R_TAIL]);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 5 && strcmp(argv[1], "relay") == 0) return relay_main(argv);
    if (argc > 1 && strcmp(argv[1], "cage") == 0) return cage_main(argc, argv);
    if (argc > 1 && strcmp(argv[1], "pool") == 0) return pool_main(argc, argv);
    if (argc > 3 && strcmp(argv[1], "guard") == 0) return guard(argc, argv);
    if (argc == 6 && strcmp(argv[1], "tmpfs") == 0) return make_tmpfs(argv);
    return plain(argc, argv);
}
