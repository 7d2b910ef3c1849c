/* ojpack's exec helper: applies a run's limits to itself and becomes the program.
 *
 *   launch CPU FSIZE STACK AS TASKS1 TASKS2 -- PROGRAM ARGS...
 *
 * CPU is whole seconds (soft; hard = soft + 1), FSIZE/STACK/AS are bytes, "-" leaves a limit or a
 * cgroup tasks file alone. Spawning this from Python needs no preexec_fn, so Python can use vfork:
 * that is most of the difference to a bare spawn. Exit 120 + errno-ish reasons on setup failure. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
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

int main(int argc, char **argv) {
    if (argc < 9 || strcmp(argv[7], "--") != 0) {
        fprintf(stderr, "usage: launch CPU FSIZE STACK AS TASKS1 TASKS2 -- PROGRAM ARGS...\n");
        return 122;
    }
    setsid();
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
    return 127;
}
