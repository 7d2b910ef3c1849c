/* Forks twice: the child forks a grandchild and exits, so the grandchild is an orphan the program never
   reaps. The parent, tiny, only waits for word from the grandchild, then exits. Given "cpu" on stdin the
   grandchild burns 3 s of CPU (against a 1 s limit): TLE; given "memory" it touches 170 MiB (against
   128 MiB): MLE. What the grandchild uses is the run's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void grandchild(const char *what) {
    if (strcmp(what, "cpu") == 0) {
        volatile unsigned long x = 0;
        while (cpu_seconds() < 3.0)
            for (int i = 0; i < 1000000; i++) x++;
    } else {
        size_t size = (size_t)170 << 20;
        volatile char *p = malloc(size);   /* volatile: the stores must happen */
        for (size_t i = 0; p && i < size; i += 4096) p[i] = 1;
    }
}

int main(void) {
    char what[16] = "";
    int done[2];
    if (scanf("%15s", what) != 1 || pipe(done) != 0) return 1;
    pid_t child = fork();
    if (child == 0) {
        if (fork() == 0) {
            close(done[0]);
            grandchild(what);
            if (write(done[1], "x", 1) != 1) return 1;
            for (;;) pause();
        }
        _exit(0);
    }
    close(done[1]);
    waitpid(child, 0, 0);
    char byte;
    return read(done[0], &byte, 1) < 0;   /* once the grandchild has done its part (or was killed) */
}
