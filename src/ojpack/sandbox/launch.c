/* ojpack's exec helper: starts one program under a run's limits and reports what it used.
 *
 *   launch MODE DIR CPU FSIZE STACK AS TASKS1 TASKS2 -- PROGRAM ARGS...
 *
 * The program starts a session, changes to DIR, gets the limits (CPU whole seconds, soft;
 * FSIZE/STACK/AS bytes; "-" leaves one alone), joins the cgroup tasks files TASKS1/TASKS2 ("-": none)
 * and is exec'd. MODE "exec": this process becomes the program. MODE "fork": the program is forked
 * from this tiny process; the helper writes "PID\n" to fd 3 at once (the caller kills that group on a
 * timeout), waits, and writes "STATUS UTIME_US STIME_US MAXRSS_KB\n" -- so ru_maxrss measures the
 * program alone, where a program exec'd straight from Python inherits Python's own high-water mark
 * (without a memory cgroup that would be the only peak there is).
 *
 * Why a helper at all: Python can start it with posix_spawn (vfork) instead of fork + preexec_fn. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static void limit(int what, const char *value, rlim_t extra) {
    if (strcmp(value, "-") == 0) return;
    struct rlimit r;
    r.rlim_cur = strtoull(value, NULL, 10);
    r.rlim_max = r.rlim_cur + extra;
    if (setrlimit(what, &r) != 0) { perror("launch: setrlimit"); _exit(120); }
}

static void join(const char *tasks) {
    if (strcmp(tasks, "-") == 0) return;
    char pid[32];
    int n = snprintf(pid, sizeof pid, "%d", (int)getpid());
    int fd = open(tasks, O_WRONLY);
    if (fd < 0 || write(fd, pid, n) != n) { perror("launch: cgroup"); _exit(121); }
    close(fd);
}

static void become(char **argv) {
    /* Python starts with SIGPIPE and SIGXFSZ ignored, and ignored signals survive exec: without this a
       program past the output limit would get EFBIG from every write and spin until its time runs out. */
    signal(SIGPIPE, SIG_DFL);
    signal(SIGXFSZ, SIG_DFL);
    sigset_t all;
    sigemptyset(&all);
    sigprocmask(SIG_SETMASK, &all, NULL);
    setsid();
    if (chdir(argv[0]) != 0) { perror("launch: chdir"); _exit(122); }
    limit(RLIMIT_CPU, argv[1], 1);
    limit(RLIMIT_FSIZE, argv[2], 0);
    limit(RLIMIT_STACK, argv[3], 0);
    limit(RLIMIT_AS, argv[4], 0);
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none);
    join(argv[5]);
    join(argv[6]);
    execvp(argv[8], argv + 8);
    fprintf(stderr, "launch: cannot run %s: %s\n", argv[8], strerror(errno));
    _exit(127);
}

int main(int argc, char **argv) {
    if (argc < 11 || strcmp(argv[9], "--") != 0) {
        fprintf(stderr, "usage: launch exec|fork DIR CPU FSIZE STACK AS TASKS1 TASKS2 -- PROGRAM ARGS...\n");
        return 122;
    }
    if (strcmp(argv[1], "exec") == 0) become(argv + 2);
    pid_t child = fork();
    if (child < 0) { perror("launch: fork"); return 123; }
    if (child == 0) {
        close(3);
        become(argv + 2);
    }
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
