/* ojpack's exec helper: applies a run's limits to itself and becomes the program.
 *
 *   launch DIR CPU FSIZE STACK AS TASKS1 TASKS2 -- PROGRAM ARGS...
 *
 * DIR becomes the working directory; CPU is whole seconds (soft; hard = soft + 1), FSIZE/STACK/AS are bytes, "-" leaves a limit or a
 * cgroup tasks file alone. Spawning this from Python needs no preexec_fn, so Python can use
 * posix_spawn (vfork): that is most of the difference to a bare spawn. Exits 120-122 when setting up
 * fails, 127 when the program cannot be run. */
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
    if (argc < 10 || strcmp(argv[8], "--") != 0) {
        fprintf(stderr, "usage: launch DIR CPU FSIZE STACK AS TASKS1 TASKS2 -- PROGRAM ARGS...\n");
        return 122;
    }
    setsid();
    if (chdir(argv[1]) != 0) { perror("launch: chdir"); _exit(122); }
    limit(RLIMIT_CPU, argv[2], 1);
    limit(RLIMIT_FSIZE, argv[3], 0);
    limit(RLIMIT_STACK, argv[4], 0);
    limit(RLIMIT_AS, argv[5], 0);
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none);
    join(argv[6]);
    join(argv[7]);
    execvp(argv[9], argv + 9);
    fprintf(stderr, "launch: cannot run %s: %s\n", argv[9], strerror(errno));
    return 127;
}
