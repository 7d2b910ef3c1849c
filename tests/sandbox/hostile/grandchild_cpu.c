/* Forks twice: the child forks a grandchild and exits, so the grandchild is an orphan the program never
   reaps. The grandchild burns 3 s of CPU (against a 1 s limit) while the parent only waits for word from
   it, then exits. The grandchild's CPU is the run's CPU: the verdict is TLE. */
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(void) {
    int done[2];
    if (pipe(done) != 0) return 1;
    pid_t child = fork();
    if (child == 0) {
        if (fork() == 0) {
            close(done[0]);
            volatile unsigned long x = 0;
            while (cpu_seconds() < 3.0)
                for (int i = 0; i < 1000000; i++) x++;
            write(done[1], "x", 1);
            for (;;) pause();
        }
        _exit(0);
    }
    close(done[1]);
    waitpid(child, 0, 0);
    char byte;
    read(done[0], &byte, 1);   /* returns once the grandchild has burnt its 3 s (or was killed) */
    return 0;
}
