/* Forks twice: the child forks a grandchild and exits, so the grandchild is an orphan the program never
   reaps. The grandchild allocates and touches 170 MiB (against a 128 MiB limit) while the parent, tiny,
   waits for word from it, then exits. The grandchild's memory is the run's memory: the verdict is MLE. */
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
    int done[2];
    if (pipe(done) != 0) return 1;
    pid_t child = fork();
    if (child == 0) {
        if (fork() == 0) {
            close(done[0]);
            size_t size = (size_t)170 << 20;
            volatile char *p = malloc(size);   /* volatile: the stores must happen */
            for (size_t i = 0; p && i < size; i += 4096) p[i] = 1;
            write(done[1], "x", 1);
            for (;;) pause();
        }
        _exit(0);
    }
    close(done[1]);
    waitpid(child, 0, 0);
    char byte;
    read(done[0], &byte, 1);   /* returns once the grandchild holds its memory (or was killed) */
    return 0;
}
